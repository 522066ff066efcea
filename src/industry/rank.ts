// Ranks industry codes against a free-text description of what a company does (business
// description, website, documents): BM25 over each code's title and the phrases that describe it,
// a code scoring as its best-matching phrase, words weighed by what they name (text.ts), and codes
// of the trading role the text names (wholesale, retail, manufacture) preferred to those of
// another. UK SIC 2007 leads; NACE is the class of the UK SIC pick, NAICS and MCC come from the
// concordance (crosswalk.ts), the description choosing among its candidates. Indexes are built
// once per code list. Pure.
import { CLASSIFICATIONS, type Classification, type CodeEntry, type CodeLists } from './code-lists.ts';
import { crosswalkRow } from './crosswalk.ts';
import { queryTerms, rolesOf, terms, type Role } from './text.ts';

interface Doc {
  code: number;
  len: number;
  /** The code's own title, which weighs a little more than an index phrase. */
  title: boolean;
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
const TITLE_BONUS = 1.15;
const ONLINE = /\b(online|on-line|web ?shop|e-?commerce|internet|mail order)\b/i;
const ONLINE_RETAIL = '47910';
const indexes = new WeakMap<object, Index>();

function indexOf(entries: CodeEntry[]): Index {
  const hit = indexes.get(entries);
  if (hit) return hit;
  const idx: Index = { codes: entries.map((e) => e.code), docs: [], postings: new Map(), avgLen: 0 };
  let total = 0;
  entries.forEach((e, code) => {
    [e.title, ...e.phrases].forEach((text, i) => {
      const words = terms(text);
      if (words.length === 0) return;
      const doc = idx.docs.length;
      idx.docs.push({ code, len: words.length, title: i === 0 });
      total += words.length;
      const tf = new Map<string, number>();
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const [w, n] of tf) {
        if (!idx.postings.has(w)) idx.postings.set(w, []);
        idx.postings.get(w)!.push({ doc, tf: n });
      }
    });
  });
  idx.avgLen = idx.docs.length ? total / idx.docs.length : 1;
  indexes.set(entries, idx);
  return idx;
}

/** The trading role of a code, by the part of its list it sits in; null for services and the rest. */
export function roleOfCode(classification: Classification, code: string): Role | null {
  const digits = code.replace(/\D/g, '');
  if (classification === 'UKSIC2007' || classification === 'NACE') {
    const division = Number(digits.slice(0, 2));
    if (division === 46) return 'wholesale';
    if (division === 47 || digits.startsWith('451')) return 'retail';
    if (division >= 10 && division <= 32) return 'manufacture';
    return null;
  }
  if (classification === 'NAICS') {
    if (digits.startsWith('42')) return 'wholesale';
    if (digits.startsWith('44') || digits.startsWith('45')) return 'retail';
    if (/^3[1-3]/.test(digits)) return 'manufacture';
    return null;
  }
  const n = Number(digits);
  if ((n >= 5000 && n < 5200) || n === 5715) return 'wholesale';
  if (n >= 5200 && n < 6000) return 'retail';
  return null;
}

/** How much a code's score is worth given the roles the description names. */
function roleFactor(roles: Set<Role>, role: Role | null): number {
  if (roles.size === 0 || role === null) return 1;
  return roles.has(role) ? 1.3 : 0.75;
}

/** The best codes of one classification for the text, best first, each with its score. */
export function rankCodes(lists: CodeLists, classification: Classification, text: string, limit = 3): RankedCode[] {
  const entries = lists.lists[classification];
  const idx = indexOf(entries);
  const query = queryTerms(text);
  const roles = rolesOf(text);
  const docScore = new Map<number, number>();
  const n = idx.docs.length;
  for (const [w, weight] of query) {
    const list = idx.postings.get(w);
    if (!list) continue;
    const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    for (const { doc, tf } of list) {
      const d = idx.docs[doc]!;
      const s = (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.len) / idx.avgLen));
      docScore.set(doc, (docScore.get(doc) ?? 0) + s);
    }
  }
  const best = new Map<number, number>();
  for (const [doc, s] of docScore) {
    const code = idx.docs[doc]!.code;
    const scored = s * (idx.docs[doc]!.title ? TITLE_BONUS : 1) * roleFactor(roles, roleOfCode(classification, idx.codes[code]!));
    if (scored > (best.get(code) ?? 0)) best.set(code, scored);
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || (idx.codes[a[0]]! < idx.codes[b[0]]! ? -1 : 1))
    .slice(0, limit)
    .map(([code, score]) => ({ classification, code: idx.codes[code]!, title: entries[code]!.title, score: Math.round(score * 1000) / 1000 }));
}

/**
 * The candidate of a concordance row that the text names best: the one whose title shares the most
 * telling words with it (words every candidate has tell nothing); the first candidate when none does.
 */
export function pickCandidate(entries: CodeEntry[], candidates: string[], text: string): CodeEntry | null {
  const pool: CodeEntry[] = [];
  for (const c of candidates) for (const e of entries) if (e.code.startsWith(c) && !pool.includes(e)) pool.push(e);
  if (pool.length === 0) return null;
  const words = pool.map((e) => new Set(terms(e.title)));
  const query = queryTerms(text);
  let best = pool[0]!;
  let bestScore = 0;
  pool.forEach((e, i) => {
    let score = 0;
    for (const [w, weight] of query) {
      if (!words[i]!.has(w)) continue;
      const share = words.filter((ws) => ws.has(w)).length / pool.length;
      if (share < 1) score += weight * (1 - share);
    }
    if (score > bestScore + 1e-9) {
      best = e;
      bestScore = score;
    }
  });
  // Nothing telling: the first candidate, or the catch-all ("Other …") of the first candidate's group.
  if (bestScore === 0) {
    const first = pool.filter((e) => e.code.startsWith(candidates[0]!));
    return first.length > 1 ? (first.find((e) => /^(all )?other\b/i.test(e.title)) ?? first[0]!) : pool[0]!;
  }
  return best;
}

/**
 * Codes to assign automatically: the best UK SIC codes (the best, and the next while it scores
 * close to it), their NACE classes, and the NAICS and MCC codes the concordance gives for the best
 * one; nothing when the best match is weak. Without a concordance row, NAICS and MCC stay empty.
 */
export function assignCodes(lists: CodeLists, text: string, opts: { minScore?: number; closeRatio?: number } = {}): RankedCode[] {
  const minScore = opts.minScore ?? 3;
  const close = opts.closeRatio ?? 0.97;
  if (!text.trim()) return [];
  let sic = rankCodes(lists, 'UKSIC2007', text, 2);
  const first = sic[0];
  if (!first || first.score < minScore) return [];
  // UK SIC files retail by how it is sold before what is sold: a shop selling online is 47910.
  const online = lists.lists.UKSIC2007.find((e) => e.code === ONLINE_RETAIL);
  if (first.code.startsWith('47') && ONLINE.test(text) && online) sic = [{ ...first, code: online.code, title: online.title }];
  const top = sic[0]!;
  const out: RankedCode[] = sic.filter((r) => r.score >= top.score * close);
  const sicPicks = [...out];
  for (const s of sicPicks) {
    const cls = `${s.code.slice(0, 2)}.${s.code.slice(2, 4)}`;
    const nace = lists.lists.NACE.find((e) => e.code === cls);
    if (nace && !out.some((o) => o.classification === 'NACE' && o.code === cls)) out.push({ classification: 'NACE', code: nace.code, title: nace.title, score: s.score });
  }
  const row = crosswalkRow(top.code);
  for (const c of ['NAICS', 'MCC'] as const) {
    const picked = row ? pickCandidate(lists.lists[c], c === 'NAICS' ? row.naics : row.mcc, text) : null;
    if (picked) out.push({ classification: c, code: picked.code, title: picked.title, score: top.score });
  }
  return out.sort((a, b) => CLASSIFICATIONS.indexOf(a.classification) - CLASSIFICATIONS.indexOf(b.classification));
}
