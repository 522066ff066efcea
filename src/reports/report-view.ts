// What both report renderers show, worked out once: labels, ordering, counts and value formatting,
// so the web report and the PDF report can never disagree about a case.
import type { ConversationReportData, ReportDocument, ReportFinding, ReportLogEntry, Severity } from './report-data.ts';
import { loadCodeLists, titleOf } from '../industry/code-lists.ts';
import { formatAmount, groupDigits } from '../lib/amounts.ts';

/** Most severe first: the order findings are listed in everywhere. */
export const SEVERITIES: readonly Severity[] = ['critical', 'warning', 'info'];

export const SEVERITY_LABEL: Record<Severity, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

/** Shown for absent values so an empty cell is never mistaken for a rendering fault. */
export const NOT_GIVEN = '—';

export interface Fact {
  label: string;
  value: string;
  /** A checked http(s) address to link the value to. */
  href?: string;
  /** Hashes and ids read better, and are compared character by character, in a monospace font. */
  mono?: boolean;
}

export interface LocatedFinding {
  finding: ReportFinding;
  /** The document file name, or "Other findings" for findings not tied to one document. */
  where: string;
}

const FIELD_LABELS: Record<string, string> = {
  case_kind: 'Case kind',
  company_full_name: 'Company',
  company_country_code: 'Country',
  company_reg_number: 'Registration number',
  company_reg_date: 'Registration date',
  company_id: 'Company id (caller)',
  company_industry_classification: 'Industry classification',
  user_full_name: 'User',
  account_opening_date: 'Account opening date',
  trx_direction: 'Direction',
  trx_amount: 'Amount',
  trx_currency: 'Currency',
  trx_counterparty_full_name: 'Counterparty',
  trx_date: 'Date',
  trx_ref_number: 'Reference',
  trx_description: 'Description',
  ultimate_debtor: 'Ultimate debtor',
  ultimate_creditor: 'Ultimate creditor',
  // Modules, as the dialog names them.
  transaction_rationale: 'Reason for the payment',
  follow_up: 'Follow-up question',
  cargo_bill: 'Bill of lading',
};

/** Transaction facts in reading order; any other trx_ field follows them. */
const TRANSACTION_FIELDS = ['trx_direction', 'trx_amount', 'trx_currency', 'trx_counterparty_full_name', 'trx_date', 'trx_ref_number', 'trx_description', 'ultimate_debtor', 'ultimate_creditor'];

/** Abbreviations that read wrongly in lower case once a snake_case code becomes a label. */
const ACRONYMS = new Set(['vat', 'iban', 'bic', 'swift', 'pep', 'ubo', 'url', 'kyc', 'aml', 'uk', 'us', 'eu', 'psc']);

export function humanizeKey(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w));
  if (words.length === 0) return key;
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Plain text for any JSON value; numbers are kept as given so amounts never drift. */
export function formatValue(value: unknown, depth = 0): string {
  if (value === null || value === undefined || value === '') return NOT_GIVEN;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (depth > 4) return '…';
  if (Array.isArray(value)) {
    return value.length === 0 ? NOT_GIVEN : value.map((item) => formatValue(item, depth + 1)).join('; ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return NOT_GIVEN;
    return entries.map(([k, v]) => `${humanizeKey(k)}: ${formatValue(v, depth + 1)}`).join(', ');
  }
  return String(value);
}

/**
 * Reads an ISO-style date-time; one without a zone is taken as UTC, as stored timestamps are, so
 * the result never depends on the server's time zone. Null for anything else.
 */
export function parseTimestamp(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const date = new Date(zoned.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date-times as "YYYY-MM-DD HH:MM:SS UTC"; anything unparsable is shown as given. */
export function formatTimestamp(value: string | null): string {
  if (!value) return NOT_GIVEN;
  const date = parseTimestamp(value);
  return date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : value;
}

/** Industry codes as "46690 Wholesale of other machinery and equipment (UK SIC 2007)", from the code lists Dossier ships. */
function formatIndustryCodes(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return formatValue(value);
  return value
    .map((c) => {
      if (!c || typeof c !== 'object') return formatValue(c);
      const { classification, code } = c as { classification?: unknown; code?: unknown };
      if (typeof code !== 'string' && typeof code !== 'number') return formatValue(c);
      const list = typeof classification === 'string' ? classification : '';
      const title = list ? titleOf(loadCodeLists(), list, String(code)) : null;
      const listName = CLASSIFICATION_NAMES[list] ?? list;
      return `${code}${title ? ` ${title}` : ''}${listName ? ` (${listName}${title ? '' : ', title not known'})` : ''}`;
    })
    .join('; ');
}

const CLASSIFICATION_NAMES: Record<string, string> = { UKSIC2007: 'UK SIC 2007', NACE: 'NACE Rev. 2', NAICS: 'NAICS 2022', MCC: 'merchant category code' };

/** A fact of the case as the reader reads it: amounts grouped with their currency, industry codes with their titles, directions and kinds in words. */
function formatCaseValue(key: string, caseData: Record<string, unknown>): string {
  const v = caseData[key];
  if (key === 'trx_amount') return formatAmount(v, caseData.trx_currency);
  if (key === 'company_industry_classification') return formatIndustryCodes(v);
  if ((key === 'trx_direction' || key === 'case_kind') && typeof v === 'string') return humanizeKey(v);
  return formatValue(v);
}

export function formatBytes(size: number): string {
  const exact = `${groupDigits(String(size))} bytes`;
  if (size < 1024) return exact;
  const [unit, divisor] = size < 1024 * 1024 ? ['KiB', 1024] : ['MiB', 1024 * 1024];
  return `${exact} (${(size / divisor).toFixed(1)} ${unit})`;
}

/** Only http(s) addresses become links: a stored javascript: or data: URL stays inert text. */
export function safeHttpUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function sortFindings(findings: readonly ReportFinding[]): ReportFinding[] {
  // Array.prototype.sort is stable, so findings of equal severity keep the order they were raised in.
  return [...findings].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

export function locatedFindings(data: ConversationReportData): LocatedFinding[] {
  const fromDocuments = data.documents.flatMap((doc) => doc.findings.map((finding) => ({ finding, where: doc.file_name })));
  const other = data.other_findings.map((finding) => ({ finding, where: 'Other findings' }));
  return [...fromDocuments, ...other];
}

export function severityCounts(findings: readonly { severity: Severity }[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

/** The findings an analyst must look at before signing off: critical first, then warnings. */
export function keyFindings(data: ConversationReportData): LocatedFinding[] {
  const rank = (f: LocatedFinding) => SEVERITIES.indexOf(f.finding.severity);
  return locatedFindings(data)
    .filter((f) => f.finding.severity !== 'info')
    .sort((a, b) => rank(a) - rank(b));
}

export function riskLabel(riskLevel: string): string {
  return `${riskLevel.charAt(0).toUpperCase()}${riskLevel.slice(1)} risk`;
}

export function headerFacts(data: ConversationReportData): Fact[] {
  return [
    { label: 'Company', value: data.company_full_name },
    { label: 'Country', value: formatValue(data.company_country_code) },
    { label: 'Case id', value: data.case_id, mono: true },
    { label: 'Conversation id', value: data.conversation_id, mono: true },
    { label: 'Communication id', value: formatValue(data.communication_id), mono: data.communication_id !== null },
    { label: 'Case kind', value: humanizeKey(data.case_kind) },
    { label: 'Conversation kind', value: humanizeKey(data.conversation_kind) },
    { label: 'Completed', value: formatTimestamp(data.completed_at) },
    { label: 'Generated', value: formatTimestamp(data.generated_at) },
  ];
}

function isTransactionField(key: string): boolean {
  return TRANSACTION_FIELDS.includes(key) || key.startsWith('trx_');
}

/** Case data split into the company/case details and the transaction facts (empty when none). */
export function caseDataFacts(caseData: Record<string, unknown>): { details: Fact[]; transaction: Fact[] } {
  const toFact = (key: string): Fact => ({ label: humanizeKey(key), value: formatCaseValue(key, caseData) });
  const keys = Object.keys(caseData);
  const trxKeys = [...TRANSACTION_FIELDS.filter((k) => k in caseData), ...keys.filter((k) => isTransactionField(k) && !TRANSACTION_FIELDS.includes(k))];
  return { details: keys.filter((k) => !isTransactionField(k)).map(toFact), transaction: trxKeys.map(toFact) };
}

export function moduleFacts(modules: ConversationReportData['modules']): Fact[] {
  return modules.map(({ module, ...extra }) => {
    const details = Object.entries(extra).map(([k, v]) => `${humanizeKey(k)}: ${formatValue(v)}`);
    return { label: humanizeKey(module), value: details.length > 0 ? details.join('\n') : 'Requested' };
  });
}

/** The one label of a document whose type is not known, everywhere. */
export const NOT_CLASSIFIED = 'Not classified';

/** The name the client asked for the document by (an other_document's document_name), when it has one beside its file name. */
export function askedName(doc: { document_name: string; file_name: string; source?: string }): string | null {
  return doc.document_name && doc.document_name !== doc.file_name ? doc.document_name : null;
}

/** A document's one name: the name it was asked for by, else its requested type, else "Not classified". */
export function documentName(doc: { document_name: string; file_name: string; document_type: string | null }): string {
  return askedName(doc) ?? (doc.document_type ? humanizeKey(doc.document_type) : NOT_CLASSIFIED);
}

export function documentTypeLabel(doc: ReportDocument): string {
  if (doc.document_type) return humanizeKey(doc.document_type);
  const read = doc.extracted_data.document_type;
  return typeof read === 'string' && read && read !== 'other' ? humanizeKey(read) : NOT_CLASSIFIED;
}

export function sourceLabel(doc: ReportDocument): string {
  return doc.source === 'register' ? 'Official register' : 'Upload';
}

export function documentFacts(doc: ReportDocument): Fact[] {
  const facts: Fact[] = [
    { label: 'File name', value: doc.file_name },
    { label: 'Document type', value: documentTypeLabel(doc) },
    { label: 'Document name', value: formatValue(doc.document_name) },
    { label: 'Media type', value: doc.media_type },
    { label: 'Size', value: formatBytes(doc.size_bytes) },
    { label: 'SHA-256', value: doc.sha256, mono: true },
    { label: 'Source', value: sourceLabel(doc) },
  ];
  if (doc.source_url) facts.push({ label: 'Source URL', value: doc.source_url, href: safeHttpUrl(doc.source_url) });
  facts.push(
    { label: 'Rejected', value: doc.rejected ? 'Yes — rejected' : 'No' },
    { label: 'Uploaded', value: formatTimestamp(doc.uploaded_at) },
    { label: 'Document id', value: doc.document_id, mono: true },
  );
  return facts;
}

export function extractedFacts(doc: ReportDocument): Fact[] {
  return Object.entries(doc.extracted_data).map(([k, v]) => ({ label: humanizeKey(k), value: formatValue(v) }));
}

/** Who wrote or sent something, in words: the bank over the API, the company's user, or an analyst by name. */
export function authorWords(author: string): string {
  if (author === 'api') return 'the bank over the API';
  if (author === 'user') return "the company's user";
  if (author === 'dossier') return 'Dossier';
  if (author === 'analyst') return 'an analyst';
  return author || 'an unknown author';
}

/** The same at the start of a line or in a table cell: "The bank over the API". */
export function authorLabel(author: string): string {
  const words = authorWords(author);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function commentByline(comment: ReportFinding['comments'][number]): string {
  return `${authorWords(comment.author)}, ${formatTimestamp(comment.created_at)}`;
}

/** How a document came: from a register, from the bank over the API, or from the company's user in the dialog. */
export function documentSender(doc: ReportDocument, log: readonly ReportLogEntry[]): string {
  if (doc.source === 'register') return 'From an official register';
  const entry = log.find((e) => e.attachments.some((a) => a.document_id === doc.document_id));
  if (entry?.author === 'api') return 'Sent by the bank over the API';
  if (entry?.author === 'user') return "Sent by the company's user in the dialog";
  return 'Received';
}

export function attachmentsText(entry: ReportLogEntry): string {
  return entry.attachments.map((a) => a.file_name).join(', ');
}
