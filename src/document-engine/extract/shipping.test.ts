// Bills of lading in the box grids carriers print (every name and number here is made up): a box's
// label with a note or its last words beside it, a row of box labels over a row of values, the vessel
// and voyage in one box, and the numbers of a sea waybill and a forwarder's bill.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { extractCharter } from './contract.ts';
import { docText } from './doc-text.ts';
import { extractBillOfLading } from './shipping.ts';

const text = (s: string) => docText(readText(s));

describe('bills of lading in box grids', () => {
  it('reads a value under a label that carries a note or its last words', () => {
    expect(extractBillOfLading(text('BILL OF LADING\nVessel (see clause 1 + 19)\tVoyage No.\nEXAMPLE STAR\t101E')).vessel).toBe('EXAMPLE STAR');
    expect(extractBillOfLading(text('BILL OF LADING\nOcean Vessel(s):\tVoy. No.:\tPort of Loading:\nEXAMPLE STAR\t101E\tHamburg')).vessel).toBe('EXAMPLE STAR');
    const cp = extractCharter(text("GENCON\n5. Vessel's name (Cl. 1)\t6. GT/NT (Cl. 1)\nM/V EXAMPLE BAY\t12,000 / 6,000\n10. Loading port or place (Cl. 1)\nConstanța"));
    expect(cp).toMatchObject({ vessel: 'EXAMPLE BAY', load_port: 'Constanța' });
  });

  it('takes no box label beside a label for its value', () => {
    const bl = extractBillOfLading(
      text('BILL OF LADING\nShipper\tBooking No.\tB/L No.\nEXAMPLE EXPORTS CO., LTD.\t123456789\tEXMU123456789\nPort of Discharge:\tPlace of Delivery:\nMelbourne\tMELBOURNE'),
    );
    expect(bl.shipper).toBe('EXAMPLE EXPORTS CO., LTD.');
    expect(bl.port_of_discharge).toBe('Melbourne');
    expect(extractBillOfLading(text('FIATA MULTIMODAL TRANSPORT BILL OF LADING\nConsignor\tFBL No.\nExample Oils S.L.\tES-VLC-26-000001')).shipper).toBe('Example Oils S.L.');
  });

  it('splits a box of the vessel and its voyage', () => {
    expect(extractBillOfLading(text('BILL OF LADING\nVESSEL / VOYAGE:\tEXAMPLE SPLENDOUR / 0AB1CD2EF'))).toMatchObject({ vessel: 'EXAMPLE SPLENDOUR', voyage: '0AB1CD2EF' });
    expect(extractBillOfLading(text('SEA WAYBILL\nVESSEL AND VOYAGE NO.\tPORT OF LOADING\nEXAMPLE ARIA - FX100N\tGEMLIK, TURKEY'))).toMatchObject({ vessel: 'EXAMPLE ARIA', voyage: 'FX100N' });
  });

  it('reads the number of a sea waybill and of a forwarder bill', () => {
    expect(extractBillOfLading(text('MERIDIAN LINE\tSEA WAYBILL No. EXSW0000154')).bl_number).toBe('EXSW0000154');
    expect(extractBillOfLading(text('FIATA\nConsignor\tFBL No.\nExample Oils S.L.\tES-VLC-26-000001')).bl_number).toBe('ES-VLC-26-000001');
  });

  it('dates the bill by its issue box before a bare date ending another box', () => {
    expect(extractBillOfLading(text('BILL OF LADING\nSHIPPED ON BOARD DATE:\t03 SEP 2026\nPLACE AND DATE OF ISSUE:\tPORT KLANG, 04 SEP 2026'))).toMatchObject({
      issue_date: '2026-09-04',
      shipped_on_board_date: '2026-09-03',
    });
  });

  it('reads a box labelled in two languages, or with its other wording after a slash', () => {
    const bl = extractBillOfLading(
      text(
        'CONOCIMIENTO DE EMBARQUE / BILL OF LADING\nEmbarcador / Shipper\tConocimiento N° / B/L No.\nEJEMPLO VINOS LTDA.\tEXPV-000388\nNave / Vessel\tViaje / Voyage\nEXAMPLE CONDOR\t611N\nPuerto de Descarga / Port of Discharge\tLugar de Entrega / Place of Delivery\nANTWERP, BELGIUM\tANTWERP CY',
      ),
    );
    expect(bl).toMatchObject({ shipper: 'EJEMPLO VINOS LTDA.', vessel: 'EXAMPLE CONDOR', voyage: '611N', port_of_discharge: 'ANTWERP, BELGIUM' });
    // As a scan reads it: no space before the slash, the box's rule as a colon before the name.
    expect(extractBillOfLading(text('BILL OF LADING\nEmbarcador/ Shipper\tConocimiento N° / B/L No.\n: EJEMPLO VINOS LTDA.\tEXPV-000388\nCamino Ejemplo km 12, Talca, Chile')).shipper).toBe(
      'EJEMPLO VINOS LTDA.',
    );
    expect(extractBillOfLading(text('BILL OF LADING\n(15) PORT OF LOADING/EXPORT\t(16) LOADING PIER/TERMINAL\nNORFOLK, VA\tPIER 4')).port_of_loading).toBe('NORFOLK, VA');
  });

  it('takes a numbered box in brackets beside a label for the next label, not a value', () => {
    const bl = extractBillOfLading(text('BILL OF LADING\n(11) Ocean Vessel / Voy. No.\t(12) Port of Loading\nEXAMPLE TRUST 0212E\tBUSAN, KOREA'));
    expect(bl).toMatchObject({ vessel: 'EXAMPLE TRUST', voyage: '0212E' });
  });

  it('splits a vessel and voyage box whose voyage follows "V." or a space', () => {
    expect(extractBillOfLading(text('HOUSE BILL OF LADING\nVessel / Voyage\tPort of Loading\nEXAMPLE VOYAGER V.226S\tFelixstowe'))).toMatchObject({ vessel: 'EXAMPLE VOYAGER', voyage: '226S' });
    expect(extractBillOfLading(text('BILL OF LADING\nVessel:\tEXAMPLE VOYAGER')).vessel).toBe('EXAMPLE VOYAGER');
  });

  it("reads a charter's sides from a bareboat charter's boxes and a recap's lines, without their place of business", () => {
    const barecon = extractCharter(text('BARECON\n3. Owners/Place of business\t4. Bareboat Charterers/Place of business\nExample Tonnage AS\tExample Offshore Ltd\nÅlesund, Norway\tAberdeen'));
    expect(barecon).toMatchObject({ owner: 'Example Tonnage AS', charterer: 'Example Offshore Ltd' });
    const recap = extractCharter(text('RECAP - CLEAN FIXTURE\n2. OWNERS: EXAMPLE SHIPHOLDING CO. LTD., HONG KONG\n3. CHRTRS: EXAMPLE MERCHANTS PTE. LTD., SINGAPORE'));
    expect(recap).toMatchObject({ owner: 'EXAMPLE SHIPHOLDING CO. LTD.', charterer: 'EXAMPLE MERCHANTS PTE. LTD.' });
  });

  it("takes the vessel's name without the particulars printed beside it, in its box's label or after the name", () => {
    expect(extractCharter(text("BARECON\n5. Vessel's name, call sign, flag and IMO number\t6. Type of Vessel\nEXAMPLE SENTINEL\tPlatform supply vessel")).vessel).toBe('EXAMPLE SENTINEL');
    expect(extractCharter(text('RECAP\n4. VESSEL: MV EXAMPLE FORTUNE - SUPRAMAX BULK CARRIER, BLT 2015, 57,900 DWT')).vessel).toBe('EXAMPLE FORTUNE');
    // A vessel a sentence defines ('(hereinafter referred to as "the Vessel")') labels nothing after it: the name is the one before it.
    const nype =
      'Time Charter\nBetween Example Navigation Ltd. (hereinafter referred to as "Owners"), owners of the good motor vessel called EXAMPLE LADY (hereinafter referred to as "the\nVessel") described as per Clause 1 hereof and\nExample Trading ApS (hereinafter referred to as "Charterers").';
    expect(extractCharter(text(nype)).vessel).toBe('EXAMPLE LADY');
  });
});
