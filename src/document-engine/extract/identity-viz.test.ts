// The visual zone of passports and cards as several countries print it: day, month and year parted
// by spaces, numbers under labels in two languages, given names parted by commas, a bare "Name"
// over the whole name, an issue date whose label OCR lost, and a zone OCR garbled past reading. Invented documents throughout.
import { describe, expect, it } from 'vitest';
import { classifyText } from '../classify/classify.ts';
import { docText } from './doc-text.ts';
import { extractIdentity, issueFromPrintedValidity } from './identity.ts';
import { buildTd3, findMrz } from './mrz.ts';
import { zoneLikeLine } from './mrz-rows.ts';
import { vizDate } from './viz-dates.ts';

const TODAY = '2026-11-27';
const identity = (lines: string[]) => {
  const text = lines.join('\n');
  return extractIdentity(docText({ pages: [{ number: 1, text, method: 'ocr' }], language: 'en' }), findMrz(text, TODAY));
};

describe('dates of the visual zone', () => {
  it('reads day, month and year parted by spaces, the year in full only', () => {
    expect(vizDate('14 06 1988')).toBe('1988-06-14');
    expect(vizDate('3 11 2030 PARIS')).toBe('2030-11-03');
    expect(vizDate('14 06 88')).toBeNull();
    expect(vizDate('31 02 1990')).toBeNull();
  });

  it('reads them under bilingual labels on a card without its zone', () => {
    const f = identity([
      'CARTÃO DE CIDADÃO / CITIZEN CARD',
      'APELIDO(S) / SURNAME',
      'QUARESMA',
      'NOME(S) / GIVEN NAME(S)',
      'RITA SOFIA',
      'DATA DE NASCIMENTO / DATE OF BIRTH',
      '12 03 1985',
      'N.º DOCUMENTO / DOCUMENT No',
      '987654321',
      'DATA DE VALIDADE / EXPIRY DATE',
      '09 11 2030',
    ]);
    expect(f).toMatchObject({ surname: 'QUARESMA', given_names: 'RITA SOFIA', birth_date: '1985-03-12', document_number: '987654321', expiry_date: '2030-11-09' });
  });
});

describe('names and numbers of the visual zone', () => {
  it('reads given names parted by commas', () => {
    expect(identity(['PASSEPORT / PASSPORT', 'Nom / Surname', 'DELCOURT', 'Prénoms / Given names', 'AMELIE, ROSE']).given_names).toBe('AMELIE ROSE');
  });

  it('does not read a bare "Name" over the whole name as the family name', () => {
    const f = identity(['RESIDENCE PERMIT', 'NAME', 'ADEYEMI TOLU BAYO', 'VALID UNTIL', '30-11-2029']);
    expect(f.surname).toBeNull();
    expect(f.given_names).toBeNull();
    // With the given names labelled apart, "Name" is the family name.
    expect(identity(['IDENTITY CARD', 'NAME', 'ADEYEMI', 'GIVEN NAMES', 'TOLU BAYO'])).toMatchObject({ surname: 'ADEYEMI', given_names: 'TOLU BAYO' });
  });

  it('takes no short or digitless word under a number label as the number', () => {
    expect(identity(['IDENTITY CARD', 'DOCUMENT NUMBER / NUMERO', 'SEE BACK']).document_number).toBeNull();
  });
});

describe('the issue date where its label was lost', () => {
  it('is the printed date another printed date follows by five or ten years', () => {
    expect(issueFromPrintedValidity('07 JUN 1984\n01 MAR 2014\n29 FEB 2024', '1984-06-07')).toBe('2014-03-01');
    expect(issueFromPrintedValidity('07 JUN 1984\n01 MAR 2014\n01 MAR 2019', '1984-06-07')).toBe('2014-03-01');
    // No pair, or two: nothing.
    expect(issueFromPrintedValidity('07 JUN 1984\n01 MAR 2014\n05 MAR 2024', '1984-06-07')).toBeNull();
    expect(issueFromPrintedValidity('01 MAR 2004\n01 MAR 2014\n01 MAR 2024', null)).toBeNull();
    // A holder's tenth birthday is no validity.
    expect(issueFromPrintedValidity('07 JUN 2010\n07 JUN 2020', '2010-06-07')).toBeNull();
  });

  it('is read so on a passport whose zone gives an expiry the page does not print', () => {
    const [l1, l2] = buildTd3({ state: 'UTO', surname: 'Lindqvist', given: 'Mara', number: 'PB1234567', nationality: 'UTO', birth: '1984-06-07', sex: 'F', expiry: '2019-03-21' });
    expect(identity(['PASSPORT', 'LINDQVIST', 'MARA', '07 JUN 1984', '01 MAR 2014', '01 MAR 2024', l1, l2]).issue_date).toBe('2014-03-01');
  });
});

describe('a zone garbled past reading', () => {
  it('still marks the page as an identity document', () => {
    const garbled = 'ogyvor\nPENUTOMARLOW<<INESCALBERTINECCCECCCCC<L\nXAOC000148UTOT7Y10195F0604121123456782<<<<<2';
    expect(findMrz(garbled, TODAY)).toBeNull();
    expect(zoneLikeLine(garbled)).toBe(true);
    expect(classifyText(garbled, { hasMrz: zoneLikeLine(garbled) }).type).toBe('proof_of_identity');
  });

  it('is not seen in ordinary lines of capitals and digits', () => {
    expect(zoneLikeLine('INVOICE NO INV2024000123 TOTAL 1200.00\nREF<<A1\nACCOUNT 12345678901234567890')).toBe(false);
    expect(zoneLikeLine('<<<<<<<<<<<<<<<<<<<<<<<<<<')).toBe(false);
  });
});

describe('numbers in digit groups and surnames on two lines', () => {
  it('reads a number printed in groups of digits whole', () => {
    const f = identity(['DRIVER LICENSE', '4d DLN: 27 640 913', '1 SAMPLE', '2 ALEX', '3 DOB: 07/04/1985', '4b EXP: 07/05/2029']);
    expect(f.document_number).toBe('27 640 913');
  });

  it('reads the two surnames a Spanish card prints one under the other, under a plural label', () => {
    const f = identity(['DOCUMENTO NACIONAL DE IDENTIDAD', 'APELLIDOS / SURNAMES', 'SOLER', 'IBARRA', 'NOMBRE / NAME', 'MARTA', 'FECHA DE NACIMIENTO / DATE OF BIRTH', '02 05 1991']);
    expect(f).toMatchObject({ surname: 'SOLER IBARRA', given_names: 'MARTA', birth_date: '1991-05-02' });
    // Under a singular label the line after the surname is another field's.
    expect(identity(['PASSPORT', 'SURNAME', 'SOLER', 'MARTA']).surname).toBe('SOLER');
  });

  it('takes a driver’s licence in Canadian and British spelling for an identity document', () => {
    expect(classifyText("BRITISH COLUMBIA\nDRIVER'S LICENCE\nDL: 7204416\nCLASS 5").type).toBe('proof_of_identity');
  });
});
