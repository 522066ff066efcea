// Conventions the third set of trade documents and contracts met on two sources or more (every name and
// number here is made up): a box's label in two languages with its number and a note in brackets
// before the slash (a road CMR note, a rail CIM note); Portuguese and German boxes of a bill (number,
// dates of issue and loading, ports, vessel and voyage) and their labels beside another box's label; a
// contract's total named in a sentence in German, Dutch, French and Turkish; the start and end of its
// term in a clause ("starts on", "beginnt am", "gaat in op", "entra em vigor em", "… tarihinde
// yürürlüğe girer"); the sentence saying where and when it was signed; its number after "Kenmerk" or
// "Sözleşme No"; a role's label before a party's name ("SATICI:", "PRIMEIRA OUTORGANTE:"); a consignment
// note's next numbered box ending a party's box; a charter's vessel named in its opening sentence.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { extractCharter, extractContract } from './contract.ts';
import { docText } from './doc-text.ts';
import { extractBillOfLading } from './shipping.ts';

const text = (s: string) => docText(readText(s));
const names = (s: string) =>
  extractContract(text(s))
    .parties.map((p) => p.name)
    .sort();

describe('consignment notes and bills in two languages or in Portuguese and German', () => {
  it('reads a party under a box label in two languages with its number and a note before the slash', () => {
    const cmr = extractBillOfLading(
      text(
        'INTERNATIONALER FRACHTBRIEF / INTERNATIONAL CONSIGNMENT NOTE\n2 Empfänger (Name, Anschrift, Land) / Consignee (name, address, country)\nExample Verre SARL\n5 Rue Exemple, 67000 Strasbourg',
      ),
    );
    expect(cmr.consignee).toBe('Example Verre SARL');
    const cim = extractBillOfLading(text('LETTRE DE VOITURE CIM / FRACHTBRIEF CIM\n1 Expéditeur (nom, adresse) / Absender (Name, Anschrift)\nExample Chemia S.A.\nul. Przykładowa 3, 44-100 Gliwice'));
    expect(cim.shipper).toBe('Example Chemia S.A.');
  });

  it('takes no value of the next numbered box for a party whose box holds none', () => {
    const cmr = extractBillOfLading(
      text('CMR\n2 Empfänger (Name, Anschrift, Land) / Consignee (name, address, country)\n=\tExample Verre SARL\n3 Auslieferungsort des Gutes / Place of delivery of the goods\nStrasbourg, FR'),
    );
    expect(cmr.consignee).toBeNull();
    const cim = extractBillOfLading(text('CIM\n4 Destinataire (nom, adresse) / Empfänger (Name, Anschrift)\n=\tExample Kunststoff GmbH\n10 Lieu de livraison / Ablieferungsort\nLinz Stadthafen'));
    expect(cim.consignee).toBeNull();
  });

  it('reads the boxes of a Brazilian conhecimento and a German Seefrachtbrief', () => {
    const br = extractBillOfLading(
      text(
        'CONHECIMENTO DE EMBARQUE\nEmbarcador\tConhecimento Nº\nEXEMPLO CAFÉ LTDA.\tEXBR-26-0001\nConsignatário\tReserva Nº\nEXAMPLE KAFFEE GMBH\tRS0001\nNavio\tViagem\nEXEMPLO SERENA\t026N\nPorto de Embarque\nSANTOS, BRASIL\nPorto de Descarga\tLocal de Entrega\nHAMBURGO, ALEMANHA\tHAMBURGO CY\nData de Embarque\n11/06/2026\nLocal e Data de Emissão\nSantos, 12 de junho de 2026',
      ),
    );
    expect(br).toMatchObject({
      bl_number: 'EXBR-26-0001',
      shipper: 'EXEMPLO CAFÉ LTDA.',
      consignee: 'EXAMPLE KAFFEE GMBH',
      vessel: 'EXEMPLO SERENA',
      voyage: '026N',
      port_of_loading: 'SANTOS, BRASIL',
      port_of_discharge: 'HAMBURGO, ALEMANHA',
      shipped_on_board_date: '2026-06-11',
      issue_date: '2026-06-12',
    });
    const de = extractBillOfLading(
      text(
        'SEEFRACHTBRIEF\nAbsender\tSeefrachtbrief-Nr.\nBeispiel Maschinen GmbH\tEXS-26-0001\nVerladehafen\nBremerhaven\nLöschhafen\tAblieferungsort\nParanaguá\tCuritiba\nAn Bord genommen am\n02.11.2026\nOrt und Datum der Ausstellung\nBremerhaven, 03.11.2026',
      ),
    );
    expect(de).toMatchObject({
      bl_number: 'EXS-26-0001',
      port_of_loading: 'Bremerhaven',
      port_of_discharge: 'Paranaguá',
      shipped_on_board_date: '2026-11-02',
      issue_date: '2026-11-03',
    });
  });
});

describe('contracts in German, Dutch, French, Portuguese and Turkish', () => {
  it('reads a total named in a sentence', () => {
    expect(extractContract(text('Kaufvertrag\n§ 2 Kaufpreis\nDer Kaufpreis beträgt 248.000,00 EUR zuzüglich Umsatzsteuer.'))).toMatchObject({ total_value: '248000', currency: 'EUR' });
    expect(extractContract(text('OVEREENKOMST\nDe totale vergoeding voor de looptijd bedraagt € 156.000,00 exclusief btw.')).total_value).toBe('156000');
    expect(extractContract(text('CONTRAT\nLe Client verse au Prestataire un forfait annuel de 64 800,00 € HT.')).total_value).toBe('64800');
    expect(extractContract(text("SATIŞ SÖZLEŞMESİ\nSözleşme bedeli KDV hariç 2.450.000,00 TL'dir."))).toMatchObject({ total_value: '2450000', currency: 'TRY' });
  });

  it('reads the start and the end of the term in a clause', () => {
    expect(extractContract(text('AGREEMENT\n2. Term. This Agreement starts on 1 March 2026 and ends on 28 February 2028.')).effective_date).toBe('2026-03-01');
    expect(extractContract(text('Mietvertrag\n§ 2 Mietzeit\nDas Mietverhältnis beginnt am 01.07.2026 und endet am 30.06.2031.')).effective_date).toBe('2026-07-01');
    expect(extractContract(text('OVEREENKOMST\nDeze overeenkomst gaat in op 1 mei 2026 en eindigt op 30 april 2028.')).effective_date).toBe('2026-05-01');
    expect(extractContract(text('CONTRATO\nO contrato entra em vigor em 1 de julho de 2026 e vigora até 30 de junho de 2027.'))).toMatchObject({
      effective_date: '2026-07-01',
      expiry_date: '2027-06-30',
    });
    expect(extractContract(text('SÖZLEŞME\nİşbu sözleşme 01.06.2026 tarihinde yürürlüğe girer ve 31.05.2027 tarihinde sona erer.'))).toMatchObject({
      effective_date: '2026-06-01',
      expiry_date: '2027-05-31',
    });
  });

  it('reads the day of signing from the sentence that says where and when', () => {
    expect(extractContract(text('OVEREENKOMST\nDeze overeenkomst gaat in op 1 mei 2026.\nAldus overeengekomen en in tweevoud ondertekend te Utrecht op 9 april 2026.')).signing_date).toBe(
      '2026-04-09',
    );
    expect(extractContract(text('SÖZLEŞME\nİşbu sözleşme 01.06.2026 tarihinde yürürlüğe girer.\nİşbu sözleşme 20.05.2026 tarihinde iki nüsha olarak imzalanmıştır.')).signing_date).toBe('2026-05-20');
  });

  it('reads the number after "Kenmerk" and "Sözleşme No"', () => {
    expect(extractContract(text('DIENSTVERLENINGSOVEREENKOMST\nKenmerk: DVO-2026-001')).contract_number).toBe('DVO-2026-001');
    expect(extractContract(text('SATIŞ SÖZLEŞMESİ\nSözleşme No: SS-2026/001')).contract_number).toBe('SS-2026/001');
  });

  it('takes no role label before a name for a word of the name', () => {
    expect(names('SATIŞ SÖZLEŞMESİ\nMADDE 1 - TARAFLAR\nSATICI:\tÖRNEK TEKSTİL A.Ş.\nAdres:\tÖrnek Mah. No:5, İzmir\nALICI:\tMİSAL MODA LTD. ŞTİ.\nAdres:\tMisal Sok. No:12, İstanbul')).toEqual([
      'MİSAL MODA LTD. ŞTİ.',
      'ÖRNEK TEKSTİL A.Ş.',
    ]);
    expect(
      names(
        'CONTRATO DE FORNECIMENTO\nEntre:\nPRIMEIRA OUTORGANTE: EXEMPLO EMBALAGENS, S.A., pessoa coletiva n.º 500 000 000, com sede em Lisboa, adiante designada por "Fornecedora"; SEGUNDA OUTORGANTE: QUINTA EXEMPLO, LDA., pessoa coletiva n.º 510 000 000, com sede no Porto, adiante designada por "Cliente";\nÉ celebrado o presente contrato.',
      ),
    ).toEqual(['EXEMPLO EMBALAGENS S.A.', 'QUINTA EXEMPLO LDA.']);
  });
});

describe('charters naming their vessel in the opening sentence', () => {
  it('reads the vessel named before its defined name', () => {
    const tanker =
      'TANKER VOYAGE CHARTER PARTY\nIT IS THIS DAY AGREED between Example Tankers Inc. (hereinafter called the "Owner") of the SS/MS EXAMPLE GRACE (hereinafter called the "Vessel") and Example Trading LLC (hereinafter called the "Charterer").';
    expect(extractCharter(text(tanker)).vessel).toBe('EXAMPLE GRACE');
    const time =
      'Time Charter\nBetween Example Navigation Ltd. (hereinafter referred to as "Owners"), being owners of the good motor vessel called EXAMPLE MARGARETHA (hereinafter referred to as "the Vessel") and Example Agri ApS.';
    expect(extractCharter(text(time)).vessel).toBe('EXAMPLE MARGARETHA');
  });
});
