// The transaction facts of a case beside what each document says about them (amount, currency,
// date, counterparty, reference), with whether they agree. Reads whatever extraction put in a
// document's extracted_data, at the top level or nested (an e-invoice's seller, buyer and totals).
import { normalizeCompanyName } from '../lib/names.ts';
import type { ConversationReportData, ReportDocument } from './report-data.ts';
import { formatAmount } from '../lib/amounts.ts';
import { formatValue } from './report-view.ts';

/** `unlinked`: a reference the document does not mention, which is common and not a contradiction. */
export type CheckOutcome = 'match' | 'differs' | 'unlinked' | 'not_found';

export interface TransactionCheckRow {
  fact: string;
  label: string;
  case_value: string;
  /** The document the value was read from, or null when no document states the fact. */
  document: { document_id: string; file_name: string } | null;
  document_value: string | null;
  /** Where in extracted_data the value came from, e.g. "einvoice.grand_total". */
  source_key: string | null;
  outcome: CheckOutcome;
  /** The comparison in words when the values are not simply equal, e.g. "invoice dated 3 days before the payment". */
  note: string | null;
}

interface FactRule {
  fact: string;
  caseKey: string;
  label: string;
  keys: string[];
  same(caseValue: unknown, docValue: unknown): boolean;
  /** What a value that is not the same means; a contradiction unless said otherwise. */
  otherwise?: CheckOutcome;
  /** A comparison that depends on what the value is (a date before or after the payment); replaces `same`. */
  compare?(caseValue: unknown, docValue: unknown, key: string): { outcome: CheckOutcome; note: string | null };
}

const DAY_MS = 86_400_000;

function dayOf(v: unknown): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text(v));
  if (!m) return null;
  const t = Date.parse(`${m[1]}T00:00:00Z`);
  return Number.isFinite(t) ? t / DAY_MS : null;
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/**
 * A document's date beside the payment date. A document issued before the payment (an invoice, a
 * contract) matches: that is the normal order. One issued after the payment differs. A due date
 * the payment met matches; a stated payment date must be the same day.
 */
function compareDates(caseValue: unknown, docValue: unknown, key: string): { outcome: CheckOutcome; note: string | null } {
  const paid = dayOf(caseValue);
  const stated = dayOf(docValue);
  if (paid === null || stated === null) return { outcome: 'differs', note: null };
  const gap = Math.round(stated - paid);
  if (gap === 0) return { outcome: 'match', note: key.endsWith('due_date') ? 'due on the day of the payment' : 'same day as the payment' };
  const what = key.endsWith('due_date')
    ? 'due'
    : key.endsWith('contract_date')
      ? 'contract dated'
      : key.endsWith('payment_date')
        ? 'payment date stated'
        : key.includes('invoice') || key.endsWith('issue_date')
          ? 'invoice dated'
          : 'dated';
  if (key.endsWith('payment_date')) return { outcome: 'differs', note: `${what} ${days(Math.abs(gap))} ${gap < 0 ? 'before' : 'after'} the payment` };
  if (key.endsWith('due_date')) return { outcome: 'match', note: `${what} ${days(Math.abs(gap))} ${gap < 0 ? 'before' : 'after'} the payment` };
  return gap < 0 ? { outcome: 'match', note: `${what} ${days(-gap)} before the payment` } : { outcome: 'differs', note: `${what} ${days(gap)} after the payment` };
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const cleaned = v.replace(/[\s\u00a0']/g, '');
  const n = Number(/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned) ? cleaned.replace(/,/g, '') : cleaned);
  return Number.isFinite(n) ? n : null;
};
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const compact = (v: unknown) =>
  text(v)
    .replace(/[\s\-/.]/g, '')
    .toUpperCase();

function sameName(a: unknown, b: unknown): boolean {
  const left = normalizeCompanyName(text(a));
  const names = Array.isArray(b) ? b : [b];
  return names.some((n) => {
    const right = normalizeCompanyName(text(n));
    return right.core !== '' && (right.full === left.full || right.core === left.core);
  });
}

const RULES: FactRule[] = [
  {
    fact: 'amount',
    caseKey: 'trx_amount',
    label: 'Amount',
    keys: ['grand_total', 'due_payable', 'total_amount', 'invoice_total', 'amount_total', 'total', 'amount', 'contract_value'],
    same: (a, b) => num(a) !== null && num(b) !== null && Math.abs(num(a)! - num(b)!) < 0.005,
  },
  {
    fact: 'currency',
    caseKey: 'trx_currency',
    label: 'Currency',
    keys: ['currency', 'currency_code'],
    same: (a, b) => text(a).toUpperCase() === text(b).toUpperCase(),
  },
  {
    fact: 'date',
    caseKey: 'trx_date',
    label: 'Date',
    keys: ['payment_date', 'issue_date', 'invoice_date', 'due_date', 'contract_date', 'date'],
    same: (a, b) => text(a).slice(0, 10) === text(b).slice(0, 10),
    compare: compareDates,
  },
  {
    fact: 'counterparty',
    caseKey: 'trx_counterparty_full_name',
    label: 'Counterparty',
    keys: [],
    same: sameName,
  },
  {
    fact: 'reference',
    caseKey: 'trx_ref_number',
    label: 'Reference',
    keys: ['invoice_number', 'reference', 'ref_number', 'contract_number', 'payment_reference'],
    same: (a, b) => compact(a) !== '' && compact(b) !== '' && (compact(b).includes(compact(a)) || compact(a).includes(compact(b))),
    otherwise: 'unlinked',
  },
];

/** The first value under one of `keys` (in that order), searching nested objects breadth-first. */
function findValue(data: Record<string, unknown>, keys: string[]): { key: string; value: unknown } | null {
  for (const key of keys) {
    const queue: { obj: Record<string, unknown>; path: string; depth: number }[] = [{ obj: data, path: '', depth: 0 }];
    while (queue.length) {
      const { obj, path, depth } = queue.shift()!;
      const v = obj[key];
      if (v !== undefined && v !== null && v !== '' && typeof v !== 'object') return { key: `${path}${key}`, value: v };
      if (depth >= 3) continue;
      for (const [k, child] of Object.entries(obj)) {
        if (child && typeof child === 'object' && !Array.isArray(child)) queue.push({ obj: child as Record<string, unknown>, path: `${path}${k}.`, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Party names a document states: the side facing the counterparty first. */
function partyNames(data: Record<string, unknown>, direction: unknown): { key: string; value: string[] } | null {
  const sides = direction === 'outgoing' ? ['seller', 'supplier', 'buyer', 'customer'] : ['buyer', 'customer', 'seller', 'supplier'];
  for (const side of [...sides, 'counterparty']) {
    const found = findValue(data, [`${side}_name`]) ?? findNested(data, side);
    if (found) return { key: found.key, value: [text(found.value)] };
  }
  const parties = data.parties;
  if (Array.isArray(parties) && parties.length) return { key: 'parties', value: parties.map((p) => (typeof p === 'object' && p ? text((p as Record<string, unknown>).name) : text(p))) };
  return null;
}

function findNested(data: Record<string, unknown>, side: string): { key: string; value: unknown } | null {
  const queue: { obj: Record<string, unknown>; path: string; depth: number }[] = [{ obj: data, path: '', depth: 0 }];
  while (queue.length) {
    const { obj, path, depth } = queue.shift()!;
    const v = obj[side];
    if (typeof v === 'string' && v.trim()) return { key: `${path}${side}`, value: v };
    if (v && typeof v === 'object' && !Array.isArray(v) && text((v as Record<string, unknown>).name)) {
      return { key: `${path}${side}.name`, value: (v as Record<string, unknown>).name };
    }
    if (depth >= 2) continue;
    for (const [k, child] of Object.entries(obj)) {
      if (child && typeof child === 'object' && !Array.isArray(child)) queue.push({ obj: child as Record<string, unknown>, path: `${path}${k}.`, depth: depth + 1 });
    }
  }
  return null;
}

/** An amount a document states, grouped, with the document's own currency when it names one. */
function documentAmount(doc: ReportDocument, value: unknown): string {
  const n = num(value);
  return formatAmount(n === null ? value : String(n), findValue(doc.extracted_data, ['currency', 'currency_code'])?.value);
}

/**
 * One row per transaction fact and document that states it, plus a "not found" row for a fact no
 * document states. Empty when the case has no transaction facts (onboarding).
 */
export function transactionCheck(data: Pick<ConversationReportData, 'case_data' | 'documents'>): TransactionCheckRow[] {
  const caseData = data.case_data;
  const rows: TransactionCheckRow[] = [];
  for (const rule of RULES) {
    const caseRaw = caseData[rule.caseKey];
    if (caseRaw === undefined || caseRaw === null || caseRaw === '') continue;
    const caseValue = rule.fact === 'amount' ? formatAmount(caseRaw, caseData.trx_currency) : formatValue(caseRaw);
    const found: TransactionCheckRow[] = [];
    // A file sent twice states the same facts: it is compared once.
    const seen = new Set<string>();
    for (const doc of data.documents as ReportDocument[]) {
      if (seen.has(doc.sha256)) continue;
      seen.add(doc.sha256);
      const hit = rule.fact === 'counterparty' ? partyNames(doc.extracted_data, caseData.trx_direction) : findValue(doc.extracted_data, rule.keys);
      if (!hit) continue;
      const compared =
        rule.compare && !Array.isArray(hit.value) ? rule.compare(caseRaw, hit.value, hit.key) : { outcome: rule.same(caseRaw, hit.value) ? 'match' : (rule.otherwise ?? 'differs'), note: null };
      found.push({
        fact: rule.fact,
        label: rule.label,
        case_value: caseValue,
        document: { document_id: doc.document_id, file_name: doc.file_name },
        document_value: Array.isArray(hit.value) ? hit.value.join('; ') : rule.fact === 'amount' ? documentAmount(doc, hit.value) : formatValue(hit.value),
        source_key: hit.key,
        outcome: compared.outcome as CheckOutcome,
        note: compared.note,
      });
    }
    if (found.length === 0) found.push({ fact: rule.fact, label: rule.label, case_value: caseValue, document: null, document_value: null, source_key: null, outcome: 'not_found', note: null });
    rows.push(...found);
  }
  return rows;
}

export const OUTCOME_LABEL: Record<CheckOutcome, string> = { match: 'Matches', differs: 'Differs', unlinked: 'Not referenced', not_found: 'Not in any document' };

/** The outcome with a sign, for places without colour (the PDF table, plain text). */
export const OUTCOME_TEXT: Record<CheckOutcome, string> = { match: '✓ Matches', differs: '✗ Differs', unlinked: '– Not referenced', not_found: '– Not in any document' };
