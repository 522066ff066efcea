// Visual zones that print what the earlier readings did not expect: names printed twice, in Greek or
// Cyrillic and in Latin letters (OCR reads the first as Latin look-alikes); birth years of two digits;
// an EU licence's field 4d beside its number (5); Spanish-language cards named "cédula" or "tarjeta
// de identidad"; names a zone cut to fit; and a card's number printed beside its title without a
// label. Invented documents throughout.
import { describe, expect, it } from 'vitest';
import { classifyText } from '../classify/classify.ts';
import { buildTd1 } from '../../../test/fixtures/identity-render.ts';
import { docText } from './doc-text.ts';
import { extractIdentity } from './identity.ts';
import { findMrz } from './mrz.ts';
import { vizBirth } from './viz-dates.ts';

const TODAY = '2026-11-27';
const identity = (lines: string[]) => {
  const text = lines.join('\n');
  return extractIdentity(docText({ pages: [{ number: 1, text, method: 'ocr' }], language: 'en' }), findMrz(text, TODAY));
};

describe('names printed in Greek or Cyrillic, then in Latin letters', () => {
  it('takes the Latin half after a slash on a Greek passport', () => {
    const f = identity(['EAAHNIKH AHMOKPATIA HELLENIC REPUBLIC', 'Enwvupo/Surname', 'KQNETANTINOY/KONSTANTINOU', 'Ovopa/Name', 'MAPIA/MARIA', 'Huep. yevvnons/Date of birth', '03 MAI/MAY 1979']);
    expect(f).toMatchObject({ surname: 'KONSTANTINOU', given_names: 'MARIA', birth_date: '1979-05-03' });
  });

  it('takes the Latin line under the Cyrillic one on a Ukrainian passport, and never the Cyrillic read as Latin', () => {
    const f = identity(['YKPAIHA UKRAINE', 'NACNOPT / PASSPORT', 'Npi3BnLe/Surname', 'KOBANEHKO', 'KOVALENKO', "Im'a/Given Names", 'TAPAC', 'TARAS']);
    expect(f).toMatchObject({ surname: 'KOVALENKO', given_names: 'TARAS' });
    // One line only under the label: it may be the Cyrillic one, read as Latin look-alikes.
    const single = identity(['YKPAIHA UKRAINE', 'NACNOPT / PASSPORT', 'Npi3BnLe/Surname', 'KOBANEHKO', "Im'a/Given Names", 'TAPAC']);
    expect(single).toMatchObject({ surname: null, given_names: null });
  });
});

describe('birth dates with a two-digit year', () => {
  it('reads them in the 1900s where the 2000s would put the birth after the document', () => {
    expect(vizBirth('14 MAR /MARS 90', '2022-02-02')).toBe('1990-03-14');
    expect(vizBirth('19 KBI/APR 88', '2019-10-03')).toBe('1988-04-19');
    // 2012 and 1912 both come before a 2022 issue: no date.
    expect(vizBirth('14 MAR /MARS 12', '2022-02-02')).toBeNull();
    expect(vizBirth('14 MAR /MARS 90', null)).toBeNull();
  });

  it('reads a British passport page cut above its zone', () => {
    const f = identity([
      'PASSPORT PASSEPORT',
      'Surname/Nom (1)',
      'PEMBERTON',
      'Date of birth/Date de naissance (4)',
      '07 NOV /NOV 84',
      'Date of issue/Date de délivrance (7)',
      '11 JUN /JUIN 21',
      "Date of expiry/Date d'expiration (9)",
      '11 DEC /DEC 31',
    ]);
    expect(f).toMatchObject({ birth_date: '1984-11-07', issue_date: '2021-06-11', expiry_date: '2031-12-11' });
  });
});

describe('an EU licence whose field 4d holds a personal number', () => {
  it('takes field 5 for the licence number, as in Poland and Ireland', () => {
    const pl = identity(['PRAWO JAZDY', '1. NOWAKOWSKA', '2. EWA', '3. 02.06.1985 GDANSK', '4a. 01.02.2019 4c. PREZYDENT MIASTA GDANSKA', '4b. 01.02.2034 4d. 85060212345', '5. 00417/19/2261']);
    expect(pl.document_number).toBe('00417/19/2261');
    const ie = identity(['CEADUNAS TIOMANA', 'DRIVING LICENCE', '1. BRENNAN', '2. CIARA', '3. 02.06.85', '4b. 09.05.28 4d. 170224518', '5. 098765432']);
    expect(ie.document_number).toBe('098765432');
  });

  it('still takes 4d where it carries a US code, or where no field 5 is read', () => {
    expect(identity(['DRIVER LICENSE', '4d DLN Q9081726', '1 PUBLIC', '2 JANE QUINN', '3 DOB 04/15/1985', '5 DD 0011223344556677']).document_number).toBe('Q9081726');
    expect(identity(['PRAWO JAZDY', '1. NOWAKOWSKA', '2. EWA', '3. 02.06.1985 GDANSK', '4d. 85060212345']).document_number).toBe('85060212345');
  });
});

describe('Spanish-language cards', () => {
  it('takes a cédula and a foreigner’s identity card for identity documents, not invoices', () => {
    const cedula = 'REPUBLICA DE CHILE\nCEDULA DE IDENTIDAD\nAPELLIDOS\nROJAS\nNOMBRES\nPEDRO\nFECHA DE EMISION\tFECHA DE VENCIMIENTO\n05 ENE 2020\t04 ENE 2030\nNUMERO DOCUMENTO\n600.123.456';
    expect(classifyText(cedula).type).toBe('proof_of_identity');
    expect(classifyText('REINO DE ESPANA\nTARJETA DE IDENTIDAD DE EXTRANJERO\nAPELLIDOS\nSOUZA\nNOMBRE\nANA').type).toBe('proof_of_identity');
  });

  it('reads their issue and expiry labels, and no label for a nationality', () => {
    const f = identity(['CEDULA DE IDENTIDAD', 'NACIONALIDAD\tSEXO', 'CHILENA\tM', 'FECHA DE EMISION\tFECHA DE VENCIMIENTO', '05 ENE 2020\t04 ENE 2030', 'VALIDO HASTA', '04 01 2030']);
    expect(f).toMatchObject({ issue_date: '2020-01-05', expiry_date: '2030-01-04' });
    expect(f.nationality).not.toBe('SEX');
  });
});

describe('names the zone cut to fit', () => {
  it('takes the printed name where it goes on past a full name field', () => {
    const zone = buildTd1({
      type: 'IN',
      state: 'CHL',
      number: '600123456',
      birth: '1982-01-05',
      sex: 'M',
      expiry: '2030-01-04',
      nationality: 'CHL',
      surname: 'VALENZUELA CASTILLO',
      given: 'JUAN SEBASTIAN',
    });
    expect(zone[2]).toBe('VALENZUELA<CASTILLO<<JUAN<SEBA');
    const f = identity(['CEDULA DE IDENTIDAD', 'NOMBRES', 'JUAN SEBASTIAN', ...zone]);
    expect(f.given_names).toBe('JUAN SEBASTIAN');
    // A printed name that does not go on from the zone's is no longer reading of it.
    expect(identity(['CEDULA DE IDENTIDAD', 'NOMBRES', 'JUAN ESTEBAN', ...zone]).given_names).toBe('JUAN SEBA');
  });
});

describe('a card’s number printed beside its title without a label', () => {
  it('takes the last word of the title line when it has a document number’s shape', () => {
    expect(identity(['REINO DE ESPANA\tE04281937', 'TARJETA DE IDENTIDAD DE EXTRANJERO', 'APELLIDOS', 'SOUZA']).document_number).toBe('E04281937');
    expect(identity(['AUFENTHALTSTITEL Y02CD3E45', 'BUNDESREPUBLIK DEUTSCHLAND', 'Name / Surname', 'TRAN']).document_number).toBe('Y02CD3E45');
  });

  it('leaves a number read all in digits, a word of the title, and a licence', () => {
    expect(identity(['PERMESSO DI SOGGIORNO 10482716', 'COGNOME / SURNAME', 'RAHMAN']).document_number).toBeNull();
    expect(identity(['REPUBLIC OF SOUTH AFRICA', 'NATIONAL IDENTITY CARD']).document_number).toBeNull();
    expect(identity(['DRIVING LICENCE D12345678', 'UNITED KINGDOM']).document_number).toBeNull();
  });
});
