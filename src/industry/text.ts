// Words of a text for matching activity descriptions: normalised, common words dropped, endings
// trimmed so "pumps", "manufacturing" and "manufacture of pumps" meet. A description's words are
// weighed: those naming customers or places ("to cafés", "for banks", "across Europe") count less
// than those naming the activity, and a few everyday words gain the words the code lists use
// ("law firm" → legal, "haulage" → road freight). Pure.
import { normalizeText } from '../lib/names.ts';

const STOP = new Set(
  'a an and are as at be by for from has have in into is it its not of on or other our such that the their this to we with without n e c nec except incl including activities activity services service products product goods company business ltd limited we us run runs operate operates offer offers provide provides based small family own mainly main also all any customers clients sell sells selling buy buying'.split(
    ' ',
  ),
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

/** Everyday words and the words the code lists use for the same thing (added to a description). */
const ALSO: Record<string, string> = {
  law: 'legal solicitor',
  lawyer: 'legal solicitor',
  attorney: 'legal solicitor',
  saas: 'software',
  app: 'software',
  apps: 'software',
  haulage: 'freight road',
  haulier: 'freight road',
  lorry: 'freight road',
  lorries: 'freight road',
  trucking: 'freight road',
  distributor: 'wholesale',
  wholesaler: 'wholesale',
  webshop: 'retail internet',
  ecommerce: 'retail internet',
  online: 'internet',
  salon: 'hairdressing',
  barber: 'hairdressing',
  accountant: 'accounting',
  accountancy: 'accounting',
  dentist: 'dental',
  dentistry: 'dental',
  casino: 'gambling',
  betting: 'gambling',
  bookmaker: 'betting',
  crypto: 'cryptocurrency currency',
  cryptocurrency: 'currency',
  bitcoin: 'cryptocurrency currency',
  remittance: 'money transfer',
};

/** Words that open a phrase about customers or places rather than the activity. */
const TAIL_OPENERS = new Set(['to', 'for', 'across', 'throughout', 'serving', 'worldwide', 'nationwide']);
/** After "to", these start an infinitive ("to import coffee"), which names the activity. */
const VERBS = new Set('sell import export provide supply offer make produce build help develop manufacture trade deliver distribute run operate be become buy serve design install repair'.split(' '));
const TAIL_WEIGHT = 0.35;

/**
 * The weighed words of a description: 1 for words about the activity, less for those in a phrase
 * about customers or places, which runs from its opening word to the next punctuation mark.
 */
export function queryTerms(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (word: string, weight: number) => {
    if (word.length <= 1 || STOP.has(word) || /^\d+$/.test(word)) return;
    const s = stem(word);
    out.set(s, Math.max(out.get(s) ?? 0, weight));
  };
  for (const clause of text.split(/[.,;:!?()\n]+/)) {
    const raw = clause.trim().split(/\s+/);
    const words = normalizeText(clause).split(' ').filter(Boolean);
    let weight = 1;
    words.forEach((w, i) => {
      const next = words[i + 1] ?? '';
      if (TAIL_OPENERS.has(w) && !(w === 'to' && VERBS.has(next))) weight = TAIL_WEIGHT;
      // "in Manchester", "in the UK": a place.
      if (w === 'in' && (next === 'the' || /^\p{Lu}/u.test(raw.find((r) => normalizeText(r) === next) ?? ''))) weight = TAIL_WEIGHT;
      add(w, weight);
      for (const extra of (ALSO[w] ?? '').split(' ').filter(Boolean)) add(extra, weight);
    });
  }
  return out;
}

export type Role = 'wholesale' | 'retail' | 'manufacture';

const ROLE_CUES: Record<Role, RegExp> = {
  wholesale: /\b(wholesal\w*|distributors?|importers?|exporters?|import(s|ing)?\b|export(s|ing)?\b|trading house|b2b)/i,
  retail: /\b(retail\w*|shops?|stores?|web ?shop|e-?commerce|to consumers|boutique)\b/i,
  manufacture: /\b(manufactur\w*|produc(e|es|er|ers|ing)|factory|factories|fabricat\w*|bak(e|es|ery))\b/i,
};

/** The trading roles a description names (wholesale, retail, manufacture); empty when it names none. */
export function rolesOf(text: string): Set<Role> {
  return new Set((Object.keys(ROLE_CUES) as Role[]).filter((r) => ROLE_CUES[r].test(text)));
}
