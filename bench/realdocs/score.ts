// Scores what Dossier read from one real document against the values a person read from it
// (`<name>.expected.json` in the real-documents folder): the classification, each expected field
// (strict: the value in the right field), and every warning or critical finding that the expected
// file does not list as genuine. Pure: the expected file and Dossier's answer in, a score out.
import fs from 'node:fs';
import path from 'node:path';
import { cents } from '../../src/document-engine/extract/amounts.ts';
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

export interface DocumentScore {
  name: string;
  kind: 'invoice' | 'identity' | 'contract' | 'other';
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

/** Where each expected field lives in `extracted_data.fields`. */
const PATHS: Record<string, string> = {
  seller: 'seller.name',
  buyer: 'buyer.name',
  total: 'grand_total',
};

const NAME_FIELDS = new Set(['seller', 'buyer', 'surname']);
const ID_FIELDS = new Set(['invoice_number', 'document_number']);

function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null), obj) ?? null;
}

function sameName(got: string, want: string): boolean {
  const a = normalizeCompanyName(got);
  const b = normalizeCompanyName(want);
  return a.full === b.full || normalizeText(got) === normalizeText(want);
}

function matchOne(field: string, got: unknown, want: string | number): boolean {
  if (got === null || got === undefined || got === '') return false;
  if (typeof want === 'number') {
    const s = String(got);
    return /^-?\d+(\.\d+)?$/.test(s) && cents(s) === Math.round(want * 100);
  }
  const g = String(got);
  if (NAME_FIELDS.has(field)) return sameName(g, want);
  if (ID_FIELDS.has(field)) return g.toUpperCase().replace(/[^A-Z0-9]/g, '') === want.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return normalizeText(g) === normalizeText(want);
}

export function scoreField(field: string, fields: unknown, want: string | number | string[]): FieldScore {
  if (field === 'parties') {
    const names = ((fields as { parties?: { name: string | null }[] } | null)?.parties ?? []).map((p) => p.name ?? '').filter(Boolean);
    const wanted = want as string[];
    const ok = wanted.every((w) => names.some((n) => sameName(n, w)));
    return { field, want, got: names, ok };
  }
  const got = at(fields, PATHS[field] ?? field);
  const ok = Array.isArray(want) ? want.some((w) => matchOne(field, got, w)) : matchOne(field, got, want);
  return { field, want, got, ok };
}

function kindOf(type: string): DocumentScore['kind'] {
  if (type === 'invoice') return 'invoice';
  if (type === 'proof_of_identity') return 'identity';
  if (type === 'contract') return 'contract';
  return 'other';
}

export function scoreDocument(name: string, expected: Expected, answer: Answer, seconds: number): DocumentScore {
  const ex = answer.extracted ?? {};
  const classifiedAs = typeof ex.classified_type === 'string' ? ex.classified_type : null;
  const fields = Object.entries(expected.fields).map(([f, want]) => scoreField(f, ex.fields ?? null, want));
  const genuine = new Set(expected.genuine_findings);
  const raised = answer.findings.filter((f) => f.severity !== 'info');
  return {
    name,
    kind: kindOf(expected.document_type),
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

export interface Summary {
  documents: number;
  classification: number;
  fields: { total: number; correct: number; accuracy: number };
  byKind: Record<string, { documents: number; classified: number; fields: number; correct: number; accuracy: number }>;
  falseWarnings: number;
  falseCritical: number;
  falseWarningsPer10: number;
}

const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);

export function summarise(scores: DocumentScore[]): Summary {
  const byKind: Summary['byKind'] = {};
  let total = 0;
  let correct = 0;
  for (const s of scores) {
    const k = (byKind[s.kind] ??= { documents: 0, classified: 0, fields: 0, correct: 0, accuracy: 0 });
    k.documents++;
    if (s.classified) k.classified++;
    for (const f of s.fields) {
      k.fields++;
      total++;
      if (f.ok) {
        k.correct++;
        correct++;
      }
    }
  }
  for (const k of Object.values(byKind)) k.accuracy = pct(k.correct, k.fields);
  const falseWarnings = scores.reduce((n, s) => n + s.falseFindings.filter((f) => f.severity === 'warning').length, 0);
  const falseCritical = scores.reduce((n, s) => n + s.falseFindings.filter((f) => f.severity === 'critical').length, 0);
  return {
    documents: scores.length,
    classification: pct(scores.filter((s) => s.classified).length, scores.length),
    fields: { total, correct, accuracy: pct(correct, total) },
    byKind,
    falseWarnings,
    falseCritical,
    falseWarningsPer10: scores.length ? Math.round((100 * (falseWarnings + falseCritical)) / scores.length) / 10 : 0,
  };
}
