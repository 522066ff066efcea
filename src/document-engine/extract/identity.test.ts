// Identity documents read from their visual zone: the numbered fields of driving licences, labels
// printed above their values, card labels in other languages, and what says a text is an identity document.
import { describe, expect, it } from 'vitest';
import { classifyText } from '../classify/classify.ts';
import { docText } from './doc-text.ts';
import { buildTd3, findMrz } from './mrz.ts';
import { aadhaarFields, birthCentury, documentNumber, extractIdentity, issueFromValidity, numberedLicenceFields, valueUnderLabel } from './identity.ts';

const dt = (lines: string[]) => docText({ pages: [{ number: 1, text: lines.join('\n'), method: 'text_layer' }], language: 'en' });

const US_LICENCE = [
  'STATE OF EXAMPLE',
  'DRIVER LICENSE',
  '4d DLN X1234567',
  '1 SAMPLE',
  '2 ALEX JORDAN',
  '8 100 EXAMPLE AVE, SPRINGFIELD',
  '3 DOB 04/15/1985',
  '4a ISS 06/01/2022',
  '4b EXP 04/15/2030',
  '5 DD 0011223344556677',
  '15 SEX M\t16 HGT 5-10\t17 WGT 170 lb',
];
const EU_LICENCE = [
  'FÜHRERSCHEIN',
  'BUNDESREPUBLIK DEUTSCHLAND',
  '1. BEISPIEL',
  '2. MARIA',
  '3. 14.02.1979 HAMBURG',
  '4a. 03.05.2019\t4c. Stadt Beispielstadt',
  '4b. 02.05.2034',
  '5. Z1X2Y3W4V56',
  '9. AM/B/L',
];

describe('numbered fields of a driving licence', () => {
  it('reads a US licence by its numbers and codes, its number from 4d and not from the discriminator in 5', () => {
    expect(numberedLicenceFields(dt(US_LICENCE))).toEqual({ surname: 'SAMPLE', given: 'ALEX JORDAN', birth: '1985-04-15', issue: '2022-06-01', expiry: '2030-04-15', number: 'X1234567' });
  });

  it('reads the codes alone (LN, FN, DOB, EXP) where the numbers are left out', () => {
    const f = numberedLicenceFields(dt(['DRIVER LICENSE', 'DLN A7654321', 'LN SAMPLE', 'FN ALEX', 'DOB 04/15/1985', 'EXP 04/15/2030']));
    expect(f).toMatchObject({ surname: 'SAMPLE', given: 'ALEX', number: 'A7654321', expiry: '2030-04-15' });
  });

  it('reads an EU licence: 1. surname, 2. given names, 3. birth, 4a./4b. issue and expiry, 5. number', () => {
    expect(numberedLicenceFields(dt(EU_LICENCE))).toEqual({ surname: 'BEISPIEL', given: 'MARIA', birth: '1979-02-14', issue: '2019-05-03', expiry: '2034-05-02', number: 'Z1X2Y3W4V56' });
  });

  it('trusts no numbered line alone: a list of one or two items is not a licence', () => {
    expect(numberedLicenceFields(dt(['1. SMITH', '2. Terms apply']))).toEqual({});
  });

  it('is used only on a document that says it is a driving licence', () => {
    const f = extractIdentity(dt(['Membership list', '1. SAMPLE', '2. ALEX', '3. 04/15/1985', '4b. 04/15/2030']), null);
    expect(f.surname).toBeNull();
    expect(f.expiry_date).toBeNull();
  });
});

describe('labels printed above their values', () => {
  it('takes the value under a label that ends its line, after other print', () => {
    expect(valueUnderLabel(dt(['UNITED STATES OF AMERICA', 'xx  Surname', 'SAMPLE', 'Given Name', 'ALEX']), ['surname'])).toBe('SAMPLE');
    expect(valueUnderLabel(dt(['Surname', 'Given Name']), ['surname', 'given name'])).toBeNull();
  });

  it('reads a number printed in groups of four whole, and other numbers by their first token', () => {
    expect(documentNumber('1234 5678 9012')).toBe('1234 5678 9012');
    expect(documentNumber('X1234567 issued')).toBe('X1234567');
    expect(documentNumber('1234 5678 9012 3456')).toBe('1234');
  });
});

describe('identity documents of every common kind', () => {
  it.each([
    ['a US licence whose title OCR lost, by its field codes', 'STATE OF EXAMPLE\n4d 123456\n16 HGT 5-10\n17 WGT 170 lb\nCLASS D'],
    ['a US licence by its REAL ID line', 'EXAMPLE STATE\nFEDERAL LIMITS APPLY\nSAMPLE ALEX'],
    ['a permanent resident card', 'UNITED STATES OF AMERICA\nPERMANENT RESIDENT\nSurname\nSAMPLE\nResident Since 01/01/20'],
    ['an Aadhaar card', 'Government of India\nAlex Sample\nYear of Birth: 1990\nYour Aadhaar No.'],
    ['a residence permit', 'AUFENTHALTSTITEL\nName SAMPLE'],
    ['a Portuguese citizen card', 'CARTÃO DE CIDADÃO\nApelido SAMPLE'],
  ])('classifies %s as an identity document', (_what, text) => {
    expect(classifyText(text).type).toBe('proof_of_identity');
  });

  it('reads an Italian identity card by its bilingual labels printed above the values', () => {
    const f = extractIdentity(
      dt([
        'REPUBBLICA ITALIANA',
        "CARTA D'IDENTITÀ / IDENTITY CARD",
        'COGNOME / SURNAME',
        'ESEMPIO',
        'NOME / NAME',
        'GIULIA',
        'LUOGO E DATA DI NASCITA',
        'ROMA 21.07.1990',
        'EMISSIONE / ISSUING',
        '10.01.2021',
        'SCADENZA / EXPIRY',
        '10.01.2031',
      ]),
      null,
    );
    expect(f).toMatchObject({ document_kind: 'id_card', surname: 'ESEMPIO', given_names: 'GIULIA', birth_date: '1990-07-21', issue_date: '2021-01-10', expiry_date: '2031-01-10' });
  });

  it('reads a licence kind and its fields from a US and an EU licence', () => {
    expect(extractIdentity(dt(US_LICENCE), null)).toMatchObject({
      document_kind: 'driving_licence',
      surname: 'SAMPLE',
      given_names: 'ALEX JORDAN',
      document_number: 'X1234567',
      birth_date: '1985-04-15',
      issue_date: '2022-06-01',
      expiry_date: '2030-04-15',
    });
    expect(extractIdentity(dt(EU_LICENCE), null)).toMatchObject({
      document_kind: 'driving_licence',
      surname: 'BEISPIEL',
      given_names: 'MARIA',
      document_number: 'Z1X2Y3W4V56',
      birth_date: '1979-02-14',
      expiry_date: '2034-05-02',
    });
  });
});

describe('issue date of a passport whose issue label OCR lost', () => {
  it('is the date five or ten years (or that and a day) before the confirmed expiry, however it is written', () => {
    expect(issueFromValidity('SAMPLE\nBEISPIELSTADT\t14 03 2015', '2025-03-13')).toBe('2015-03-14');
    expect(issueFromValidity('x 09 JUN/JUIN 20 y', '2030-06-09')).toBe('2020-06-09');
    expect(issueFromValidity('04 OKT/OCT 2019', '2024-10-04')).toBe('2019-10-04');
  });

  it('is no date at all when none stands at such a distance from the expiry', () => {
    expect(issueFromValidity('12 03 2016\n01.01.1980', '2025-03-13')).toBeNull();
  });
});

describe('issue date and birth date', () => {
  it('never takes the date of birth for the issue date', () => {
    expect(issueFromValidity('14.03.2015', '2025-03-13', '2015-03-14')).toBeNull();
  });
});

describe('an Aadhaar card', () => {
  const card = ['Government of India', 'Enrollment No 0000/11111/22222', 'Asha Kumari Example', 'Year of Birth: 1991', 'Female', '9876543210', '4321 8765 2109', 'Your Aadhaar No.'];

  it('reads the holder above the birth line and the twelve-digit number', () => {
    expect(aadhaarFields(dt(card))).toEqual({ name: 'Asha Kumari Example', number: '4321 8765 2109' });
    expect(extractIdentity(dt(card), null)).toMatchObject({ document_kind: 'id_card', surname: 'Example', given_names: 'Asha Kumari', document_number: '4321 8765 2109' });
  });

  it('reads nothing so on a document that is not an Aadhaar card, nor a name from a line of print', () => {
    expect(aadhaarFields(dt(card.slice(0, -1).map((l) => l.replace('Aadhaar', ''))))).toEqual({ name: null, number: null });
    expect(aadhaarFields(dt(['Your Aadhaar No.', 'issued by the authority', 'DOB: 01/01/1990'])).name).toBeNull();
  });
});

describe('the visual zone cross-checked with the machine-readable zone', () => {
  const [l1, l2] = buildTd3({ state: 'UTO', surname: 'Sample', given: 'Alex', number: 'X12345678', nationality: 'UTO', birth: '1980-02-14', sex: 'F', expiry: '2031-06-30' });
  const read = (zone2: string) => {
    const text = ['PASSPORT', 'Date of birth: 14.02.1980', 'Date of issue: 01.07.2021', `${l1}\n${zone2}`].join('\n');
    return extractIdentity(dt([text]), findMrz(text, '2026-11-23'));
  };

  it('keeps the zone where its check digit confirms it', () => {
    expect(read(l2)).toMatchObject({ birth_date: '1980-02-14', expiry_date: '2031-06-30', document_number: 'X12345678' });
  });

  it("takes the labelled date where the zone's check digit fails", () => {
    // The birth date misread by one digit, its check digit left as printed.
    const misread = `${l2.slice(0, 13)}800215${l2.slice(19)}`;
    expect(read(misread).birth_date).toBe('1980-02-14');
  });
});

describe('a driving licence read by an engine that lost the spaces, then by one that kept them', () => {
  // The second OCR engine's lines first ("1SAMPLE", "3DOB…", two fields on one row), tesseract's after them.
  const BOTH = ['EXAMPLESTATE DRIVERLICENSE', '4dLIC#X1234567 9CLASSC', '1SAMPLE', '2ALEXJ.', '3DOB04/15/1985 4alss06/01/2022', 'C 4bEXP04/15/2030', 'EXAMPLE STATE DRIVER LICENSE', '2 ALEX J.'];
  it('reads the numbered fields glued to their codes, the fields sharing a row, and the spaced reading of a name', () => {
    expect(numberedLicenceFields(dt(BOTH))).toEqual({ surname: 'SAMPLE', given: 'ALEX J.', birth: '1985-04-15', issue: '2022-06-01', expiry: '2030-04-15', number: 'X1234567' });
    expect(extractIdentity(dt(BOTH), null).document_kind).toBe('driving_licence');
  });
  it('reads a licence that writes its US codes with a colon and no field numbers', () => {
    const f = numberedLicenceFields(dt(['Driver License', 'ALEX SAMPLE', 'LIC #: 0123456 SEX:M', 'DOB: 04/15/1985 HGT: 5-10', 'EXP: 04/15/2030 WGT: 170 LB', 'ISS: 06/01/2022 EYES: BLU']));
    expect(f).toEqual({ number: '0123456', birth: '1985-04-15', expiry: '2030-04-15', issue: '2022-06-01' });
  });
});

describe("the century of a zone's two-digit birth year", () => {
  it('follows the visual zone when it prints the same day and month in the other century, else the zone', () => {
    expect(birthCentury('DATE OF BIRTH 01.01.1911', '2011-01-01')).toBe('1911-01-01');
    expect(birthCentury('Date of birth 3 MAR 1905', '2005-03-03')).toBe('1905-03-03');
    expect(birthCentury('DATE OF BIRTH 01.01.2011', '2011-01-01')).toBe('2011-01-01');
    expect(birthCentury('no date printed', '2011-01-01')).toBe('2011-01-01');
    expect(birthCentury('DATE OF BIRTH 02.01.1911', '2011-01-01')).toBe('2011-01-01');
  });
});

describe('cards read from a photo or under labels of their own', () => {
  it("reads a permanent resident card's number under its USCIS label, the label sharing its row with another", () => {
    const f = extractIdentity(dt(['PERMANENT RESIDENT', 'Surname', 'SAMPLE', 'Given Name', 'ALEX', 'USCIS# Category', '111-222-333 C09', 'Card Expires: 04/30/31']), null);
    expect(f.document_number).toBe('111-222-333');
  });

  it('reads a US licence whose title and field numbers OCR lost by two dates under its codes', () => {
    const f = extractIdentity(dt(['(8 XQV QRTZ', 'ALEX SAMPLE', 'pos: 04/15/1985', 'exp: 04/15/2030', 'iss: 06/01/2022']), null);
    expect(f).toMatchObject({ issue_date: '2022-06-01', expiry_date: '2030-04-15' });
  });

  it('reads the DOB code as OCR misreads its letters (D0B, D08), glued to its number and its date', () => {
    const f = extractIdentity(dt(['EXAMPLE STATE DRIVER LICENSE', '3D0804/15/1985', 'B 4bEXP04/15/2030']), null);
    expect(f).toMatchObject({ birth_date: '1985-04-15', expiry_date: '2030-04-15' });
  });

  it('takes no single coded date, nor numbered list items, for a licence', () => {
    expect(extractIdentity(dt(['Membership card', 'ALEX SAMPLE', 'EXP 04/15/2030']), null).expiry_date).toBeNull();
    expect(extractIdentity(dt(['Membership list', '1. SAMPLE', '3. 04/15/1985', '4b. 04/15/2030']), null).expiry_date).toBeNull();
  });
});

describe('dates of the visual zone as passports print them', () => {
  it('reads a day, a month word in the language of the state and in English, and a year of two or four digits', () => {
    const f = extractIdentity(
      dt(['PASSPORT', 'Surname / Nom', 'SAMPLE', 'Date of birth 03 MAI/MAY 1981', 'Date of issue / Date de délivrance', '04 MAI/MAY 12', 'Date of expiry 19 LIP/JUL 2021']),
      null,
    );
    expect(f).toMatchObject({ birth_date: '1981-05-03', issue_date: '2012-05-04', expiry_date: '2021-07-19' });
  });

  it('reads no date whose two month words disagree, nor a birth date with a two-digit year', () => {
    expect(extractIdentity(dt(['PASSPORT', 'Date of expiry 19 LIP/AUG 2021']), null).expiry_date).toBeNull();
    expect(extractIdentity(dt(['PASSPORT', 'Date of birth 03 MAI/MAY 11']), null).birth_date).toBeNull();
  });
});

describe('labels in several languages on one line', () => {
  it('takes the value under a line of slash-parted labels, with the field number before or after', () => {
    expect(extractIdentity(dt(['PASSPORT', '1. Surname/Nom (1)', 'SAMPLE', '2. Given names/Prénoms (2)', 'ALEX JO']), null)).toMatchObject({ surname: 'SAMPLE', given_names: 'ALEX JO' });
    expect(extractIdentity(dt(['PASZPORT', 'Nazwisko / Surname / Nom', 'SAMPLE', 'Imiona / Given names / Prénoms', 'ALEX']), null)).toMatchObject({ surname: 'SAMPLE', given_names: 'ALEX' });
  });

  it('takes no value under a line of prose that holds a slash', () => {
    expect(extractIdentity(dt(['PASSPORT', 'The bearer’s surname and/or name as printed', 'SAMPLE']), null).surname).toBeNull();
  });
});

describe('cards of more countries: labels in columns, numbers in groups, names beside labels', () => {
  it('reads each label of a row over the value in its own column', () => {
    const d = dt(['CARTEIRA NACIONAL DE HABILITAÇÃO', '4a DATA EMISSÃO\t4b VALIDADE', '10/05/2023\t09/05/2033', '4. Födelsedatum / Date of birth\t5. Kön / Sex', '03 04 1988\tM']);
    const f = extractIdentity(d, null);
    expect([f.issue_date, f.expiry_date, f.birth_date]).toEqual(['2023-05-10', '2033-05-09', '1988-04-03']);
  });

  it('reads a number printed in groups whole, its region code of letters and digits first', () => {
    expect(documentNumber('1234 567 8901')).toBe('1234 567 8901');
    expect(documentNumber('MH12 20190012345')).toBe('MH12 20190012345');
    expect(documentNumber('14 06 2029')).toBe('14');
  });

  it('takes a national identity number labelled as the card number, never a next field’s number', () => {
    expect(extractIdentity(dt(['NATIONAL IDENTITY CARD', 'Identity Number', '8503120123083']), null).document_number).toBe('8503120123083');
    expect(extractIdentity(dt(['IDENTITY CARD', 'Card No.', '8. Date of expiry']), null).document_number).toBeNull();
    expect(extractIdentity(dt(['IDENTITY CARD NO. S8512345|', 'Name']), null).document_number).toBeNull();
  });

  it('reads no label as a name, and "Nombre" as the given names only where the family name is labelled apart', () => {
    const ine = extractIdentity(dt(['CREDENCIAL PARA VOTAR', 'NOMBRE\tFECHA DE NACIMIENTO', 'HERNANDEZ\t12/03/1985', 'RAMIREZ', 'JUAN CARLOS']), null);
    expect([ine.surname, ine.given_names]).toEqual([null, null]);
    const za = extractIdentity(dt(['NATIONAL IDENTITY CARD', 'Surname', 'NKOSI', 'Names', 'THANDIWE PRECIOUS']), null);
    expect([za.surname, za.given_names]).toEqual(['NKOSI', 'THANDIWE PRECIOUS']);
  });

  it('leaves the given names empty where a letter of the zone was read as a third filler', () => {
    const zone = findMrz(['JUAN CARLOS', 'IDMEX1234567897<<0412345678901', '8503127M3012316MEX<<<<<<<<<<<8', 'HERNANDEZ<RAMIREZ<<] UAN<CARLOS'].join('\n'), '2026-11-27');
    expect([zone?.surname, zone?.given_names]).toEqual(['HERNANDEZ RAMIREZ', '']);
  });

  it('takes a "$" read for a letter as no sign of the US date order', () => {
    expect(extractIdentity(dt(['IDENTITY CARD NO. $8512345', 'Date of birth', '12-03-1985']), null).birth_date).toBe('1985-03-12');
  });
});
