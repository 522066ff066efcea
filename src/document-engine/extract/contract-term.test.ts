// Contracts whose term, value, number and parties are written in clauses (every name and number here is
// made up): the term as one period or as its start and end, the total in a sentence, the number after
// the title, parties whose clause runs past a title or a street's abbreviation, a Spanish "REUNIDOS",
// parties numbered "1." and "2.", and the place and date the signatures stand under.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { extractContract } from './contract.ts';
import { docText } from './doc-text.ts';

const contract = (s: string) => extractContract(docText(readText(s)));
const names = (s: string) => contract(s).parties.map((p) => p.name);

describe('contracts by their clauses', () => {
  it('reads the term written as one period, or as the day it takes effect and the day it ends', () => {
    expect(contract('CONTRATTO DI FORNITURA\nArt. 3 – Durata\nIl presente contratto ha durata dal 1° giugno 2026 al 31 maggio 2028.')).toMatchObject({
      effective_date: '2026-06-01',
      expiry_date: '2028-05-31',
    });
    expect(contract('UMOWA DOSTAWY\nUmowa zostaje zawarta na czas określony od dnia 1 marca 2026 r. do dnia 28 lutego 2027 r.')).toMatchObject({
      effective_date: '2026-03-01',
      expiry_date: '2027-02-28',
    });
    expect(contract('CONSULTING AGREEMENT\nArticle 3 Term\nThis Agreement shall be valid from July 1, 2026 to June 30, 2027.')).toMatchObject({
      effective_date: '2026-07-01',
      expiry_date: '2027-06-30',
    });
    expect(contract('CONTRATO\nEl presente contrato entrará en vigor el 1 de abril de 2026 y finalizará el 31 de marzo de 2027.')).toMatchObject({
      effective_date: '2026-04-01',
      expiry_date: '2027-03-31',
    });
    // Prices fixed for a while are no term.
    expect(contract('SUPPLY AGREEMENT\n4. Prices. Prices are fixed from 1 May 2026 to 31 July 2026 at the catalogue rate.').expiry_date).toBeNull();
  });

  it('reads a total that a sentence names, with its currency', () => {
    expect(contract('CONTRATTO\nIl corrispettivo complessivo della fornitura è pari a Euro 218.000,00 (duecentodiciottomila/00), oltre IVA.')).toMatchObject({
      total_value: '218000',
      currency: 'EUR',
    });
    expect(contract('UMOWA\nŁączna wartość umowy wynosi 512 000,00 zł netto.')).toMatchObject({ total_value: '512000', currency: 'PLN' });
    expect(contract('CONTRATO\nEl precio total de la compraventa asciende a CIENTO MIL EUROS\n(100.000,00 €), IVA no incluido.')).toMatchObject({ total_value: '100000', currency: 'EUR' });
    expect(contract('LOAN AGREEMENT\nThe Lender makes available a term loan in an aggregate amount of GBP 750,000 (the "Loan").')).toMatchObject({ total_value: '750000', currency: 'GBP' });
  });

  it('reads the number written after the title', () => {
    expect(contract('UMOWA DOSTAWY NR 14/2026\nzawarta w dniu 3 lutego 2026 r.').contract_number).toBe('14/2026');
    expect(contract('CONTRATO DE COMPRAVENTA\nContrato n.º CV-2026/001').contract_number).toBe('CV-2026/001');
    expect(contract('CONTRATTO DI FORNITURA\nN. CF/2026/001').contract_number).toBe('CF/2026/001');
    expect(contract('COMMERCIAL LEASE AGREEMENT\nLease No. CL-0001').contract_number).toBe('CL-0001');
    expect(contract('SALES AGREEMENT\nInvoice No. 4711').contract_number).toBeNull();
  });

  it('reads both parties of a clause that runs past a title or a street abbreviation', () => {
    const it =
      'TRA\nALFA ESEMPIO S.p.A., con sede in Via Esempio 1, Brescia, in persona del legale rappresentante Ing. Mario Prova (di seguito, il «Fornitore»)\nE\nBETA MODELLO S.r.l., con sede in Torino, in persona della Dott.ssa Laura Prova (di seguito, il «Committente»)';
    expect(names(`CONTRATTO DI FORNITURA\n${it}`).sort()).toEqual(['ALFA ESEMPIO S.p.A.', 'BETA MODELLO S.r.l.']);
    const pl = 'zawarta pomiędzy:\nALFA PRZYKŁAD Sp. z o.o. z siedzibą w Poznaniu, ul. Przykładowa 15, zwaną dalej „Dostawcą”,\na\nBETA WZÓR S.A. z siedzibą w Warszawie, zwaną dalej „Odbiorcą”.';
    expect(names(`UMOWA DOSTAWY\n${pl}`).sort()).toEqual(['ALFA PRZYKŁAD Sp. z o.o.', 'BETA WZÓR S.A.']);
  });

  it('reads the parties a Spanish contract lists under "REUNIDOS", never a tax number or a role in quotes', () => {
    const es = [
      'CONTRATO DE COMPRAVENTA',
      'REUNIDOS',
      'De una parte, D. Juan Ejemplo, en nombre y representación de ALFA EJEMPLO, S.L., con domicilio en Valencia, y CIF B-00000001 (en adelante, el',
      '«Vendedor»).',
      'Y de otra parte, Dª. Ana Modelo, en nombre y representación de BETA MODELO DISTRIBUCIÓN, S.A., con domicilio en Bilbao, y CIF A-00000002 (en adelante, el',
      '«Comprador»).',
    ].join('\n');
    expect(names(es).sort()).toEqual(['ALFA EJEMPLO S.L.', 'BETA MODELO DISTRIBUCIÓN S.A.']);
  });

  it('reads parties numbered "1." and "2." under "Parties"', () => {
    const fa = 'FRAMEWORK AGREEMENT\nParties\n1. ALFA HEALTH LIMITED of 10 Example Road, Bristol (the Customer).\n2. BETA SUPPLIES LTD of Unit 2, Sample Park, Cambridge (the Supplier).\nAgreed terms';
    expect(names(fa).sort()).toEqual(['ALFA HEALTH LIMITED', 'BETA SUPPLIES LTD']);
    // The role's bracket run onto the next line is no label of a party below it.
    const wrapped =
      'FRAMEWORK AGREEMENT\nParties\n1. ALFA HEALTH LIMITED of 10 Example Road, Bristol (the\nCustomer).\n2. BETA SUPPLIES LTD of Unit 2, Sample Park, Cambridge (the\nSupplier).\nAgreed terms';
    expect(names(wrapped).sort()).toEqual(['ALFA HEALTH LIMITED', 'BETA SUPPLIES LTD']);
  });

  it('dates the signing by a place and date standing alone over the signatures', () => {
    expect(contract('CONTRATTO\nIl presente contratto ha durata dal 1° giugno 2026 al 31 maggio 2028.\nLetto, confermato e sottoscritto.\nBrescia, 20 maggio 2026').signing_date).toBe('2026-05-20');
  });
});
