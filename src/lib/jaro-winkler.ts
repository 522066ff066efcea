// Jaro-Winkler similarity of two texts, as @skyra/jaro-winkler computes it (its match window of half
// the longer text, its prefix bonus), without the arrays that library makes of every text it is
// given: name screening compares thousands of words per name. Texts of ASCII characters only
// (folded names); any other text goes to the library, so the result is always the library's.
import { jaroWinkler as libraryJaroWinkler } from '@skyra/jaro-winkler';

let matched1 = new Uint8Array(64);
let matched2 = new Uint8Array(64);

function ascii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

export function jaroWinkler(a: string, b: string): number {
  if (!ascii(a) || !ascii(b)) return libraryJaroWinkler(a, b);
  const l1 = a.length;
  const l2 = b.length;
  if (matched1.length < l1) matched1 = new Uint8Array(l1 * 2);
  if (matched2.length < l2) matched2 = new Uint8Array(l2 * 2);
  matched1.fill(0, 0, l1);
  matched2.fill(0, 0, l2);
  const window = Math.floor(Math.max(l1, l2) / 2);
  let matches = 0;
  for (let i = 0; i < l1; i++) {
    const c = a.charCodeAt(i);
    const end = Math.min(i + window + 1, l2);
    for (let j = Math.max(0, i - window); j < end; j++) {
      if (matched2[j] || b.charCodeAt(j) !== c) continue;
      matched1[i] = 1;
      matched2[j] = 1;
      ++matches;
      break;
    }
  }
  if (matches <= 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < l1; i++) {
    if (matched1[i] === 0) continue;
    while (j < l2 && matched2[j] === 0) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  transpositions = Math.floor(transpositions / 2);
  const similarity = (matches / l1 + matches / l2 + (matches - transpositions) / matches) / 3;
  // The library's prefix: the first characters in common, up to four, and one more when all four
  // are (characters past the end of both texts count as in common).
  let prefix = 0;
  for (; prefix < 4; prefix++) {
    const x = prefix < l1 ? a.charCodeAt(prefix) : -1;
    const y = prefix < l2 ? b.charCodeAt(prefix) : -1;
    if (x !== y) break;
  }
  if (prefix === 4) prefix = 5;
  return similarity + prefix * 0.1 * (1 - similarity);
}
