// How far the checks can trust the text they look at. OCR at low confidence misreads words, so a
// name that is not found may well be there: checks that would assert an absence or a different
// name say instead that they could not be made. And a page read with low confidence is only a
// warning when it kept the document's main facts from being read; when they were read (most of the
// key fields of its type were found), the figure is reported as information. OCR that read well
// what it read may still have missed most of the page (a photo, a small or faint original): when
// it did not yield the main facts of the document, a name not found may simply not have been read,
// so the same checks are not made either.
import type { ReadDocument } from '../document-model.ts';
import { documentType, type TypedFields } from '../types/index.ts';
import { finding } from './catalogue.ts';
import type { Finding } from './context.ts';

/** Mean word confidence (0–100) below which OCR text may hold misread words (reading flags such pages too). */
export const LOW_OCR_CONFIDENCE = 60;
/** Share of a type's key facts that must be read for a low-confidence page to be merely information. */
const KEY_FACTS_NEEDED = 0.5;

/** Findings that assert a name is absent or different; on misread text they could be wrong. */
const NEEDS_RELIABLE_TEXT: Record<string, string> = {
  company_name_absent: 'whether the company name is in the document',
  contract_client_not_party: 'whether the company is a party to the contract',
  contract_counterparty_not_party: 'whether the transaction counterparty is a party to the contract',
  invoice_counterparty_mismatch: 'whether the other party of the invoice is the transaction counterparty',
  bank_statement_holder_mismatch: 'whether the account holder is the company',
};

export interface OcrQuality {
  /** The lowest confidence of the pages read by OCR that hold text; null when none was. */
  lowest: number | null;
  /** Whether some page's text may hold misread words. */
  low: boolean;
  /** When OCR did not yield most of the document's key facts: how many of them it did. */
  missed?: { read: number; of: number };
}

/** How far the text read by OCR can be trusted; `facts` are the document's key facts as read (see keyFacts). */
export function ocrQuality(read: Pick<ReadDocument, 'pages'>, facts?: boolean[]): OcrQuality {
  const ocr = read.pages.filter((p) => p.method === 'ocr' && p.ocrConfidence !== undefined && p.text.trim() !== '');
  if (ocr.length === 0) return { lowest: null, low: false };
  const lowest = Math.min(...ocr.map((p) => p.ocrConfidence!));
  const got = facts?.filter(Boolean).length ?? 0;
  const missed = facts && facts.length > 0 && got / facts.length < KEY_FACTS_NEEDED ? { read: got, of: facts.length } : undefined;
  return { lowest, low: lowest < LOW_OCR_CONFIDENCE, ...(missed ? { missed } : {}) };
}

/** The facts that make a document of its type usable, as read (true) or not (false). */
export function keyFacts(doc: TypedFields | null): boolean[] {
  if (!doc) return [false];
  return documentType(doc.type).keyFacts(doc.fields);
}

/**
 * The reader's `ocr_low_confidence` as the document deserves it: information, with the figure, when
 * most of the key facts of its type were read; otherwise (type unknown, facts missing)
 * `ocr_unusable`, a warning that the content could not really be checked.
 */
export function gradeOcrProblems(problems: Finding[], facts: boolean[]): Finding[] {
  const read = facts.filter(Boolean).length;
  const usable = read / facts.length >= KEY_FACTS_NEEDED;
  return problems.map((p) => {
    if (p.code !== 'ocr_low_confidence') return p;
    if (usable) return finding('ocr_low_confidence', `${p.text.replace(/\.$/, '')}; the main facts of the document were read (${read} of ${facts.length}).`);
    return finding(
      'ocr_unusable',
      `${p.text.replace(/; the text may contain errors\.?$/, '').replace(/\.$/, '')}: too poorly to read the main facts of the document (${read} of ${facts.length}), so its content could not really be checked.`,
    );
  });
}

/**
 * Findings that assert an absent or different name, on text read with low OCR confidence or by OCR
 * that missed most of the document's key facts, become `check_inconclusive`: the check could not be
 * made, which is all the evidence supports.
 */
export function inconclusiveOnLowOcr(findings: Finding[], quality: OcrQuality, fileName: string): Finding[] {
  if (!quality.low && !quality.missed) return findings;
  const why = quality.low
    ? `the text of "${fileName}" was read by OCR with low confidence (${quality.lowest}% at worst), so a name may have been misread`
    : `OCR read only ${quality.missed!.read} of the ${quality.missed!.of} main facts of "${fileName}", so a name may not have been read at all`;
  return findings.map((f) => {
    const what = NEEDS_RELIABLE_TEXT[f.code];
    if (!what) return f;
    return finding('check_inconclusive', `It could not be checked ${what}: ${why}. (${f.text})`);
  });
}
