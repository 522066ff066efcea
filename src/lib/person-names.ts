// Splits a person's full name into first and last name where no source gives them separately:
// the last word is the surname, together with the particles standing right before it ("Mary Ann
// van Dijk" → "Mary Ann" + "van Dijk", "Ahmad bin Ali" → "Ahmad" + "bin Ali"). Sources that give
// the forename and surname apart (registers, passports) keep their own split. Pure.

/** Words that belong to the surname they stand before. "Mac" and "O'" are written into the surname itself. */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'da',
  'di',
  'del',
  'della',
  'der',
  'den',
  'du',
  'la',
  'le',
  'ter',
  'ten',
  'bin',
  'binti',
  'al',
  'el',
  'dos',
  'das',
  'do',
  'des',
  'degli',
  'dei',
  "d'",
  "o'",
  'st.',
  'zu',
]);

export interface PersonNameParts {
  first: string | null;
  last: string | null;
}

export function isNameParticle(word: string): boolean {
  return PARTICLES.has(word.toLowerCase().replace(/’/g, "'"));
}

/** First and last name of a full name; a single word is a last name. */
export function splitPersonName(full: string): PersonNameParts {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, last: null };
  let start = words.length - 1;
  // The first word is always a given name, even when it reads like a particle ("Al Smith").
  while (start - 1 >= 1 && isNameParticle(words[start - 1]!)) start--;
  return { first: start > 0 ? words.slice(0, start).join(' ') : null, last: words.slice(start).join(' ') };
}
