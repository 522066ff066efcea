// The zone's names checked against the visual zone: fillers OCR read as letters (the separator
// '<<' as '<C', fillers glued to the last name, '<' between names as K), a state misread so the
// names shift, and a damaged field the printed names do not confirm. Invented names throughout.
import { describe, expect, it } from 'vitest';
import { buildTd3, findMrz } from './mrz.ts';
import { beforeLostLetter, readNameField, visualWords } from './mrz-names.ts';
import { extractIdentity } from './identity.ts';
import { docText } from './doc-text.ts';
import { holderRules } from '../rules/document-rules.ts';
import type { RuleContext } from '../rules/context.ts';
import { classifyText } from '../classify/classify.ts';

const TODAY = '2026-11-23';
const zone = (surname: string, given: string) => buildTd3({ state: 'UTO', surname, given, number: 'R01234567', nationality: 'UTO', birth: '1979-04-11', sex: 'F', expiry: '2031-06-30' });

function holderFindings(text: string, user: string): string[] {
  const ctx = {
    today: TODAY,
    case: { company_full_name: 'Example Ltd', company_reg_number: null, user_full_name: user, transaction: null },
    task: { requested_type: 'passport', company_full_name: 'Example Ltd', file_name: 'passport.png' },
  } as unknown as RuleContext;
  const d = docText({ pages: [{ number: 1, text, method: 'ocr' }], language: 'en' });
  const fields = extractIdentity(d, findMrz(text, TODAY));
  return holderRules({ type: 'proof_of_identity', classification: classifyText(text, { hasMrz: true }), fields, text: d }, ctx).map((f) => f.code);
}

describe("the zone's name field checked against the visual zone", () => {
  it('splits surname and given names where the separator was read as "<C", not at a single filler before a K', () => {
    const [l1, l2] = zone('Brand Kellerman', 'Ivo Petra');
    const read = l1.replace('KELLERMAN<<IVO', 'KELLERMAN<CIVO');
    // The printed surname is read with a letter wrong, as the visual zone often is.
    const text = `PASSPORT\nSurname\nBRAND-KELLERNAN\nGiven names\nIVO PETRA\n${read}\n${l2}`;
    const mrz = findMrz(text, TODAY);
    expect(mrz?.surname).toBe('BRAND KELLERMAN');
    expect(mrz?.given_names).toBe('IVO PETRA');
    expect(holderFindings(text, 'Ivo Petra Brand-Kellerman')).not.toContain('identity_holder_mismatch');
  });

  it('takes fillers glued to the last given name, and a filler read as K between two names, for fillers', () => {
    const [l1, l2] = zone('Holmgren', 'Siri Malin');
    const glued = l1.replace('SIRI<MALIN<<<<<<<', 'SIRI<MALINXSSS<S<');
    expect(findMrz(`HOLMGREN\nSIRI MALIN\n${glued}\n${l2}`, TODAY)?.given_names).toBe('SIRI MALIN');
    const k = l1.replace('SIRI<MALIN<<<<', 'SIRIKMALIN<<KK');
    expect(findMrz(`HOLMGREN\nSIRI MALIN\n${k}\n${l2}`, TODAY)?.given_names).toBe('SIRI MALIN');
  });

  it('matches the printed names as ICAO transliterates them', () => {
    const visual = visualWords('ÆGISDÓTTIR\nÞÓRA ÓSK');
    expect(readNameField('AEGISDOTTIR<<THORAKOESK<<<<KL<K', visual)).toMatchObject({ surname: 'AEGISDOTTIR', given_names: 'THORA OESK', confirmed: true });
  });

  it("takes the names from another reading of the name line when the chosen one lost the state's letters", () => {
    const [l1, l2] = zone('Berg', 'Ola Anna');
    const shifted = l1.replace('P<UTOBERG', 'P<TOBG');
    const again = `${l1.slice(0, 2)}S${l1.slice(2).replace('BERG<<OLA<ANNA<<<<<<', 'BERG<K<KOLA<KANNA<<<<KLKLKL')}`;
    const mrz = findMrz(`NAME\nBERG, OLA-ANNA\n${shifted}\n${l2}\n${again}`, TODAY);
    expect(mrz?.surname).toBe('BERG');
    expect(mrz?.given_names).toBe('OLA ANNA');
  });

  it('says the holder could not be checked, rather than that it differs, when the damaged names are not confirmed', () => {
    const [l1, l2] = zone('Dahl Kronborg Vestby', 'Ivo Petra');
    const read = l1.slice(0, 5) + 'DAHL<KRONBORG<VESTBY<CIVO<PETRAS<<KLKL<K'.padEnd(39, '<');
    const codes = holderFindings(`PASSPORT\n${read}\n${l2}`, 'Ivo Petra Dahl Kronborg Vestby');
    expect(codes).not.toContain('identity_holder_mismatch');
    expect(codes).toContain('check_inconclusive');
  });

  it('keeps names that are fine, and still finds a different holder on a clean zone', () => {
    const [l1, l2] = zone('Lee', 'Anna Lee');
    expect(findMrz(`PASSPORT\n${l1}\n${l2}`, TODAY)).toMatchObject({ surname: 'LEE', given_names: 'ANNA LEE' });
    expect(findMrz(`LEE\nANNA\n${l1}\n${l2}`, TODAY)).toMatchObject({ surname: 'LEE', given_names: 'ANNA LEE' });
    expect(holderFindings(`PASSPORT\nLEE\nANNA LEE\n${l1}\n${l2}`, 'Marek Novotny')).toContain('identity_holder_mismatch');
  });
});

describe('a letter of the names read as a third filler', () => {
  it('cuts the field before the word it opened, not where fillers were read as look-alike letters', () => {
    expect(beforeLostLetter('HERNANDEZ<RAMIREZ<<<UAN<CARLOS')).toBe('HERNANDEZ<RAMIREZ<<');
    expect(beforeLostLetter('SAMPLEKKANNAC<CL<<<CLLLLLLLKK')).toBe('SAMPLEKKANNAC<CL<<<CLLLLLLLKK');
    expect(beforeLostLetter('SAMPLE<<ANNA<MARIA<<<<<<<<<<<')).toBe('SAMPLE<<ANNA<MARIA<<<<<<<<<<<');
  });
});
