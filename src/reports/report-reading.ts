// What a compliance officer reads first, worked out once for the web and PDF reports: the summary
// in plain words (who, what, risk, decision, what needs attention), each document's facts as small
// tables (parties, lines, totals, dates), the user's answers, and the reader's technical details
// kept apart for the appendix. Pure.
import type { CaseReportData, ConversationReportData, ReportAnswer, ReportDocument } from './report-data.ts';
import { type Fact, NOT_CLASSIFIED, NOT_GIVEN, askedName, formatBytes, formatTimestamp, formatValue, humanizeKey, keyFindings, riskLabel, safeHttpUrl, sourceLabel } from './report-view.ts';
import { formatAmount } from '../lib/amounts.ts';
import { transactionCheck } from './transaction-check.ts';

/** "an invoice", "a contract", "an identity document". */
export function withArticle(noun: string): string {
  const word = noun.trim();
  return `${/^[aeiou]/i.test(word) && !/^(uni|use|eu)/i.test(word) ? 'an' : 'a'} ${word}`;
}

const KIND: Record<string, string> = {
  official_registers: 'register filing',
  register_extract: 'company register extract',
  proof_of_identity: 'identity document',
  company_proof_of_address: 'proof of address',
  bank_statement_business_activity: 'bank statement',
  license: 'licence',
  insurance: 'insurance policy',
  cargo_bill: 'bill of lading',
  other: 'document',
};

/** What the document is, in words: the type it was read as, else the type asked for. */
export function documentKind(doc: ReportDocument): string {
  const read = doc.extracted_data.document_type;
  const type = typeof read === 'string' && read && read !== 'other' ? read : doc.document_type;
  if (!type) return 'document';
  const known = KIND[type];
  if (known) return known;
  const label = humanizeKey(type);
  // Acronyms stay as they are; other words read in lower case inside a sentence.
  return label
    .split(' ')
    .map((w, i) => (i === 0 && w !== w.toUpperCase() ? w.toLowerCase() : w))
    .join(' ');
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export interface PlainSummary {
  who: string;
  what: string;
  risk: string;
  decision: string | null;
  attention: string[];
}

/** The first thing the report says, in plain words. */
export function plainSummary(data: ConversationReportData): PlainSummary {
  const cd = data.case_data;
  const reg = typeof cd.company_reg_number === 'string' && cd.company_reg_number ? `, registration number ${cd.company_reg_number}` : '';
  const user = typeof cd.user_full_name === 'string' && cd.user_full_name ? ` The company's user is ${cd.user_full_name}.` : '';
  const who = `${data.company_full_name} (${data.company_country_code || 'country not given'}${reg}).${user}`;

  const docs = uniqueDocuments(data.documents);
  const sent =
    docs.length === 0 ? 'no documents were received' : `${docs.length} document${docs.length === 1 ? ' was' : 's were'} received: ${listWords(docs.map((d) => `${summaryName(d)} (${d.file_name})`))}`;
  const payment =
    typeof cd.trx_amount === 'string' || typeof cd.trx_amount === 'number'
      ? ` The payment checked: ${cd.trx_direction === 'incoming' ? 'incoming from' : cd.trx_direction === 'outgoing' ? 'outgoing to' : 'with'} ${formatValue(cd.trx_counterparty_full_name)}, ${formatAmount(cd.trx_amount, cd.trx_currency)}${cd.trx_date ? ` on ${formatValue(cd.trx_date)}` : ''}.`
      : '';
  const completed = data.completed_at ? `, completed ${formatTimestamp(data.completed_at)}` : '';
  const what = `${sentence(humanizeKey(data.conversation_kind).toLowerCase())} conversation${completed}: ${sent}.${payment}`;

  const s = data.scoring;
  const share = s.conversation ? ` This conversation's findings add ${s.conversation.points} point${s.conversation.points === 1 ? '' : 's'} to it.` : '';
  const risk = `${riskLabel(s.risk_level)}: the case scores ${s.score} of 100 under scoring policy ${s.policy_version}.${share}`;

  const decision = data.decision
    ? `Decision: ${data.decision.outcome}${data.decision.by ? ` by ${data.decision.by}` : ''}${data.decision.at ? ` on ${formatTimestamp(data.decision.at)}` : ''}${data.decision.reason ? `: ${data.decision.reason}` : ''}.`
    : null;

  return { who, what, risk, decision, attention: attentionList(data) };
}

/**
 * Everything that was expected and is missing or weak, in plain sentences: critical and warning
 * findings, facts a document contradicts, unusable files, skipped and unanswered questions,
 * documents asked for and not received, payment facts no document supports, what makes a high
 * risk, and the checks that did not run. Empty only when each of those is.
 */
export function attentionList(data: ConversationReportData): string[] {
  const docs = uniqueDocuments(data.documents);
  const attention: string[] = [];
  for (const { finding, where } of keyFindings(data)) attention.push(`${finding.text}${where === 'Other findings' ? '' : ` (${where})`}`);
  const checks = transactionCheck(data);
  for (const row of checks)
    if (row.outcome === 'differs')
      attention.push(`The ${row.label.toLowerCase()} of the case (${row.case_value}) differs from ${row.document?.file_name ?? 'a document'} (${row.document_value ?? NOT_GIVEN}).`);
  for (const d of docs) if (d.rejected) attention.push(`${d.file_name} could not be used.`);
  for (const a of data.answers ?? []) if (a.status === 'skipped') attention.push(`The user skipped "${a.question}"${a.answer[0] ? `: ${a.answer[0].replace(/[.\s]+$/, '')}` : ' without a reason'}.`);
  for (const q of unansweredQuestions(data)) attention.push(q.sentence);
  for (const m of missingDocuments(data)) attention.push(m);
  const unsupported = checks.filter((r) => r.outcome === 'not_found');
  if (unsupported.length) attention.push(`No document supports the payment's ${listWords(unsupported.map((r) => `${r.label.toLowerCase()} (${r.case_value})`))}.`);
  if (data.scoring.risk_level === 'high')
    for (const f of data.scoring.factors)
      if (f.points > 0 && f.factor !== 'baseline' && !f.factor.startsWith('findings_') && f.factor !== 'rejected_documents')
        attention.push(`High risk: ${factorLabel(f.factor).toLowerCase()}, ${f.detail} (${f.points} points).`);
  for (const c of data.checks ?? []) if (c.status === 'not_run') attention.push(`${c.label}: ${c.text.charAt(0).toLowerCase()}${c.text.slice(1)}`);
  return attention;
}

/** Said only when the attention list is empty. */
export const NOTHING_NEEDS_ATTENTION =
  'Nothing: every question asked was answered, every document asked for was received and agrees with the case, no critical or warning finding was raised, and every check ran.';

/** Modules that ask the user a question, with what they ask for in words. */
const QUESTION_MODULES: Record<string, string> = {
  transaction_rationale: 'reason for the payment',
  website: "company's website",
  business_description: "description of the company's business",
};

/** Modules that ask for no document. */
const NOT_DOCUMENTS = new Set(['transaction_rationale', 'website', 'business_description', 'follow_up', 'documents_verification', 'declarations', 'questionnaire']);

/** The questions the conversation asked (its modules) that have no answer and were not skipped. */
export function unansweredQuestions(data: Pick<ConversationReportData, 'modules' | 'answers'>): { module: string; question: string; sentence: string }[] {
  const answers = [...(data.answers ?? [])];
  const out: { module: string; question: string; sentence: string }[] = [];
  for (const m of data.modules) {
    if (!(m.module in QUESTION_MODULES) && m.module !== 'follow_up') continue;
    const at = answers.findIndex((a) => a.module === m.module && a.status !== 'pending');
    if (at > -1) {
      answers.splice(at, 1);
      continue;
    }
    if (m.module === 'follow_up') {
      const subject = typeof m.subject === 'string' && m.subject ? m.subject : typeof m.question === 'string' ? m.question : 'a follow-up question';
      out.push({ module: m.module, question: subject, sentence: `The follow-up question "${subject}" was asked and not answered.` });
    } else {
      const what = QUESTION_MODULES[m.module]!;
      out.push({ module: m.module, question: sentence(what), sentence: `The ${what} was asked for and not given.` });
    }
  }
  return out;
}

/** The conversation's answers, with each question asked and never answered (a conversation completed over the API) as not answered. */
export function allAnswers(data: Pick<ConversationReportData, 'modules' | 'answers'>): ReportAnswer[] {
  return [...(data.answers ?? []), ...unansweredQuestions(data).map((q) => ({ module: q.module, question: q.question, status: 'pending' as const, answer: [], refused_attempts: 0 }))];
}

/** What a document module asks for, in words: the caller's name for other_document, else the type. */
function requestedDocument(m: { module: string; [extra: string]: unknown }): string {
  if (m.module === 'other_document' && typeof m.document_name === 'string' && m.document_name) return `document "${m.document_name}"`;
  return KIND[m.module] ?? humanizeKey(m.module).toLowerCase();
}

/** Whether a received document answers a document module. */
function answers(doc: ReportDocument, m: { module: string; [extra: string]: unknown }): boolean {
  if (m.module === 'other_document') return doc.document_name === m.document_name;
  const types = [doc.document_type, doc.extracted_data.requested_type, doc.extracted_data.document_type].filter((t): t is string => typeof t === 'string' && t !== '');
  return types.some((t) => t === m.module || m.module.startsWith(`${t}_`));
}

/** One sentence per document the conversation asked for and did not receive. */
export function missingDocuments(data: Pick<ConversationReportData, 'modules' | 'documents'>): string[] {
  const uploads = data.documents.filter((d) => d.source === 'upload');
  const unknown = uploads.filter((d) => !d.document_type && (typeof d.extracted_data.document_type !== 'string' || d.extracted_data.document_type === 'other'));
  const out: string[] = [];
  for (const m of data.modules) {
    if (NOT_DOCUMENTS.has(m.module)) continue;
    if (uploads.some((d) => answers(d, m))) continue;
    const what = requestedDocument(m);
    // A file of unknown type may be the one asked for: it is said so, not that nothing came.
    out.push(unknown.length ? `No file received was recognised as the ${what} asked for.` : `The ${what} was asked for and not received.`);
  }
  return out;
}

/** The one name of a document everywhere: the name it was asked for by, else its requested type, else the type it was read as. */
export function documentTitle(doc: ReportDocument): string {
  const asked = askedName(doc);
  if (asked) return asked;
  const kind = documentKind(doc);
  return kind === 'document' && !doc.document_type ? NOT_CLASSIFIED : sentence(kind);
}

/** A document inside a sentence: "an invoice", or the name it was asked for by in quotes. */
function summaryName(d: ReportDocument): string {
  const kind = documentKind(d);
  const asked = askedName(d);
  return asked && asked.toLowerCase() !== kind.toLowerCase() ? `"${asked}"` : withArticle(kind);
}

/** The documents with a file sent twice (same SHA-256) shown once: the first time it came. */
export function uniqueDocuments(documents: ReportDocument[]): ReportDocument[] {
  const seen = new Set<string>();
  return documents.filter((d) => (seen.has(d.sha256) ? false : (seen.add(d.sha256), true)));
}

/** Names of the files that repeat an earlier one, by document id, with the file they repeat. */
export function repeatedDocuments(documents: ReportDocument[]): Map<string, string> {
  const first = new Map<string, string>();
  const out = new Map<string, string>();
  for (const d of documents) {
    const earlier = first.get(d.sha256);
    if (earlier) out.set(d.document_id, earlier);
    else first.set(d.sha256, d.file_name);
  }
  return out;
}

export interface FactTable {
  title: string;
  columns: string[];
  /** Which columns hold amounts (right-aligned). */
  numeric?: number[];
  rows: string[][];
}

/** Keys of extracted_data that describe how the document was read, not what it says. */
const TECHNICAL_KEYS = [
  'requested_type',
  'document_type',
  'classified_type',
  'classification_confidence',
  'page_count',
  'pages_read',
  'text_length',
  'read_method',
  'ocr_confidence',
  'language',
  'producer',
  'creator',
  'einvoice',
  'company_name_match',
  'tamper',
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const given = (v: unknown): boolean => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0) && !(isObj(v) && Object.values(v).every((x) => !given(x)));

/** What the document states: its fields, or for documents read another way the non-technical keys. */
function statedFields(doc: ReportDocument): Obj {
  const data = doc.extracted_data;
  if (isObj(data.fields)) return data.fields;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !TECHNICAL_KEYS.includes(k)));
}

function partyRow(role: string, p: Obj): string[] {
  const ids = [p.registration_number ? `Reg. ${formatValue(p.registration_number)}` : '', p.vat_id ? `VAT ${formatValue(p.vat_id)}` : '', p.iban ? `IBAN ${formatValue(p.iban)}` : ''].filter(Boolean);
  return [role, formatValue(p.name), [formatValue(p.address), p.country_code ? String(p.country_code) : ''].filter((x) => x && x !== NOT_GIVEN).join(', ') || NOT_GIVEN, ids.join('; ') || NOT_GIVEN];
}

/** A party's role in words: seller, buyer, supplier, customer; a party named without a role is "Party", never the list's name. */
function partyRole(role: unknown, listKey: string): string {
  if (typeof role === 'string' && role.trim()) return humanizeKey(role);
  return listKey === 'parties' ? 'Party' : humanizeKey(listKey.replace(/s$/, ''));
}

/** A line's figure grouped like an amount when it is one. */
const amountOrValue = (v: unknown): string => (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) ? formatAmount(v) : formatValue(v));

const AMOUNT = /(total|amount|balance|value|freight|premium|insured|price)/;
const DATE = /(^|_)(date|period|laycan)$|^(valid_from|expiry_date|due_date)$/;

/** Facts a report shows only in part: a bank account or card number. */
const MASKED = new Set(['account_number', 'card_number']);

/** An account number with all but its last four digits hidden: "•••• 6789". */
function masked(v: string): string {
  const digits = v.replace(/\D/g, '');
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : v;
}

/** A document's facts as small tables: parties, lines, totals, dates, and the other facts. */
export function documentTables(doc: ReportDocument): FactTable[] {
  const fields = statedFields(doc);
  const currency = typeof fields.currency === 'string' ? fields.currency : '';
  const used = new Set<string>(['source', 'currency']);
  const tables: FactTable[] = [];

  const parties: string[][] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (isObj(v) && 'name' in v && given(v)) {
      parties.push(partyRow(humanizeKey(k), v));
      used.add(k);
    } else if (Array.isArray(v) && v.length > 0 && v.every((x) => isObj(x) && 'name' in x)) {
      for (const p of v as Obj[]) parties.push(partyRow(partyRole(p.role, k), p));
      used.add(k);
    }
  }
  if (parties.length) tables.push({ title: 'Parties', columns: ['Role', 'Name', 'Address', 'Identifiers'], rows: parties });

  if (Array.isArray(fields.lines)) {
    used.add('lines');
    const lines = (fields.lines as Obj[]).filter(isObj);
    if (lines.length)
      tables.push({
        title: 'Lines',
        columns: ['Description', 'Quantity', 'Unit price', 'Amount'],
        numeric: [1, 2, 3],
        rows: lines.map((l) => [formatValue(l.description), formatValue(l.quantity), amountOrValue(l.unit_price), amountOrValue(l.amount)]),
      });
  }

  const totals: string[][] = [];
  const dates: string[][] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (used.has(k) || !given(v)) continue;
    if (DATE.test(k)) {
      dates.push([humanizeKey(k), isObj(v) ? `${formatValue(v.from)} to ${formatValue(v.to)}` : formatValue(v)]);
      used.add(k);
    } else if (AMOUNT.test(k) && (typeof v === 'string' || typeof v === 'number')) {
      totals.push([humanizeKey(k), formatAmount(v, currency)]);
      used.add(k);
    }
  }
  if (totals.length) tables.push({ title: 'Totals', columns: ['Item', 'Amount'], numeric: [1], rows: totals });
  const other: string[][] = [...dates];
  if (currency) other.push(['Currency', currency]);
  for (const [k, v] of Object.entries(fields)) {
    if (used.has(k) || !given(v)) continue;
    if (isObj(v)) {
      for (const [sub, sv] of Object.entries(v)) if (given(sv)) other.push([`${humanizeKey(k)}: ${humanizeKey(sub).toLowerCase()}`, formatValue(sv)]);
    } else other.push([humanizeKey(k), MASKED.has(k) ? masked(String(v)) : formatValue(v)]);
  }
  if (other.length) tables.push({ title: dates.length ? 'Dates and other facts' : 'Other facts', columns: ['Fact', 'Value'], rows: other });
  return tables;
}

const READ_METHOD: Record<string, string> = { text_layer: 'text layer of the PDF', ocr: 'optical character recognition', mixed: 'text layer and optical character recognition', none: 'not read' };

/** How a document was read and stored: for the technical appendix. */
export function technicalFacts(doc: ReportDocument): Fact[] {
  const data = doc.extracted_data;
  const facts: Fact[] = [
    { label: 'Document id', value: doc.document_id, mono: true },
    { label: 'SHA-256', value: doc.sha256, mono: true },
    { label: 'Media type', value: doc.media_type },
    { label: 'Size', value: formatBytes(doc.size_bytes) },
    { label: 'Source', value: sourceLabel(doc) },
    { label: 'Received', value: formatTimestamp(doc.uploaded_at) },
  ];
  if (doc.source_url) facts.push({ label: 'Source URL', value: doc.source_url, href: safeHttpUrl(doc.source_url) });
  if (doc.document_type) facts.push({ label: 'Requested type code', value: doc.document_type, mono: true });
  for (const key of TECHNICAL_KEYS) {
    const v = data[key];
    if (!given(v) || key === 'requested_type') continue;
    let value = formatValue(v);
    if (key === 'read_method' && typeof v === 'string') value = READ_METHOD[v] ?? v;
    if (key === 'tamper' && isObj(v))
      value = `score ${formatValue(v.score)}; ${Array.isArray(v.signals) ? v.signals.map((s) => (isObj(s) ? formatValue(s.detail ?? s.signal) : formatValue(s))).join('; ') : ''}`;
    facts.push({ label: humanizeKey(key), value });
  }
  const fields = data.fields;
  if (isObj(fields) && typeof fields.source === 'string') facts.push({ label: 'Fields read from', value: fields.source === 'einvoice' ? 'embedded e-invoice data' : 'the text' });
  return facts;
}

/** One line on the answer to a question, and its refused attempts as a count. */
export function answerStatus(a: ReportAnswer): string {
  const refused = a.refused_attempts ? `${a.refused_attempts} attempt${a.refused_attempts === 1 ? '' : 's'} refused` : 'accepted at the first attempt';
  if (a.status === 'skipped') return `Skipped${a.refused_attempts ? `; ${refused}` : ''}`;
  if (a.status === 'pending') return `Not answered${a.refused_attempts ? `; ${refused}` : ''}`;
  return sentence(refused);
}

/** The conversation's answers, or a sentence saying why there are none. */
export function answersIntro(data: ConversationReportData): string | null {
  if (allAnswers(data).length > 0) return null;
  return 'No question was asked in this conversation.';
}

const FACTOR_LABEL: Record<string, string> = {
  baseline: 'Baseline',
  findings_critical: 'Critical findings',
  findings_warning: 'Warnings',
  findings_info: 'Information findings',
  rejected_documents: 'Unusable documents',
  country_main_company: "Company's country",
  country_owners_directors: "Owners' and directors' countries",
  country_counterparties: "Counterparties' countries",
  industry: 'Industry',
  ownership_unresolved: 'Owners not traced',
  ownership_unpublished: 'Unpublished owners',
  ownership_bands_only: 'Ownership known as bands',
  ownership_circular: 'Circular holding',
  nominee_directors: 'Nominee directors',
  no_ubo_identified: 'No beneficial owner identified',
  inconsistent_stakes: 'Inconsistent stakes',
  declared_ownership_mismatch: 'Declared ownership differs',
  company_age: 'Company age',
  company_age_unknown: 'Incorporation date unknown',
  company_status: 'Register status',
  pep: 'Politically exposed person',
  us_person: 'US person',
  transaction_amount: 'Transaction amount',
  third_party_payment: 'Third-party payment',
  person_counterparty: 'Person as counterparty',
};

/** A scoring factor in words. */
export function factorLabel(factor: string): string {
  return FACTOR_LABEL[factor] ?? humanizeKey(factor);
}

/** The case report's first words: who, the risk, the decision if any, and what needs attention across its conversations. */
export function caseSummary(data: CaseReportData): { lines: string[]; attention: string[] } {
  const first = data.conversations[0];
  const lines: string[] = [];
  if (first) lines.push(plainSummary(first).who);
  lines.push(
    `${data.conversations.length} conversation${data.conversations.length === 1 ? '' : 's'}. ${riskLabel(data.scoring.risk_level)}: the case scores ${data.scoring.score} of 100 under scoring policy ${data.scoring.policy_version}.`,
  );
  if (data.decision) {
    const d = data.decision;
    lines.push(`Decision: ${d.outcome}${d.by ? ` by ${d.by}` : ''}${d.at ? ` on ${formatTimestamp(d.at)}` : ''}${d.reason ? `: ${d.reason}` : ''}.`);
  }
  // What every conversation says (the case's screening, registers, risk) is said once.
  const lists = data.conversations.map((c) => attentionList(c));
  const everywhere = new Set((lists[0] ?? []).filter((a) => lists.every((l) => l.includes(a))));
  const attention = [...(lists.length > 1 ? [...everywhere] : []), ...lists.flatMap((l, i) => (lists.length > 1 ? l.filter((a) => !everywhere.has(a)).map((a) => `Conversation ${i + 1}: ${a}`) : l))];
  return { lines, attention };
}
