// Company documents of a sixth set of registers (every name and number here is made up, each
// number in its register's shape): the day a register printed its page with the time of day, the
// date of a certificate's signature block, a state's certified copy dated by its filing, and the
// labels Central European and Quebec registers give their legal form and number.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { extractRegister } from './corporate.ts';
import { docText } from './doc-text.ts';
import { toLines } from './text.ts';

const text = (s: string) => docText(readText(s));
const lines = (s: string) => toLines([{ number: 1, text: s }]);

describe('the day a register printed its page', () => {
  it.each([
    ['Date and Time of Search: November 04, 2026 10:42 AM Pacific Time', '2026-11-04'],
    ['Date/Time: 05 November 2026 AEST 09:12:44 AM', '2026-11-05'],
    ['Date:\t02 Nov 2026', '2026-11-02'],
  ])('reads "%s"', (line, iso) => {
    expect(extractRegister(text(`Company Summary\nName of Company:\tEXAMPLE HARBOUR LTD.\n${line}`)).issue_date).toBe(iso);
  });

  it('leaves the date empty when the cell holds more than a date and its time', () => {
    expect(extractRegister(text('Company Summary\nName of Company:\tEXAMPLE HARBOUR LTD.\nDate: 04 November 2026 and 5 others')).issue_date).toBeNull();
  });
});

describe("a certificate's signature block", () => {
  it('reads a place and a date beside the registrar who signs', () => {
    const f = extractRegister(text('CERTIFICATE OF INCORPORATION\nCompany No.: HE 400001\nEXAMPLE OLIVE LTD\nNicosia, 02/11/2026\tfor Registrar of Companies'));
    expect(f.issue_date).toBe('2026-11-02');
  });

  it('reads a date alone under the registrar', () => {
    const f = extractRegister(text('CERTIFICATE OF INCORPORATION\nEXAMPLE KEY LIMITED\nBVI COMPANY NUMBER: 2000001\n(Registrar of Corporate Affairs)\n12th day of June, 2023'));
    expect(f.issue_date).toBe('2023-06-12');
  });

  it('takes no date alone beside anyone else: an officer appointed on a day does not date the page', () => {
    const f = extractRegister(text('Company Extract\nName:\tEXAMPLE KEY LIMITED\nDirector\tAppointed\nJane Example\t12/03/2019'));
    expect(f.issue_date).toBeNull();
  });
});

describe("a state's certified copy", () => {
  it('dates the incorporation by the day the certificate of incorporation was filed', () => {
    const f = extractRegister(
      text(
        'I, THE SECRETARY OF STATE OF THE STATE OF DELAWARE, DO HEREBY CERTIFY THE ATTACHED IS A TRUE AND CORRECT COPY OF THE CERTIFICATE OF INCORPORATION OF "EXAMPLE HERON, INC.", FILED IN THIS OFFICE ON THE SIXTH DAY OF APRIL, A.D. 2023, AT 2:14 O\'CLOCK P.M.',
      ),
    );
    expect(f.incorporation_date).toBe('2023-04-06');
  });
});

describe('labels of national registers', () => {
  it.each([
    ['Právna forma:\tSpoločnosť s ručením obmedzeným', 'Spoločnosť s ručením obmedzeným'],
    ['Cégforma:\tKorlátolt felelősségű társaság', 'Korlátolt felelősségű társaság'],
  ])('reads the legal form "%s" as printed', (line, form) => {
    expect(extractRegister(text(`Obchodné meno:\tExample Sova s. r. o.\n${line}`)).legal_form).toBe(form);
  });

  it.each([
    ["Numéro d'entreprise du Québec (NEQ)\t1170000001", '1170000001'],
    ['Cégjegyzékszám: 01-09-000001', '01-09-000001'],
  ])('reads the number after "%s"', (line, number) => {
    expect(findCompanyNumber(lines(line))).toBe(number);
  });
});

describe('a registered office label that heads no address', () => {
  it.each([
    ['a heading', 'BC Company Summary\nName of Company:\tEXAMPLE HARBOUR LTD.\nREGISTERED OFFICE INFORMATION\nMailing Address:\t1 EXAMPLE STREET, VANCOUVER BC V6G 2Z1'],
    ['a sentence', 'Gesellschaftsvertrag der Example Wolke GmbH\n§ 1 Firma und Sitz\nDer Sitz der Gesellschaft ist München.\n§ 2 Gegenstand des Unternehmens'],
  ])('leaves the address empty rather than the rest of %s', (_, doc) => {
    expect(extractRegister(text(doc)).registered_address).toBeNull();
  });

  it('still reads an address after its label', () => {
    expect(extractRegister(text('Company Extract\nName:\tEXAMPLE HARBOUR LTD.\nRegistered office:\t12 Example Street, Dover')).registered_address).toBe('12 Example Street, Dover');
  });
});
