// biome-ignore-all format: tables and word lists read better packed than one item a line
// Documents about the client company itself: certificates of incorporation, register extracts,
// articles, shareholder registers, bank statements and proofs of address.
import type { Party } from './deal.ts';
import type { CorpusDoc, Line } from './model.ts';
import { CORPUS_TODAY } from './model.ts';
import { BANKS, FIRST, isoAdd, LAST, round2, spacedIban, UTILITIES, writeAmount, writeDate, type Rng } from './random.ts';

export interface Subject {
  party: Party;
  /** The case data the document is checked against (onboarding by default). */
  caseData: Record<string, unknown>;
  companyName: string;
  incorporated: string;
}

export function onboardingCase(p: Party, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { case_kind: 'onboarding', company_full_name: p.name, company_country_code: p.place.code, company_reg_number: p.reg, user_full_name: 'Jane Quinn Public', ...extra };
}

type Over = { expect?: string[]; requested?: string; date?: string; name?: string; reg?: string; holder?: string; expiry?: string };

/** A one-page document about the subject; `tools` are the producer and creator written into its metadata. */
export function subjectDoc(
  id: string,
  kind: CorpusDoc['kind'],
  s: Subject,
  lines: Line[],
  expected: CorpusDoc['expected'],
  over: { expect?: string[]; requested?: string },
  requested: string,
  created: string,
  tools: { producer: string; creator: string },
): CorpusDoc {
  return {
    id,
    kind,
    requested: over.requested ?? requested,
    pages: [lines],
    expected: { type: kind, ...expected },
    caseData: s.caseData,
    companyName: s.companyName,
    expectFindings: over.expect ?? [],
    meta: { title: kind.replace(/_/g, ' '), ...tools, created },
  };
}

function base(id: string, kind: CorpusDoc['kind'], s: Subject, lines: Line[], expected: CorpusDoc['expected'], over: Over, requested: string, created: string): CorpusDoc {
  return subjectDoc(id, kind, s, lines, expected, over, requested, created, { producer: 'Registry Print Service 2.1', creator: 'Registry' });
}

export function certificateDoc(id: string, s: Subject, over: Over = {}): CorpusDoc {
  const name = over.name ?? s.party.name;
  const reg = over.reg ?? s.party.reg;
  const lines: Line[] = [
    { text: 'CERTIFICATE OF INCORPORATION', size: 18, bold: true },
    { text: 'OF A PRIVATE LIMITED COMPANY', size: 11 },
    { cols: [[50, 'Company Number:'], [190, reg]], gap: 16 },
    { text: `The Registrar of Companies hereby certifies that ${name} is this day incorporated under the Companies Act 2006 as a private company, that the company is limited by shares, and the situation of its registered office is in ${s.party.place.country}.`, gap: 12 },
    { text: `Given under my hand at ${s.party.place.city}, on ${writeDate(s.incorporated, 'long')}.`, gap: 12 },
  ];
  return base(id, 'certificate_of_incorporation', s, lines, { company_name: name, registration_number: reg, incorporation_date: s.incorporated }, over, 'certificate_of_incorporation', s.incorporated);
}

export function registerExtractDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const name = over.name ?? s.party.name;
  const reg = over.reg ?? s.party.reg;
  const issued = over.date ?? isoAdd(CORPUS_TODAY, -rng.int(1, 40));
  const director = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  const lines: Line[] = [
    { text: 'EXTRACT FROM THE COMMERCIAL REGISTER', size: 16, bold: true },
    { cols: [[50, 'Company name:'], [200, name]], gap: 14 },
    { cols: [[50, 'Registration number:'], [200, reg]] },
    { cols: [[50, 'Registered office:'], [200, `${s.party.place.street}, ${s.party.place.postcode} ${s.party.place.city}`]] },
    { cols: [[50, 'Date of incorporation:'], [200, writeDate(s.incorporated, 'uk')]] },
    { cols: [[50, 'Company status:'], [200, 'Active']] },
    { cols: [[50, 'Directors:'], [200, director]] },
    { cols: [[50, 'Date of this extract:'], [200, writeDate(issued, 'uk')]], gap: 14 },
  ];
  return base(id, 'register_extract', s, lines, { company_name: name, registration_number: reg, incorporation_date: s.incorporated, status: 'Active', issue_date: issued }, over, 'register_extract', issued);
}

export function articlesDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const lines: Line[] = [
    { text: 'ARTICLES OF ASSOCIATION', size: 18, bold: true },
    { text: `of ${s.party.name}`, size: 13 },
    { cols: [[50, 'Company number:'], [190, s.party.reg]], gap: 10 },
    { text: '1. Interpretation', bold: true, gap: 12 },
    { text: 'In these articles, unless the context requires otherwise, "the Company" means the company named above.' },
    { text: '2. Share capital', bold: true, gap: 8 },
    { text: `The share capital of the Company is ${writeAmount(rng.int(1, 100) * 1000, 'en')} divided into ordinary shares.` },
    { text: '3. General meeting', bold: true, gap: 8 },
    { text: 'The directors may call a general meeting at any time; the board of directors manages the business of the Company.' },
  ];
  return base(id, 'articles_of_association', s, lines, { company_name: s.party.name, registration_number: s.party.reg }, over, 'articles_of_association', s.incorporated);
}

export function shareholderRegisterDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const holders = [`${rng.pick(FIRST)} ${rng.pick(LAST)}`, `${rng.pick(FIRST)} ${rng.pick(LAST)}`];
  const a = rng.int(51, 90);
  const shares = [a * 100, (100 - a) * 100];
  const date = isoAdd(CORPUS_TODAY, -rng.int(5, 90));
  const lines: Line[] = [
    { text: 'REGISTER OF SHAREHOLDERS', size: 16, bold: true },
    { cols: [[50, 'Company name:'], [190, s.party.name]], gap: 10 },
    { cols: [[50, 'Company number:'], [190, s.party.reg]] },
    { cols: [[50, 'As at:'], [190, writeDate(date, 'long')]] },
    { cols: [[50, 'Shareholder'], [300, 'Shares'], [400, 'Percentage']], gap: 12, bold: true },
    ...holders.map((h, i): Line => ({ cols: [[50, h], [300, String(shares[i])], [400, `${shares[i] / 100}%`]] })),
  ];
  return base(id, 'shareholder_register', s, lines, { company_name: s.party.name, shareholders: [...holders].sort().join(' | ') }, over, 'shareholder_register', date);
}

export function bankStatementDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const holder = over.holder ?? s.party.name;
  const bank = rng.pick(BANKS);
  const to = over.date ?? isoAdd(CORPUS_TODAY, -rng.int(2, 30));
  const from = isoAdd(to, -29);
  const currency = rng.pick(['EUR', 'GBP']);
  let balance = round2(rng.int(100000, 9000000) / 100);
  const opening = balance;
  const lines: Line[] = [
    { text: bank, size: 15, bold: true },
    { text: 'STATEMENT OF ACCOUNT', size: 14, bold: true, gap: 8 },
    { cols: [[50, 'Account holder:'], [180, holder]], gap: 10 },
    { cols: [[50, 'IBAN:'], [180, spacedIban(s.party.iban)]] },
    { cols: [[50, 'Currency:'], [180, currency]] },
    { cols: [[50, 'Statement period:'], [180, `${writeDate(from, 'uk')} - ${writeDate(to, 'uk')}`]] },
    { cols: [[50, 'Opening balance'], [450, writeAmount(opening, 'en')]], gap: 10 },
    { cols: [[50, 'Date'], [130, 'Description'], [380, 'Debit'], [450, 'Credit']], bold: true, gap: 6 },
  ];
  for (let i = 0; i < rng.int(3, 8); i++) {
    const amt = round2(rng.int(5000, 900000) / 100);
    const credit = rng.chance(0.5);
    balance = round2(balance + (credit ? amt : -amt));
    lines.push({ cols: [[50, writeDate(isoAdd(from, 3 * i + 1), 'uk')], [130, rng.pick(['Transfer from customer', 'Supplier payment', 'Card payment', 'Salary run', 'Bank charges'])], [credit ? 450 : 380, writeAmount(amt, 'en')]] });
  }
  lines.push({ cols: [[50, 'Closing balance'], [450, writeAmount(balance, 'en')]], gap: 6, bold: true });
  return base(id, 'bank_statement', s, lines, { account_holder: holder, iban: s.party.iban, currency, 'period.from': from, 'period.to': to, opening_balance: opening, closing_balance: balance }, over, 'bank_statement', to);
}

export function utilityBillDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const issuer = rng.pick(UTILITIES);
  const date = over.date ?? isoAdd(CORPUS_TODAY, -rng.int(3, 60));
  const lines: Line[] = [
    { text: issuer, size: 15, bold: true },
    { text: 'Electricity bill', size: 14, bold: true, gap: 8 },
    { cols: [[50, 'Bill date:'], [170, writeDate(date, 'long')]], gap: 10 },
    { cols: [[50, 'Account holder:'], [170, s.party.name]] },
    { cols: [[50, 'Supply address:'], [170, `${s.party.place.street}, ${s.party.place.postcode} ${s.party.place.city}`]] },
    { cols: [[50, 'Meter number:'], [170, `M${rng.digits(8)}`]] },
    { cols: [[50, 'Consumption:'], [170, `${rng.int(800, 9000)} kWh`]] },
    { cols: [[50, 'Amount due:'], [170, `${writeAmount(round2(rng.int(10000, 300000) / 100), 'en')} EUR`]] },
  ];
  return base(id, 'proof_of_address', s, lines, { kind: 'utility_bill', holder: s.party.name, issuer, issue_date: date }, over, 'company_proof_of_address', date);
}

export function bankLetterDoc(id: string, s: Subject, rng: Rng, over: Over = {}): CorpusDoc {
  const bank = rng.pick(BANKS);
  const date = over.date ?? isoAdd(CORPUS_TODAY, -rng.int(3, 60));
  const lines: Line[] = [
    { text: bank, size: 15, bold: true },
    { text: `Date: ${writeDate(date, 'long')}`, gap: 12 },
    { text: 'CONFIRMATION OF ADDRESS', bold: true, gap: 12 },
    { text: 'To whom it may concern,', gap: 10 },
    { text: `We confirm that ${s.party.name} maintains an account with us and that its registered address is ${s.party.place.street}, ${s.party.place.postcode} ${s.party.place.city}.`, gap: 6 },
    { text: 'Yours faithfully, Customer Services', gap: 12 },
  ];
  return base(id, 'proof_of_address', s, lines, { kind: 'bank_letter', holder: s.party.name, issuer: bank, issue_date: date }, over, 'proof_of_address', date);
}
