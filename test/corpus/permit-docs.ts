// biome-ignore-all format: tables and word lists read better packed than one item a line
// Licences, insurance policies, passports, and a document of no particular type (a packing list).
import { buildTd3 } from '../../src/document-engine/extract/mrz.ts';
import { subjectDoc, type Subject } from './company-docs.ts';
import type { CorpusDoc, Line } from './model.ts';
import { CORPUS_TODAY } from './model.ts';
import { AUTHORITIES, FIRST, INSURERS, isoAdd, LAST, writeAmount, writeDate, type Rng } from './random.ts';

type Over = { expect?: string[]; requested?: string; expiry?: string; issue?: string; holder?: string; breakMrz?: boolean };

function doc(id: string, kind: CorpusDoc['kind'], s: Subject, lines: Line[], expected: CorpusDoc['expected'], over: Over, requested: string, created: string, producer = 'Adobe PDF Library 17.0'): CorpusDoc {
  return subjectDoc(id, kind, s, lines, expected, over, requested, created, { producer, creator: 'Adobe InDesign 19.0' });
}

export function licenceDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const issuer = rng.pick(AUTHORITIES);
  const issue = over.issue ?? isoAdd(CORPUS_TODAY, -rng.int(100, 700));
  const expiry = over.expiry ?? isoAdd(issue, 365 * rng.int(2, 5));
  const number = `LIC-${rng.digits(6)}`;
  const lines: Line[] = [
    { text: issuer, size: 14, bold: true },
    { text: 'TRADING LICENCE', size: 18, bold: true, gap: 10 },
    { cols: [[50, 'Licence number:'], [180, number]], gap: 12 },
    { cols: [[50, 'Licence holder:'], [180, s.party.name]] },
    { cols: [[50, 'Company number:'], [180, s.party.reg]] },
    { cols: [[50, 'Licensed activity:'], [180, rng.pick(['Wholesale of machinery', 'Import and export of foodstuffs', 'Freight forwarding', 'Trading in metals'])]] },
    { cols: [[50, 'Date of issue:'], [180, writeDate(issue, 'long')]] },
    { cols: [[50, 'Valid until:'], [180, writeDate(expiry, 'long')]] },
    { text: 'The licensee is hereby authorised to carry out the activity above, subject to the conditions attached.', gap: 12 },
  ];
  return doc(id, 'license', s, lines, { licence_number: number, holder: s.party.name, issuer, issue_date: issue, expiry_date: expiry }, over, 'license', issue);
}

export function insuranceDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const insurer = rng.pick(INSURERS);
  const from = over.issue ?? isoAdd(CORPUS_TODAY, -rng.int(30, 300));
  const to = over.expiry ?? isoAdd(from, 364);
  const number = `POL-${rng.letters(2)}-${rng.digits(7)}`;
  const sum = rng.int(1, 50) * 100000;
  const currency = rng.pick(['EUR', 'GBP', 'USD']);
  const lines: Line[] = [
    { text: insurer, size: 14, bold: true },
    { text: 'INSURANCE POLICY SCHEDULE', size: 16, bold: true, gap: 10 },
    { cols: [[50, 'Policy number:'], [180, number]], gap: 12 },
    { cols: [[50, 'Policyholder:'], [180, s.party.name]] },
    { cols: [[50, 'Cover:'], [180, rng.pick(['Public and products liability', 'Marine cargo', 'Property damage and business interruption'])]] },
    { cols: [[50, 'Sum insured:'], [180, `${writeAmount(sum, 'en')} ${currency}`]] },
    { cols: [[50, 'Annual premium:'], [180, `${writeAmount(Math.round(sum * 0.004), 'en')} ${currency}`]] },
    { cols: [[50, 'Period of insurance:'], [180, `${writeDate(from, 'long')} to ${writeDate(to, 'long')}`]] },
  ];
  return doc(id, 'insurance_policy', s, lines, { policy_number: number, insurer, policyholder: s.party.name, insured_amount: sum, currency, valid_from: from, expiry_date: to }, over, 'insurance', from);
}

export function passportDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const [given, surname] = (over.holder ?? `${rng.pick(FIRST)} ${rng.pick(LAST)}`).split(' ');
  const issue = over.issue ?? isoAdd(CORPUS_TODAY, -rng.int(200, 3000));
  const expiry = over.expiry ?? isoAdd(issue, 3652);
  const birth = isoAdd('1990-01-01', -rng.int(0, 9000));
  const number = `${rng.letters(2)}${rng.digits(7)}`;
  const state = rng.pick(['GBR', 'DEU', 'FRA', 'NLD']);
  const ascii = (t: string) => t.normalize('NFKD').replace(/\p{M}/gu, '');
  const [l1, l2raw] = buildTd3({ state, surname: ascii(surname), given: ascii(given), number, nationality: state, birth, sex: rng.pick(['M', 'F']), expiry });
  const l2 = over.breakMrz ? `${l2raw.slice(0, 9)}${(Number(l2raw[9]) + 1) % 10}${l2raw.slice(10)}` : l2raw;
  const lines: Line[] = [
    { text: 'PASSPORT', size: 18, bold: true },
    { cols: [[50, 'Surname:'], [170, surname.toUpperCase()]], gap: 12 },
    { cols: [[50, 'Given names:'], [170, given.toUpperCase()]] },
    { cols: [[50, 'Nationality:'], [170, state]] },
    { cols: [[50, 'Date of birth:'], [170, writeDate(birth, 'uk')]] },
    { cols: [[50, 'Passport No:'], [170, number]] },
    { cols: [[50, 'Date of issue:'], [170, writeDate(issue, 'uk')]] },
    { cols: [[50, 'Date of expiry:'], [170, writeDate(expiry, 'uk')]] },
    { text: l1, mono: true, gap: 40, size: 11 },
    { text: l2, mono: true, size: 11 },
  ];
  const caseData = { ...s.caseData, user_full_name: over.holder && over.expect?.includes('identity_holder_mismatch') ? 'Jane Quinn Public' : `${given} ${surname}` };
  return {
    ...doc(id, 'proof_of_identity', s, lines, { surname: ascii(surname).toUpperCase(), given_names: ascii(given).toUpperCase(), document_number: number, nationality: state, birth_date: birth, expiry_date: expiry }, over, 'passport', issue, 'Scanner Pro 3'),
    caseData,
  };
}

export function packingListDoc(id: string, s: Subject, rng: Rng): CorpusDoc {
  const lines: Line[] = [
    { text: s.party.name, size: 14, bold: true },
    { text: 'PACKING LIST', size: 16, bold: true, gap: 8 },
    { text: `Shipment reference SR-${rng.digits(5)}`, gap: 8 },
    { cols: [[50, 'Package'], [200, 'Contents'], [420, 'Weight']], bold: true, gap: 8 },
    ...Array.from({ length: rng.int(2, 5) }, (_, i): Line => ({ cols: [[50, `Crate ${i + 1}`], [200, rng.pick(['Spare parts', 'Valves', 'Manuals and tools', 'Seals'])], [420, `${rng.int(20, 400)} kg`]] })),
  ];
  return doc(id, 'other', s, lines, {}, {}, 'other_document', isoAdd(CORPUS_TODAY, -10), 'LibreOffice 7.6');
}

