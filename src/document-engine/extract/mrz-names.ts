// The zone's name field checked against the visual zone. The first line of a zone has no check
// digit, and OCR reads its filler '<' as a letter (K, C, S, X, E, L): the separator '<<' comes out
// as '<C' (the surname cut at a single filler), fillers after the last given name come out glued to
// it, a '<' between two given names as a K. Among the readings of the field (each filler look-alike
// either a filler or a letter), the one whose words the page's printed names show best is kept;
// when none is, and the field is visibly damaged, the names are doubtful. Pure functions.
import { editDistance, editDistanceWithin } from '../../lib/edit-distance.ts';

/**
 * A name field cut before a word that follows three fillers ("RAMIREZ<<<UAN"): names part with two
 * fillers, words with one, so the third is a letter OCR could not read (a J read as "]"), and the
 * given names are not known. Only between two words that are no run of filler look-alikes
 * ("CL<<<CLLLL" is fillers read as letters).
 */
export function beforeLostLetter(field: string): string {
  const m = /([A-Z]+)<<<([A-Z]+)/.exec(field);
  if (!m || fillerLike(m[1]) || fillerLike(m[2])) return field;
  return `${field.slice(0, m.index + m[1].length)}<<`;
}

/** Letters OCR makes of the filler '<'. */
const LOOKALIKE = /[KCSXEL]/;

/** ICAO 9303 transliterations of letters the visual zone may print (and their plain forms). */
const ICAO: Record<string, string> = { Þ: 'TH', Æ: 'AE', Ø: 'OE', Å: 'AA', Ä: 'AE', Ö: 'OE', Ü: 'UE', ß: 'SS', Ð: 'D', Œ: 'OE', Ó: 'OE', Ĳ: 'IJ' };
const PLAIN: Record<string, string> = { Þ: 'TH', Æ: 'AE', Ø: 'O', ß: 'SS', Ð: 'D', Œ: 'OE', Ĳ: 'IJ' };

const strip = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const transliterate = (word: string, table: Record<string, string>) => strip([...word].map((c) => table[c] ?? c).join('')).replace(/[^A-Z]/g, '');

/** The words of the visual zone (the page's text outside the zone), uppercase, as ICAO writes them and plain. */
export function visualWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toUpperCase().split(/[^\p{L}]+/u)) {
    for (const t of [ICAO, PLAIN]) {
      const v = transliterate(w, t);
      if (v.length >= 2) out.add(v);
    }
  }
  return out;
}

/** Edits allowed between a zone word and the visual zone's reading of it (read less well than the zone). */
const allowed = (n: number) => (n <= 2 ? 0 : n <= 5 ? 1 : Math.round(n / 4));

/** The fewest edits from a word to a word of the visual zone, or null when none is close enough. */
function nearest(word: string, visual: Set<string>): number | null {
  if (visual.has(word)) return 0;
  const limit = allowed(word.length);
  let best: number | null = null;
  for (const v of visual) {
    if (Math.abs(v.length - word.length) > limit) continue;
    const d = editDistanceWithin(word, v, limit);
    if (d <= limit && (best === null || d < best)) best = d;
  }
  return best;
}

/**
 * Each visual zone's answers of nearest(), kept while the set lives: a zone is read several times
 * over (every reading of its name field, every line the page read twice) against the same words.
 */
const nearestByZone = new WeakMap<ReadonlySet<string>, Map<string, number | null>>();

export interface NameReading {
  surname: string;
  given_names: string;
  /** Every word is a word of the visual zone, or one OCR slip from one. */
  confirmed: boolean;
  /** How well the visual zone shows the words (letters matched, less slips and repairs). */
  score: number;
}

interface Step {
  score: number;
  /** Words, each with the number of fillers before it. */
  words: { word: string; at: number; gap: number; dist: number | null }[];
  gap: number;
}

/** A run of letters that may be fillers misread: look-alikes only, and no E in one of three letters or more (not LEE). */
export const fillerLike = (run: string) => /^[KCSXLE]+$/.test(run) && (run.length <= 2 || !run.includes('E'));

/** Costs: a look-alike read as a filler; a word the visual zone does not show (per word and letter). */
const AS_FILLER = 0.2;
const UNSEEN_WORD = 0.5;
const UNSEEN_LETTER = 0.1;

/**
 * The best reading of a name field (letters and '<', after the code and state) against the visual
 * zone's words: a dynamic programme over the field, each look-alike a filler or a letter, each run of
 * letters a word scored by how close the visual zone shows it. A whole word is read as fillers only
 * when it holds no vowel but E and is not a name the page shows (KKKK, XSSS, SCLC: not LEE).
 */
export function readNameField(field: string, visual: Set<string>): NameReading | null {
  const s = beforeLostLetter(field.replace(/[^A-Z<]/g, '<'));
  const n = s.length;
  const seen = nearestByZone.get(visual) ?? new Map<string, number | null>();
  nearestByZone.set(visual, seen);
  const near = (w: string) => {
    if (!seen.has(w)) seen.set(w, nearest(w, visual));
    return seen.get(w) ?? null;
  };
  const best: (Step | null)[] = Array.from({ length: n + 1 }, () => null);
  best[0] = { score: 0, words: [], gap: 1 };
  const better = (i: number, step: Step) => {
    const cur = best[i];
    if (!cur || step.score > cur.score + 1e-9) best[i] = step;
  };
  for (let i = 0; i < n; i++) {
    const at = best[i];
    if (!at) continue;
    const c = s[i];
    if (c === '<') better(i + 1, { ...at, gap: at.gap + 1 });
    else if (LOOKALIKE.test(c)) better(i + 1, { ...at, score: at.score - AS_FILLER, gap: at.gap + 1 });
    // A word starts only after a filler (or at the start).
    if (c === '<' || at.gap === 0) continue;
    // A whole run that looks like fillers (KKKK, XSSS, SCLC) may be fillers at little cost.
    const run = /^[A-Z]+/.exec(s.slice(i))![0];
    if (fillerLike(run)) better(i + run.length, { ...at, score: at.score - AS_FILLER, gap: at.gap + run.length });
    for (let j = i + 1; j <= n && s[j - 1] !== '<'; j++) {
      const word = s.slice(i, j);
      const dist = near(word);
      const score = dist === null ? -UNSEEN_WORD - UNSEEN_LETTER * word.length : word.length - 2 * dist;
      better(j, { score: at.score + score, words: [...at.words, { word, at: i, gap: at.gap, dist }], gap: 0 });
    }
  }
  const end = best[n];
  if (!end || end.words.length === 0) return null;
  const words = end.words;
  // Surname and given names are parted by the first gap of two fillers or more.
  const cut = words.findIndex((w, k) => k > 0 && w.gap >= 2);
  const surname = (cut < 0 ? words : words.slice(0, cut)).map((w) => w.word).join(' ');
  const given =
    cut < 0
      ? ''
      : words
          .slice(cut)
          .map((w) => w.word)
          .join(' ');
  // A whole run of letters read as fillers must look like fillers (KKKK, XSSS, SCLC; not LEE).
  const dropped = [...s.matchAll(/[A-Z]+/g)].some((m) => {
    const from = m.index;
    const kept = words.some((w) => w.at >= from && w.at < from + m[0].length);
    return !kept && !fillerLike(m[0]);
  });
  return { surname, given_names: given, confirmed: !dropped && words.every((w) => w.dist !== null), score: end.score };
}

/** Every word of the names is one the visual zone shows (at most one OCR slip away). */
export function namesShown(names: { surname: string; given_names: string }, visual: Set<string>): boolean {
  const words = `${names.surname} ${names.given_names}`.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => visual.has(w) || (w.length >= 4 && (nearest(w, visual) ?? 2) <= 1));
}

/**
 * Names whose words the readings of the zone disagree on (QUERHAM, QUENHAM), each one slip from
 * the same printed word (QUEWHAM): that word, which every reading and the visual zone agree on within a slip.
 * Null when no word needs it or a word has no such printed form.
 */
export function votedNames(kept: { surname: string; given_names: string }, others: { surname: string; given_names: string }[], visual: Set<string>) {
  let changed = false;
  const part = (key: 'surname' | 'given_names'): string | null => {
    const words = kept[key].split(' ').filter(Boolean);
    const alike = others.map((o) => o[key].split(' ').filter(Boolean)).filter((o) => o.length === words.length);
    const out: string[] = [];
    for (const [i, w] of words.entries()) {
      const alts = alike.map((o) => o[i]).filter((a) => a !== w);
      if (visual.has(w) || alts.length === 0 || w.length < 4) {
        out.push(w);
        continue;
      }
      const voted = [...visual].filter((v) => editDistance(v, w) <= 1 && alts.every((a) => editDistance(v, a) <= 1));
      if (voted.length !== 1) return null;
      out.push(voted[0]);
      changed = true;
    }
    return out.join(' ');
  };
  const surname = part('surname');
  const given = part('given_names');
  return changed && surname !== null && given !== null ? { surname, given_names: given } : null;
}

/**
 * The rows of a card's zone (TD1) that read as its name row: letters and fillers only, a name and a
 * '<<' before the given names. OCR may read the card's other rows wrong and this one right.
 */
export function td1NameRows(format: string, picked: number[], lines: string[]): string[] {
  if (format !== 'TD1') return [];
  const rows = picked.map((i) => lines[i].toUpperCase().replace(/\s+/g, '').replace(/[«‹]/g, '<'));
  return rows.filter((r) => r.length >= 26 && r.length <= 32 && /^[A-Z]+<{1,2}[A-Z]/.test(r) && r.includes('<<') && !/[0-9]/.test(r));
}

/**
 * The names with each word the page does not print as it stands (SEQYEON) put as another reading of
 * the zone (of the same zone, `same`, or of its name field alone, `fields`) writes it, where that reading's word is one the page prints letter for letter and one slip
 * from it (SEOYEON): a reading of the zone and the page agree on it. Only one such word, in the same
 * place of the same part (the part read with as many words); else the word as it is.
 */
export function asPrinted<T extends { surname: string; given_names: string }>(names: T, same: { facts: { surname: string; given_names: string } }[], fields: string[], visual: Set<string>): T {
  const others = [...same.map((r) => r.facts), ...fields.map((f) => readNameField(f, visual)).filter((r) => r !== null)];
  const part = (key: 'surname' | 'given_names') => {
    const words = names[key].split(' ').filter(Boolean);
    const alike = others.map((o) => o[key].split(' ').filter(Boolean)).filter((o) => o.length === words.length);
    return words
      .map((w, i) => {
        if (visual.has(w) || w.length < 4) return w;
        const printed = [...new Set(alike.map((o) => o[i]).filter((a) => a !== w && visual.has(a) && editDistance(a, w) <= 1))];
        return printed.length === 1 ? printed[0] : w;
      })
      .join(' ');
  };
  return { ...names, surname: part('surname'), given_names: part('given_names') };
}
