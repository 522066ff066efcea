// Ranks industry codes against a free-text description of what a company does (business
// description, website, documents): BM25 over each code's title and the phrases that describe it,
// a code scoring as its best-matching phrase. Indexes are built once per code list. Pure.
import { CLASSIFICATIONS, type Classification, type CodeLists } from './code-lists.ts';
import { terms } from './text.ts';

interface Doc {
  code: number;
  len: number;
}

interface Index {
  codes: string[];
  docs: Doc[];
  postings: Map<string, { doc: number; tf: number }[]>;
  avgLen: number;
}

export interface RankedCode {
  classification: Classification;
  code: string;
  title: string;
  score: number;
}

const K1 = 1.2;
const B = 0.5;
const indexes = new WeakMap<object, Index>();

function indexOf(entries: CodeLists['lists'][Classification]): Index {
  const hit = indexes.get(entries);
  if (hit) return hit;
  const idx: Index = { codes: entries.map((e) => e.code), docs: [], postings: new Map(), avgLen: 0 };
  let total = 0;
  entries.forEach((e, code) => {
    for (const text of [e.title, ...e.phrases]) {
      const words = terms(text);
      if (words.length === 0) continue;
      const doc = idx.docs.length;
      idx.docs.push({ code, len: words.length });
      total += words.length;
      const tf = new Map<string, number>();
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const [w, n] of tf) {
        if (!idx.postings.has(w)) idx.postings.set(w, []);
        idx.postings.get(w)!.push({ doc, tf: n });
      }
    }
  });
  idx.avgLen = idx.docs.length ? total / idx.docs.length : 1;
  indexes.set(entries, idx);
  return idx;
}

/** The best codes of one classification for the text, best first, each with its score. */
export function rankCodes(lists: CodeLists, classification: Classification, text: string, limit = 3): RankedCode[] {
  const entries = lists.lists[classification];
  const idx = indexOf(entries);
  const query = [...new Set(terms(text))];
  const docScore = new Map<number, number>();
  const n = idx.docs.length;
  for (const w of query) {
    const list = idx.postings.get(w);
    if (!list) continue;
    const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    for (const { doc, tf } of list) {
      const d = idx.docs[doc]!;
      const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.len) / idx.avgLen));
      docScore.set(doc, (docScore.get(doc) ?? 0) + s);
    }
  }
  const best = new Map<number, number>();
  for (const [doc, s] of docScore) {
    const code = idx.docs[doc]!.code;
    if (s > (best.get(code) ?? 0)) best.set(code, s);
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || (idx.codes[a[0]]! < idx.codes[b[0]]! ? -1 : 1))
    .slice(0, limit)
    .map(([code, score]) => ({ classification, code: idx.codes[code]!, title: entries[code]!.title, score: Math.round(score * 1000) / 1000 }));
}

/**
 * Codes to assign automatically: per classification the best code, and the next ones while they
 * score close to it; nothing for a classification whose best match is weak.
 */
export function assignCodes(lists: CodeLists, text: string, opts: { minScore?: number; closeRatio?: number; perClassification?: number } = {}): RankedCode[] {
  const minScore = opts.minScore ?? 3;
  const close = opts.closeRatio ?? 0.85;
  const out: RankedCode[] = [];
  if (!text.trim()) return out;
  for (const c of CLASSIFICATIONS) {
    const ranked = rankCodes(lists, c, text, opts.perClassification ?? 2);
    const top = ranked[0];
    if (!top || top.score < minScore) continue;
    out.push(...ranked.filter((r) => r.score >= top.score * close));
  }
  return out;
}
