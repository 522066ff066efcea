// Scores what Dossier read from one real document against the values a person read from it
// (`<name>.expected.json` in the real-documents folder): the classification, each expected field
// (strict: the value in the right field), and every warning or critical finding that the expected
// file does not list as genuine. Pure: the expected file and Dossier's answer in, a score out.
import fs from 'node:fs';
import path from 'node:path';
import { normalizeCompanyName, normalizeText } from '../../src/lib/names.ts';

export interface Expected {
  file: string;
  document_type: string;
  accept_types: string[];
  requested_type: string;
  case: { company_full_name: string; user_full_name: string };
  fields: Record<string, string | number | string[]>;
  genuine_findings: string[];
  notes?: string;
}

/** The documents of a real-documents folder: each `<name>.expected.json`, read, with its file's path. */
export function expectedFiles(dir: string): { name: string; expected: Expected; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.expected.json'))
    .sort()
    .map((f) => {
      const expected = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Expected;
      return { name: f.replace(/\.expected\.json$/, ''), expected, file: path.join(dir, expected.file) };
    });
}

/** What Dossier answered for the document: its extracted_data and the findings of its verification. */
export interface Answer {
  extracted: Record<string, unknown> | null;
  findings: { code: string; severity: string; text: string }[];
}

export interface FieldScore {
  field: string;
  want: unknown;
  got: unknown;
  ok: boolean;
}

/** Kinds the figures are given for (the expected type, identity documents by what was asked for). */
export type Kind = 'invoice' | 'passport' | 'id_card' | 'driving_licence' | 'contract' | 'company_record' | 'articles' | 'licence' | 'insurance' | 'utility_bill' | 'bank_statement' | 'other';

export const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'invoice', label: 'invoices' },
  { kind: 'passport', label: 'passports' },
  { kind: 'id_card', label: 'ID cards and other identity documents' },
  { kind: 'driving_licence', label: 'driving licences' },
  { kind: 'contract', label: 'contracts' },
  { kind: 'company_record', label: 'certificates of incorporation, register extracts' },
  { kind: 'articles', label: 'articles and memoranda' },
  { kind: 'licence', label: 'licences and tax registrations' },
  { kind: 'insurance', label: 'insurance certificates' },
  { kind: 'utility_bill', label: 'utility bills' },
  { kind: 'bank_statement', label: 'bank statements' },
  { kind: 'other', label: 'other' },
];

export interface DocumentScore {
  name: string;
  kind: Kind;
  /** 'first' for the first 25 documents of the set, 'new' for the 43 added on 2026-11-26, 'later' for any added since. */
  batch: Batch;
  expectedType: string;
  classifiedAs: string | null;
  classified: boolean;
  fields: FieldScore[];
  falseFindings: { code: string; severity: string; text: string }[];
  missedGenuine: string[];
  readMethod: unknown;
  ocrConfidence: unknown;
  seconds: number;
}

/**
 * The documents of the set's first batch (file names only). Every other document is new: the set's
 * second batch (43 documents of 2026-11-26) is everything else at the time of writing.
 */
const FIRST_BATCH = new Set([
  ...['britain', 'britain2', 'dutch', 'english-png', 'french', 'german', 'india', 'italian', 'pdf', 'portuguese', 'spanish'].map((n) => `azure-invoice-${n}`),
  'azure-passport-can',
  'azure-passport-mys',
  'azure-project-statement',
  'azure-simple-invoice',
  'azure-web-hosting-contract',
  'pe-id-che',
  ...['can', 'cze', 'fin', 'hrv', 'ltu', 'pol', 'twn', 'uto'].map((n) => `pe-pass-${n}`),
]);
export type Batch = 'first' | 'new';
export function batchOf(name: string): Batch {
  return FIRST_BATCH.has(name) ? 'first' : 'new';
}

/** Where each expected field lives in `extracted_data.fields`: the first path holding a value wins (SOURCE.txt's fallbacks). */
const PATHS: Record<string, string[]> = {
  seller: ['seller.name', 'seller'],
  buyer: ['buyer.name', 'buyer'],
  total: ['grand_total', 'amount_due', 'total_value'],
  issue_date: ['issue_date', 'statement_date', 'date'],
  period_from: ['period.from'],
  period_to: ['period.to'],
  issuer: ['issuer', 'seller.name', 'seller'],
  holder: ['holder', 'buyer.name', 'buyer'],
  address: ['address', 'registered_address'],
};

const DATE_FIELDS = new Set(['issue_date', 'due_date', 'incorporation_date', 'valid_from', 'expiry_date', 'birth_date', 'statement_date', 'effective_date', 'period_from', 'period_to']);
const AMOUNT_FIELDS = new Set(['total', 'opening_balance', 'closing_balance', 'insured_amount']);
const ID_FIELDS = new Set(['invoice_number', 'document_number', 'registration_number', 'licence_number', 'policy_number', 'account_number', 'iban']);
const ADDRESS_FIELDS = new Set(['registered_address', 'address']);

function at(obj: unknown, path: string): unknown {
  const v = path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : null), obj) ?? null;
  return v === '' ? null : v;
}

/** The value of an expected field: the first of its paths that holds a string or number. */
function fieldValue(fields: unknown, field: string): unknown {
  for (const p of PATHS[field] ?? [field]) {
    const v = at(fields, p);
    if (typeof v === 'string' || typeof v === 'number') return v;
  }
  return null;
}

const words = (s: string) => normalizeText(s).split(' ').filter(Boolean);

/** Names and other text: equal once normalised, or 60 % of the expected words (longer than one letter) in a value that is not a paragraph. */
export function sameName(got: string, want: string): boolean {
  if (normalizeText(got) === normalizeText(want) || normalizeCompanyName(got).full === normalizeCompanyName(want).full) return true;
  const g = words(got);
  const w = words(want);
  if (g.length > 2 * w.length + 3) return false;
  const have = new Set(g);
  const long = w.filter((x) => x.length > 1);
  return long.length > 0 && long.filter((x) => have.has(x)).length >= 0.6 * long.length;
}

const ADDRESS_FOLDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  lane: 'ln',
  circle: 'cir',
  drive: 'dr',
  apartment: 'apt',
  suite: 'ste',
  floor: 'fl',
  number: 'no',
};
const addressWords = (s: string) => words(s).map((x) => ADDRESS_FOLDS[x] ?? x);

/** Addresses: every number of the expected address in the value, 60 % of its other words, and not a page of text. */
export function sameAddress(got: string, want: string): boolean {
  const g = addressWords(got);
  const w = addressWords(want);
  if (g.length > 2 * w.length + 6) return false;
  const have = new Set(g);
  const numbers = w.filter((x) => /\d/.test(x));
  const others = w.filter((x) => !/\d/.test(x));
  return numbers.every((x) => have.has(x)) && others.filter((x) => have.has(x)).length >= 0.6 * others.length;
}

const identifier = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

function matchOne(field: string, got: unknown, want: string | number): boolean {
  if (got === null || got === undefined || got === '') return false;
  const g = String(got);
  if (AMOUNT_FIELDS.has(field) || typeof want === 'number') {
    const n = Number(g.replace(/[^\d.-]/g, ''));
    return /\d/.test(g) && Number.isFinite(n) && Math.abs(n - Number(want)) <= 0.01 + 1e-9;
  }
  if (DATE_FIELDS.has(field)) return g.slice(0, 10) === want.slice(0, 10);
  if (field === 'currency') return g.trim().toUpperCase() === want.trim().toUpperCase();
  if (ID_FIELDS.has(field)) return identifier(g) !== '' && identifier(g) === identifier(want);
  if (ADDRESS_FIELDS.has(field)) return sameAddress(g, want);
  return sameName(g, want);
}

export function scoreField(field: string, fields: unknown, want: string | number | string[]): FieldScore {
  if (field === 'parties') {
    const names = ((fields as { parties?: { name: string | null }[] } | null)?.parties ?? []).map((p) => p.name ?? '').filter(Boolean);
    const wanted = want as string[];
    const ok = wanted.every((w) => names.some((n) => sameName(n, w)));
    return { field, want, got: names, ok };
  }
  const got = fieldValue(fields, field);
  const ok = Array.isArray(want) ? want.some((w) => matchOne(field, got, w)) : matchOne(field, got, want);
  return { field, want, got, ok };
}

function kindOf(expected: Expected): Kind {
  switch (expected.document_type) {
    case 'invoice':
      return 'invoice';
    case 'contract':
    case 'charter_agreement':
      return 'contract';
    case 'certificate_of_incorporation':
    case 'register_extract':
      return 'company_record';
    case 'articles_of_association':
      return 'articles';
    case 'license':
      return 'licence';
    case 'insurance_policy':
      return 'insurance';
    case 'proof_of_address':
      return 'utility_bill';
    case 'bank_statement':
      return 'bank_statement';
    case 'proof_of_identity':
      return expected.requested_type === 'passport' ? 'passport' : expected.requested_type.startsWith('driving') ? 'driving_licence' : 'id_card';
    default:
      return 'other';
  }
}

export function scoreDocument(name: string, expected: Expected, answer: Answer, seconds: number): DocumentScore {
  const ex = answer.extracted ?? {};
  const classifiedAs = typeof ex.classified_type === 'string' ? ex.classified_type : null;
  const fields = Object.entries(expected.fields).map(([f, want]) => scoreField(f, ex.fields ?? null, want));
  const genuine = new Set(expected.genuine_findings);
  const raised = answer.findings.filter((f) => f.severity === 'warning' || f.severity === 'critical').filter((f) => !READING_WARNINGS.has(f.code));
  return {
    name,
    kind: kindOf(expected),
    batch: batchOf(name),
    expectedType: expected.document_type,
    classifiedAs,
    classified: classifiedAs !== null && expected.accept_types.includes(classifiedAs),
    fields,
    falseFindings: raised.filter((f) => !genuine.has(f.code)),
    missedGenuine: expected.genuine_findings.filter((c) => !raised.some((f) => f.code === c)),
    readMethod: ex.read_method ?? null,
    ocrConfidence: ex.ocr_confidence ?? null,
    seconds,
  };
}

/** Reading warnings say how well a file could be read; SOURCE.txt does not count them as false findings. */
const READING_WARNINGS = new Set(['ocr_low_confidence', 'ocr_unusable', 'page_unreadable', 'read_incomplete', 'no_text_layer', 'page_limit_reached']);

/**
 * What the results file keeps of a document's score: pass or fail by field name and the codes of
 * false findings, never a value read from the document or expected of it (the documents name real people).
 */
export function publicScore(s: DocumentScore) {
  return {
    name: s.name,
    kind: s.kind,
    batch: s.batch,
    expectedType: s.expectedType,
    classifiedAs: s.classifiedAs,
    classified: s.classified,
    fields: s.fields.map((f) => ({ field: f.field, ok: f.ok })),
    falseFindings: s.falseFindings.map((f) => ({ code: f.code, severity: f.severity })),
    missedGenuine: s.missedGenuine,
    readMethod: s.readMethod,
    ocrConfidence: s.ocrConfidence,
    seconds: Math.round(s.seconds * 100) / 100,
  };
}
export type PublicScore = ReturnType<typeof publicScore>;

/** Figures of a group of documents. */
export interface Figures {
  documents: number;
  classified: number;
  /** Share of documents classified as one of their accepted types, %. */
  classification: number;
  fields: number;
  correct: number;
  /** Strict field accuracy, %. */
  accuracy: number;
  falseWarnings: number;
  falseCritical: number;
  /** False warnings and critical findings per 10 documents. */
  falseWarningsPer10: number;
}

export interface Summary extends Figures {
  byKind: Partial<Record<Kind, Figures>>;
}

const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);

/** Anything that carries a document's kind, classification, fields' pass/fail and false findings' severities. */
type Scored = Pick<DocumentScore, 'kind' | 'classified'> & { fields: { ok: boolean }[]; falseFindings: { severity: string }[] };

export function figures(scores: Scored[]): Figures {
  const fields = scores.reduce((n, s) => n + s.fields.length, 0);
  const correct = scores.reduce((n, s) => n + s.fields.filter((f) => f.ok).length, 0);
  const classified = scores.filter((s) => s.classified).length;
  const falseWarnings = scores.reduce((n, s) => n + s.falseFindings.filter((f) => f.severity === 'warning').length, 0);
  const falseCritical = scores.reduce((n, s) => n + s.falseFindings.filter((f) => f.severity === 'critical').length, 0);
  return {
    documents: scores.length,
    classified,
    classification: pct(classified, scores.length),
    fields,
    correct,
    accuracy: pct(correct, fields),
    falseWarnings,
    falseCritical,
    falseWarningsPer10: scores.length ? Math.round((100 * (falseWarnings + falseCritical)) / scores.length) / 10 : 0,
  };
}

export function summarise(scores: Scored[]): Summary {
  const byKind: Summary['byKind'] = {};
  for (const { kind } of KINDS) {
    const of = scores.filter((s) => s.kind === kind);
    if (of.length) byKind[kind] = figures(of);
  }
  return { ...figures(scores), byKind };
}
