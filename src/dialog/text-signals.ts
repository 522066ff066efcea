// Deterministic signals about a piece of free text: its words, light stems for comparing them, and
// whether it reads as language at all (gibberish, keyboard runs, repetition). Each signal names its
// reason so a rejection can be explained. Pure; works for English and German without dictionaries.
import { normalizeText } from '../lib/names.ts';

const STOPWORDS = new Set(
  (
    'a an the and or but if then than so of to in on at by for from with without about into over under as is are was were be been being ' +
    'am do does did done have has had having i me my mine we us our ours you your yours he him his she her it its they them their ' +
    'this that these those there here what which who whom whose when where why how all any some no not nor only own same such too very ' +
    'can could will would shall should may might must also just more most other each few both again further once out up down off ' +
    'please yes ok okay because while during before after above below between through very much many well' +
    ' der die das den dem des ein eine einer eines einem einen und oder aber wenn dann als von zu im in am an auf aus bei mit ohne ' +
    'fur uber unter nach vor ist sind war waren sein gewesen bin bist hat haben hatte hatten wird werden wurde wurden ich mich mein ' +
    'meine wir uns unser unsere sie ihr ihre er ihn sein seine es dies diese dieser dieses dort hier was welche welcher wer wann wo ' +
    'warum wie alle jede jeder kein keine nicht nur auch noch schon sehr viel viele bitte ja nein so da dass weil'
  ).split(/\s+/),
);

/** Words of a text, normalised (lower case, accents removed, ß → ss); numbers excluded. */
export function wordsOf(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((w) => w && /\p{L}/u.test(w));
}

/** Words that carry meaning: not stopwords, at least three letters. */
export function contentWords(text: string): string[] {
  return wordsOf(text).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}

const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ungen', 'ung', 'ies', 'ied', 'es', 'ed', 'er', 'en', 'ly', 's', 'e'];

/** A light stem: one common English or German ending removed, keeping at least four letters. */
export function stem(word: string): string {
  for (const s of SUFFIXES) {
    if (word.endsWith(s) && word.length - s.length >= 4) return word.slice(0, -s.length);
  }
  return word;
}

/** Two stems match when equal, or when both are long and share their first six letters (deliver/delivery). */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length >= 6 && b.length >= 6 && a.slice(0, 6) === b.slice(0, 6);
}

const VOWELS = /[aeiouyäöü]/;
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'yxcvbnm', '1234567890'];
const JUNK = new Set(['lorem', 'ipsum', 'dolor', 'amet', 'blah', 'bla', 'asdf', 'xxx', 'xxxx', 'qwerty', 'abc', 'abcd', 'xyz']);

// German and English spell single sounds with several letters; count them as one.
const collapse = (word: string) => word.replace(/tsch|sch|ch|ck|ph|th|sh|ng|tz|qu/g, 'C');

function longestConsonantRun(word: string): number {
  const w = collapse(word);
  let best = 0;
  let run = 0;
  for (const ch of w) {
    run = VOWELS.test(ch) ? 0 : run + 1;
    best = Math.max(best, run);
  }
  return best;
}

function isKeyboardRun(word: string): boolean {
  if (word.length < 4) return false;
  return KEYBOARD_ROWS.some((row) => row.includes(word) || [...row].reverse().join('').includes(word));
}

/** Why one word does not look like a word, or null. Acronyms and legal forms (GmbH, VAT) are left alone. */
export function suspiciousWord(original: string): string | null {
  if (/^\p{Lu}{2,}$/u.test(original) || /\p{Ll}\p{Lu}/u.test(original)) return null;
  const w = normalizeText(original);
  if (JUNK.has(w)) return 'placeholder';
  if (w.length < 4) return null;
  if (isKeyboardRun(w)) return 'keyboard';
  if (/(.)\1{3,}/.test(w)) return 'repeated_letter';
  if (!VOWELS.test(w)) return 'no_vowel';
  if (longestConsonantRun(w) >= 5) return 'consonants';
  const sounds = collapse(w);
  const vowels = [...sounds].filter((ch) => VOWELS.test(ch)).length;
  if (sounds.length >= 8 && vowels / sounds.length < 0.2) return 'consonants';
  // Alternating two-letter patterns ("fjfjfjfj", "hahahaha") are typing, not words.
  if (w.length >= 6 && /^(..)\1{2,}/.test(w)) return 'repeated_letter';
  return null;
}

export interface GibberishVerdict {
  gibberish: boolean;
  reason: 'not_letters' | 'junk_words' | 'repetitive' | null;
  /** The words that made the verdict, for the explanation. */
  examples: string[];
}

/** Whether a text reads as language. */
export function gibberish(text: string): GibberishVerdict {
  const compact = text.replace(/\s+/g, '');
  const letters = (compact.match(/\p{L}/gu) ?? []).length;
  const raw = text.match(/[\p{L}\p{M}'’-]+/gu) ?? [];
  if (compact.length > 0 && (letters / compact.length < 0.6 || raw.length === 0)) return { gibberish: true, reason: 'not_letters', examples: [] };
  const bad = raw.map((w) => ({ w, why: suspiciousWord(w) })).filter((x) => x.why);
  const considered = raw.filter((w) => normalizeText(w).length >= 4 || JUNK.has(normalizeText(w)));
  if (bad.length > 0 && bad.length / Math.max(1, considered.length) >= 0.34) {
    return { gibberish: true, reason: 'junk_words', examples: bad.slice(0, 3).map((b) => b.w) };
  }
  const words = wordsOf(text);
  if (words.length >= 4 && new Set(words).size / words.length < 0.4) return { gibberish: true, reason: 'repetitive', examples: [...new Set(words)].slice(0, 3) };
  return { gibberish: false, reason: null, examples: [] };
}

/** Which of `answer`'s content words relate to the topic words (by stem). */
export function overlap(answer: string[], topic: string[]): string[] {
  const topicStems = [...new Set(topic.map(stem))];
  return [...new Set(answer)].filter((w) => {
    const s = stem(w);
    return topicStems.some((t) => stemsMatch(s, t));
  });
}
