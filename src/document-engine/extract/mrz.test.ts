// The machine-readable zone as OCR delivers it: fillers read as K, L, C or «, spaces, look-alike
// characters, characters read twice. Each repair is checked against a zone built with valid check digits.
import { describe, expect, it } from 'vitest';
import { buildTd3, checkDigit, doubtfulNames, findMrz } from './mrz.ts';
import { extractIdentity } from './identity.ts';
import { docText } from './doc-text.ts';
import { holderRules } from '../rules/document-rules.ts';
import type { RuleContext } from '../rules/context.ts';
import { classifyText } from '../classify/classify.ts';

const TODAY = '2026-11-23';
const CTX = {
  today: TODAY,
  case: { company_full_name: 'Example Ltd', company_reg_number: null, user_full_name: 'Anna Maria Eriksson', transaction: null },
  task: { requested_type: 'passport', company_full_name: 'Example Ltd', file_name: 'passport.png' },
} as unknown as RuleContext;
const [L1, L2] = buildTd3({ state: 'UTO', surname: 'Eriksson', given: 'Anna Maria', number: 'R00004172', nationality: 'UTO', birth: '1974-08-12', sex: 'F', expiry: '2030-04-15' });

function td1(): [string, string, string] {
  const num = 'S0004175<';
  const l1 = `IDCHE${num}${checkDigit(num)}`.padEnd(30, '<');
  const body = `830614${checkDigit('830614')}F300101${checkDigit('300101')}CHE`.padEnd(29, '<');
  const l2 = body + checkDigit(l1.slice(5, 30) + body.slice(0, 7) + body.slice(8, 15) + body.slice(18, 29));
  return [l1, l2, 'HOFSTETTER<<LEA'.padEnd(30, '<')];
}

describe('MRZ read by OCR', () => {
  it('reads fillers read as K, L, C, « and spaces back as fillers', () => {
    const noisy1 = L1.replace('ERIKSSON<<', 'ERIKSSONK<K').replace(/<{6}/, 'LLKLCL').replace('<<<', ' « L');
    const noisy2 = L2.replace('<<<<', 'LLKL');
    const mrz = findMrz(`PASSPORT\nSurname ERIKSSON\nGiven names ANNA MARIA\n${noisy1}\n${noisy2}`, TODAY)!;
    expect(mrz).not.toBeNull();
    expect(mrz.surname).toBe('ERIKSSON');
    expect(mrz.given_names).toBe('ANNA MARIA');
    expect(mrz.birth_date).toBe('1974-08-12');
    expect(mrz.valid).toBe(true);
  });

  it('decides O against 0 in the document number by its check digit', () => {
    const misread = 'RO' + L2.slice(2);
    const mrz = findMrz(`${L1}\n${misread}`, TODAY)!;
    expect(mrz.document_number).toBe('R00004172');
    expect(mrz.checks.find((c) => c.field === 'document_number')!.ok).toBe(true);
    expect(mrz.valid).toBe(true);
  });

  it('puts digits back in date fields and letters back in the nationality', () => {
    const misread = L2.slice(0, 10) + 'UT0' + L2.slice(13, 15).replace('7', 'T') + L2.slice(15).replace(/0/g, 'O');
    const mrz = findMrz(`${L1}\n${misread}`, TODAY)!;
    expect(mrz.nationality).toBe('UTO');
    expect(mrz.birth_date).toBe('1974-08-12');
    expect(mrz.expiry_date).toBe('2030-04-15');
  });

  it('takes out a character read twice in the number', () => {
    const mrz = findMrz(`${L1}\n${'R' + L2.slice(0)}`, TODAY)!;
    expect(mrz.document_number).toBe('R00004172');
    expect(mrz.checks.find((c) => c.field === 'document_number')!.ok).toBe(true);
  });

  it('reads a TD1 identity card with look-alikes', () => {
    const [a, b, c] = td1();
    const mrz = findMrz(`${a.replace('S000', 'SOOD')}\n${b.replace(/^8/, 'B')}\n${c.replace('<<<<<<', 'KLLCLL')}`, TODAY)!;
    expect(mrz.format).toBe('TD1');
    expect(mrz.document_number).toBe('S0004175');
    expect(mrz.birth_date).toBe('1983-06-14');
    expect(mrz.surname).toBe('HOFSTETTER');
    expect(mrz.valid).toBe(true);
  });

  it('gives no critical finding for a genuine zone with one unreadable character, but a critical one for a wrong zone read as written', () => {
    const blurred = L2.slice(0, 14) + '?' + L2.slice(15);
    const run = (text: string) => {
      const mrz = findMrz(text, TODAY);
      const d = docText({ pages: [{ number: 1, text, method: 'ocr' }], language: 'en' });
      const fields = extractIdentity(d, mrz);
      return holderRules({ type: 'proof_of_identity', classification: classifyText(text, { hasMrz: true }), fields, text: d }, CTX);
    };
    const blurredFindings = run(`${L1}\n${blurred}`);
    expect(blurredFindings.filter((f) => f.severity === 'critical')).toEqual([]);
    expect(blurredFindings.map((f) => f.code)).toContain('identity_mrz_unverified');
    const forged = L2.slice(0, 9) + String((Number(L2[9]) + 1) % 10) + L2.slice(10);
    expect(run(`${L1}\n${forged}`).map((f) => f.code)).toContain('identity_mrz_invalid');
  });
});

describe('identity documents without a zone', () => {
  it('classifies and reads a driving licence', () => {
    const text = ['DRIVING LICENCE', 'Surname: MUSTERMANN', 'Given names: ERIKA', 'Date of birth: 12.08.1974', 'Licence number: B072RRE2I55', 'Date of expiry: 01.02.2031'].join('\n');
    const c = classifyText(text);
    expect(c.type).toBe('proof_of_identity');
    const f = extractIdentity(docText({ pages: [{ number: 1, text, method: 'text_layer' }], language: 'en' }), null);
    expect(f.document_kind).toBe('driving_licence');
    expect(f.surname).toBe('MUSTERMANN');
    expect(f.birth_date).toBe('1974-08-12');
    expect(f.expiry_date).toBe('2031-02-01');
    expect(f.document_number).toBe('B072RRE2I55');
  });

  it.each(['PASAPORTE', 'REISEPASS', 'PERSONALAUSWEIS', 'PERMIS DE CONDUIRE', 'FÜHRERSCHEIN'])('classifies a document titled %s', (title) => {
    expect(classifyText(`${title}\nApellidos / Surname: GARCIA\nDate of birth 01.01.1980`).type).toBe('proof_of_identity');
  });
});

describe('names the separator was lost in', () => {
  it('gives no name rather than one glued to a misread separator', () => {
    expect(doubtfulNames({ surname: 'MUSTERKKPROBE', given_names: '' })).toBe(true);
    expect(doubtfulNames({ surname: 'ZIELAKOWACCIRENA', given_names: '' })).toBe(true);
    expect(doubtfulNames({ surname: 'ERIKSSON', given_names: 'ANNA MARIA' })).toBe(false);
    expect(doubtfulNames({ surname: 'HEINOLA', given_names: '' })).toBe(false);
  });

  it('reads no surname from a zone whose names run together through such a pair', () => {
    const [l1, l2] = buildTd3({ state: 'POL', surname: 'ZIELAKOWA', given: 'IRENA', number: 'XK4402931', nationality: 'POL', birth: '1969-11-04', sex: 'F', expiry: '2017-05-22' });
    const glued = l1.replace('ZIELAKOWA<<IRENA', 'ZIELAKOWACCIRENA');
    const mrz = findMrz(`${glued}\n${l2}`, '2026-01-01');
    expect(mrz?.document_number).toBe('XK4402931');
    expect(mrz?.surname).toBe('');
  });

  it('splits such a pair where the visual zone shows a name beside it with one letter misread', () => {
    const [l1, l2] = buildTd3({ state: 'SWE', surname: 'LINDQVIST', given: 'ELSA', number: 'XA1234567', nationality: 'SWE', birth: '1980-05-06', sex: 'F', expiry: '2031-02-03' });
    const glued = l1.replace('LINDQVIST<<ELSA', 'LINDQVISTCCELSA');
    // The given name read "ELZA", the surname lost in the guilloche.
    expect(findMrz(`PASS\nL1NDQ VST\nELZA\n${glued}\n${l2}`, '2026-01-01')?.surname).toBe('LINDQVIST');
    // The surname read "LINDOVIST".
    expect(findMrz(`PASS\nLINDOVIST\n${glued}\n${l2}`, '2026-01-01')?.surname).toBe('LINDQVIST');
    // Two letters off is no sign.
    expect(findMrz(`PASS\nEZZA\n${glued}\n${l2}`, '2026-01-01')?.surname).toBe('');
  });
});

describe('a passport zone whose first line was not read', () => {
  it('gives the number, birth and expiry from the second line alone when every check digit passes, and no names', () => {
    const f = findMrz(`PASSPORT\n07 JUN 1984\n${L2}`, '2026-11-27');
    expect(f).toMatchObject({ document_number: 'R00004172', birth_date: '1974-08-12', expiry_date: '2030-04-15', surname: '', given_names: '', valid: true });
  });
  it('gives nothing from a second line alone that fails a check digit', () => {
    const broken = `${L2.slice(0, 13)}${L2[13] === '7' ? '8' : '7'}${L2.slice(14)}`;
    expect(findMrz(`PASSPORT\n${broken}`, '2026-11-27')).toBeNull();
  });
});
