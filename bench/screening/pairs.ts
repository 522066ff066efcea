// Labelled name pairs from the real SDN list, to measure how well names alone are told apart.
// Same entity (positives): a primary name and each of its "a.k.a." aliases from the remarks; a
// person's name in the other order ("LAST, First" / "First Last"); the middle names dropped; the
// name respelled the way transliterations vary (kh/h, y/i, ou/u, ph/f, sch/sh, j/dzh). Different
// entities (negatives): two entries of the same kind sharing a name token (the hard case), and
// two entries drawn at random. Scores come from the product's own matcher with names only (no
// birth date, country or identifier to help), so they are a floor for real screening.
import { matchEntry, type ListEntry } from '../../src/screening/match.ts';
import { blankEntry } from '../../src/screening/formats/common.ts';
import { applyRemarks } from '../../src/screening/formats/ofac-csv.ts';
import type { SdnRecord } from './generate.ts';

export interface Pair {
  a: string;
  b: string;
  kind: 'person' | 'company';
  match: boolean;
  variant: string;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const RESPELL: [RegExp, string][] = [
  [/KH/g, 'H'],
  [/Y/g, 'I'],
  [/OU/g, 'U'],
  [/PH/g, 'F'],
  [/SCH/g, 'SH'],
  [/DZH/g, 'J'],
  [/EE/g, 'I'],
  [/MOHAMMED|MOHAMMAD|MUHAMMED/g, 'MUHAMMAD'],
];

export function labelledPairs(sdn: SdnRecord[], perVariant = 150): Pair[] {
  const random = rng(7);
  const usable = sdn.filter((e) => e.type !== 'vessel' && e.type !== 'aircraft' && e.name);
  const kind = (e: SdnRecord) => (e.type === 'individual' ? 'person' : 'company') as Pair['kind'];
  const pairs: Pair[] = [];
  const take = (variant: string, list: Pair[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    pairs.push(...list.slice(0, perVariant).map((p) => ({ ...p, variant })));
  };
  const aka: Pair[] = [];
  const reordered: Pair[] = [];
  const middle: Pair[] = [];
  const respelled: Pair[] = [];
  for (const e of usable) {
    const entry = blankEntry(e.id, kind(e) === 'person' ? 'person' : 'company', 'sanctions', e.name);
    applyRemarks(entry, e.remarks);
    for (const alias of entry.aliases) if (alias.toUpperCase() !== e.name.toUpperCase()) aka.push({ a: alias, b: e.name, kind: kind(e), match: true, variant: '' });
    if (kind(e) === 'person' && e.name.includes(', ')) {
      const [last, first] = e.name.split(', ');
      reordered.push({ a: `${first} ${last}`, b: e.name, kind: 'person', match: true, variant: '' });
      const firsts = first!.split(' ');
      if (firsts.length >= 2) middle.push({ a: `${firsts[0]} ${last}`, b: e.name, kind: 'person', match: true, variant: '' });
    }
    let r = e.name.toUpperCase();
    for (const [re, to] of RESPELL) r = r.replace(re, to);
    if (r !== e.name.toUpperCase()) respelled.push({ a: r, b: e.name, kind: kind(e), match: true, variant: '' });
  }
  take('aka (list alias)', aka);
  take('reordered', reordered);
  take('middle names dropped', middle);
  take('respelled', respelled);

  // Different entities that share a token, and random ones.
  const byToken = new Map<string, SdnRecord[]>();
  for (const e of usable)
    for (const t of new Set(
      e.name
        .toUpperCase()
        .replace(/[^A-Z ]/g, ' ')
        .split(/\s+/)
        .filter((t) => t.length >= 4),
    ))
      byToken.set(t, [...(byToken.get(t) ?? []), e]);
  const shared: Pair[] = [];
  for (const group of byToken.values()) {
    if (group.length < 2 || group.length > 200) continue;
    const x = group[Math.floor(random() * group.length)]!;
    const y = group[Math.floor(random() * group.length)]!;
    if (x.id !== y.id && kind(x) === kind(y)) shared.push({ a: x.name, b: y.name, kind: kind(x), match: false, variant: '' });
  }
  take('different, sharing a token', shared);
  const randomPairs: Pair[] = [];
  while (randomPairs.length < perVariant) {
    const x = usable[Math.floor(random() * usable.length)]!;
    const y = usable[Math.floor(random() * usable.length)]!;
    if (x.id !== y.id && kind(x) === kind(y)) randomPairs.push({ a: x.name, b: y.name, kind: kind(x), match: false, variant: '' });
  }
  take('different, random', randomPairs);
  return pairs;
}

export function scorePairs(pairs: Pair[], thresholds: number[]) {
  const scored = pairs.map((p) => {
    const entry: ListEntry = blankEntry('x', p.kind, 'sanctions', p.b);
    const m = matchEntry({ kind: p.kind, names: [p.a], countries: [], identifiers: [] }, entry);
    return { ...p, score: m?.score ?? 0 };
  });
  const at = thresholds.map((t) => {
    const tp = scored.filter((p) => p.match && p.score >= t).length;
    const fp = scored.filter((p) => !p.match && p.score >= t).length;
    const fn = scored.filter((p) => p.match && p.score < t).length;
    const precision = tp + fp ? tp / (tp + fp) : 1;
    const recall = tp + fn ? tp / (tp + fn) : 1;
    const byVariant: Record<string, number> = {};
    for (const v of [...new Set(scored.map((p) => p.variant))]) {
      const of = scored.filter((p) => p.variant === v);
      byVariant[v] = Math.round((of.filter((p) => p.score >= t).length / of.length) * 1000) / 1000;
    }
    return {
      threshold: t,
      precision: Math.round(precision * 1000) / 1000,
      recall: Math.round(recall * 1000) / 1000,
      f1: Math.round(((2 * precision * recall) / (precision + recall || 1)) * 1000) / 1000,
      share_at_or_above_by_variant: byVariant,
    };
  });
  return { pairs: scored.length, positives: scored.filter((p) => p.match).length, negatives: scored.filter((p) => !p.match).length, at, scored };
}
