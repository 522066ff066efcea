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
});
