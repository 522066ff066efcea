// Words of a text for matching activity descriptions: normalised, common words dropped, endings
// trimmed so "pumps", "manufacturing" and "manufacture of pumps" meet. Pure.
import { normalizeText } from '../lib/names.ts';

const STOP = new Set(
  'a an and are as at be by for from has have in into is it its not of on or other our such that the their this to we with without n e c nec except incl including activities activity services service products product goods company business ltd limited we us'.split(' '),
);

export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ers', 'er', 'ed', 'es', 's', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return suffix === 'ies' ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
  }
  return word;
}

export function terms(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((w) => w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w))
    .map(stem);
}
