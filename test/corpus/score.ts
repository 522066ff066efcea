// Scores the engine on the corpus: field accuracy (a field counts when it equals the label after the
// normalisation its kind calls for), finding precision and recall, and how many edited copies are flagged.
import { cents } from '../../src/document-engine/extract/amounts.ts';
import type { EngineOutput } from '../../src/document-engine/engine.ts';
import { verifyRead } from '../../src/document-engine/engine.ts';
import type { ReadDocument } from '../../src/document-engine/document-model.ts';
import { normalizeCompanyName, normalizeText } from '../../src/lib/names.ts';
import { caseFactsFrom } from '../../src/document-engine/rules/context.ts';
import { CORPUS_TODAY, type CorpusDoc } from './model.ts';

export function runEngine(doc: CorpusDoc, read: ReadDocument, fileName = `${doc.id}.pdf`): EngineOutput {
  return verifyRead({
    read,
    documentId: doc.id,
    ctx: {
      case: caseFactsFrom(doc.caseData, doc.companyName),
      task: { requested_type: doc.requested, company_full_name: doc.companyName, file_name: fileName },
      today: CORPUS_TODAY,
    },
  });
}

const NAME_KEYS = /(^|\.)(name|holder|shipper|consignee|owner|charterer|insurer|issuer|policyholder|company_name|account_holder|parties)$/;
const ID_KEYS = /(iban|vat_id|registration_number|invoice_number|bl_number|licence_number|policy_number|document_number|contract_number)$/;

export function valueAt(out: EngineOutput, path: string): unknown {
  if (path === 'type') return out.type;
  const f = out.fields as unknown as Record<string, unknown> | null;
  if (!f) return null;
  if (path === 'parties')
    return ((f.parties as { name: string | null }[]) ?? [])
      .map((p) => p.name ?? '')
      .sort()
      .join(' | ');
  if (path === 'shareholders')
    return ((f.shareholders as { name: string }[]) ?? [])
      .map((p) => p.name)
      .sort()
      .join(' | ');
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null), f) ?? null;
}

export function fieldMatches(path: string, got: unknown, want: string | number | null): boolean {
  if (want === null) return got === null || got === undefined || got === '';
  if (got === null || got === undefined) return false;
  if (typeof want === 'number') return typeof got === 'string' && /^-?\d+(\.\d+)?$/.test(got) && cents(got) === Math.round(want * 100);
  const g = String(got);
  if (path === 'parties' || path === 'shareholders') {
    const norm = (s: string) =>
      s
        .split(' | ')
        .map((x) => normalizeCompanyName(x).full)
        .sort()
        .join('|');
    return norm(g) === norm(want);
  }
  if (NAME_KEYS.test(path)) return normalizeCompanyName(g).full === normalizeCompanyName(want).full;
  if (ID_KEYS.test(path)) return g.toUpperCase().replace(/[^A-Z0-9]/g, '') === want.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return normalizeText(g) === normalizeText(want);
}

export interface DocScore {
  id: string;
  kind: string;
  fields: number;
  correct: number;
  wrong: { path: string; got: unknown; want: unknown }[];
  expected: string[];
  raised: string[];
}

const EDIT_CODES = new Set(['document_edited', 'document_possibly_edited']);
const READING_CODES = new Set(['ocr_low_confidence', 'ocr_unusable', 'page_unreadable', 'read_incomplete', 'page_limit_reached']);

export function scoreDoc(doc: CorpusDoc, out: EngineOutput): DocScore {
  const wrong: DocScore['wrong'] = [];
  let correct = 0;
  const entries = Object.entries(doc.expected);
  for (const [path, want] of entries) {
    const got = valueAt(out, path);
    if (fieldMatches(path, got, want)) correct++;
    else wrong.push({ path, got, want });
  }
  // Problems of the file itself (OCR confidence, unreadable pages) belong to reading, not to the rules scored here.
  const raised = [...new Set(out.findings.filter((f) => f.severity !== 'info' && !READING_CODES.has(f.code)).map((f) => (EDIT_CODES.has(f.code) ? 'document_possibly_edited' : f.code)))];
  return { id: doc.id, kind: doc.kind, fields: entries.length, correct, wrong, expected: doc.expectFindings, raised };
}

export interface CorpusScore {
  accuracy: number;
  fields: number;
  byType: Record<string, { fields: number; correct: number; accuracy: number }>;
  precision: number;
  recall: number;
  falsePositives: { id: string; code: string }[];
  falseNegatives: { id: string; code: string }[];
  editedFlagged: number;
  editedTotal: number;
}

/** Field accuracy over every document; precision and recall over the findings of documents that are not edited copies. */
export function scoreCorpus(scores: (DocScore & { edited: boolean })[]): CorpusScore {
  const byType: CorpusScore['byType'] = {};
  let fields = 0;
  let correct = 0;
  let tp = 0;
  const fp: CorpusScore['falsePositives'] = [];
  const fn: CorpusScore['falseNegatives'] = [];
  let flagged = 0;
  let edited = 0;
  for (const s of scores) {
    if (s.edited) {
      edited++;
      if (s.raised.includes('document_possibly_edited')) flagged++;
      continue;
    }
    fields += s.fields;
    correct += s.correct;
    const t = (byType[s.kind] ??= { fields: 0, correct: 0, accuracy: 0 });
    t.fields += s.fields;
    t.correct += s.correct;
    for (const code of s.expected) s.raised.includes(code) ? tp++ : fn.push({ id: s.id, code });
    for (const code of s.raised) if (!s.expected.includes(code)) fp.push({ id: s.id, code });
  }
  for (const t of Object.values(byType)) t.accuracy = t.fields ? t.correct / t.fields : 1;
  return {
    accuracy: fields ? correct / fields : 1,
    fields,
    byType,
    precision: tp + fp.length ? tp / (tp + fp.length) : 1,
    recall: tp + fn.length ? tp / (tp + fn.length) : 1,
    falsePositives: fp,
    falseNegatives: fn,
    editedFlagged: flagged,
    editedTotal: edited,
  };
}
