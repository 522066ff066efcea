// biome-ignore-all format: word tables read better packed
// Dates written in words, as registrars and notaries write them: "the fourteenth day of August two
// thousand and twenty-three", "Twenty eighth day of January Two thousand twenty-two", "le cinq mars
// deux mille vingt", "el quince de marzo de dos mil veinte"; and dates counted in a Japanese era
// (令和2年9月23日); and a day in figures before a year in words ("this 21st day of August, Twenty
// Nineteen") or counted in days ("a los 5 días del mes de noviembre del año 2026"). The text given is
// folded (lower case, no accents).

/** Numbers 1–99 in words, cardinal and ordinal, in English, French, Spanish, Italian, Portuguese, German and Dutch. */
const UNITS: Record<string, number> = {};
const TENS: Record<string, number> = {};
const add = (table: Record<string, number>, value: number, words: string) => {
  for (const w of words.split(' ')) table[w] = value;
};
// English
['one first', 'two second', 'three third', 'four fourth', 'five fifth', 'six sixth', 'seven seventh', 'eight eighth', 'nine ninth', 'ten tenth', 'eleven eleventh', 'twelve twelfth', 'thirteen thirteenth', 'fourteen fourteenth', 'fifteen fifteenth', 'sixteen sixteenth', 'seventeen seventeenth', 'eighteen eighteenth', 'nineteen nineteenth'].forEach((w, i) => add(UNITS, i + 1, w));
[['twenty twentieth', 20], ['thirty thirtieth', 30], ['forty fortieth', 40], ['fifty fiftieth', 50], ['sixty sixtieth', 60], ['seventy seventieth', 70], ['eighty eightieth', 80], ['ninety ninetieth', 90]].forEach(([w, n]) => add(TENS, n as number, w as string));
// French
['un premier 1er', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize'].forEach((w, i) => add(UNITS, i + 1, w));
[['vingt', 20], ['trente', 30], ['quarante', 40], ['cinquante', 50], ['soixante', 60]].forEach(([w, n]) => add(TENS, n as number, w as string));
// Spanish, Italian, Portuguese
['uno primero primo um', 'dos due dois', 'tres tre', 'cuatro quattro quatro', 'cinco cinque', 'seis sei', 'siete sette', 'ocho otto oito', 'nueve nove', 'diez dieci dez', 'once undici onze', 'doce dodici doze', 'trece tredici treze', 'catorce quattordici catorze', 'quince quindici quinze', 'dieciseis sedici dezesseis', 'diecisiete diciassette dezessete', 'dieciocho diciotto dezoito', 'diecinueve diciannove dezenove'].forEach((w, i) => add(UNITS, i + 1, w));
['veintiuno ventuno', 'veintidos ventidue', 'veintitres ventitre', 'veinticuatro ventiquattro', 'veinticinco venticinque', 'veintiseis ventisei', 'veintisiete ventisette', 'veintiocho ventotto', 'veintinueve ventinove'].forEach((w, i) => add(UNITS, i + 21, w));
[['veinte venti vinte', 20], ['treinta trenta trinta', 30], ['trentuno treintayuno', 31]].forEach(([w, n]) => add(TENS, n as number, w as string));
// German and Dutch (days: "fünfzehnten", "vijftiende")
['eins ersten erste een eerste', 'zwei zweiten twee tweede', 'drei dritten drie derde', 'vier vierten vierde', 'funf funften vijf vijfde', 'sechs sechsten zes zesde', 'sieben siebten zeven zevende', 'acht achten achtste', 'neun neunten negen negende', 'zehn zehnten tien tiende', 'elf elften elfde', 'zwolf zwolften twaalf twaalfde'].forEach((w, i) => add(UNITS, i + 1, w));
[['zwanzig zwanzigsten twintig twintigste', 20], ['dreissig dreissigsten dertig dertigste', 30]].forEach(([w, n]) => add(TENS, n as number, w as string));

const THOUSAND = new Set(['thousand', 'mille', 'mil', 'mila', 'tausend', 'duizend']);
const HUNDRED = new Set(['hundred']);
const JOIN = new Set(['and', 'et', 'y', 'e', 'und', 'en']);
/** A day written in words: at most two number words ("twenty fifth", "twenty-fifth", "vingt et un"). */
function numberAt(words: string[], i: number): { value: number; next: number } | null {
  const w = words[i];
  if (w === undefined) return null;
  if (w in TENS) {
    let value = TENS[w];
    let next = i + 1;
    const j = JOIN.has(words[next]) ? next + 1 : next;
    if (words[j] !== undefined && words[j] in UNITS && UNITS[words[j]] < 10) {
      value += UNITS[words[j]];
      next = j + 1;
    }
    return { value, next };
  }
  if (w in UNITS) return { value: UNITS[w], next: i + 1 };
  return null;
}

/** A year in words: "two thousand (and) twenty(-)three", "nineteen ninety-nine", "nineteen hundred and two", "deux mille vingt", "dos mil veinte". */
function yearAt(words: string[], i: number): { value: number; next: number } | null {
  // Italian writes a year as one word: "duemilaventi", "duemilaventitre".
  const one = /^duemila(\p{L}*)$/u.exec(words[i] ?? '');
  if (one) {
    const rest = one[1] === '' ? 0 : (UNITS[one[1]] ?? TENS[one[1]] ?? italianTens(one[1]));
    return rest === undefined ? null : { value: 2000 + rest, next: i + 1 };
  }
  const first = numberAt(words, i);
  if (!first) {
    // "mil novecientos…" is rare on certificates; "mille"/"mil" alone is 1000, never a year here.
    return null;
  }
  let k = first.next;
  if (THOUSAND.has(words[k]) && first.value === 2) {
    k++;
    if (JOIN.has(words[k])) k++;
    const rest = numberAt(words, k);
    return rest ? { value: 2000 + rest.value, next: rest.next } : { value: 2000, next: k };
  }
  if (first.value === 19 || first.value === 20) {
    if (HUNDRED.has(words[k])) {
      k++;
      if (JOIN.has(words[k])) k++;
    }
    const rest = numberAt(words, k);
    if (rest && rest.value >= 10) return { value: first.value * 100 + rest.value, next: rest.next };
  }
  return null;
}

/** "trentuno", "ventisette": an Italian tens word and a unit written as one word. */
function italianTens(w: string): number | undefined {
  for (const [tens, value] of [['venti', 20], ['vent', 20], ['trenta', 30], ['trent', 30], ['quaranta', 40], ['quarant', 40]] as const) {
    if (w.startsWith(tens) && UNITS[w.slice(tens.length)] !== undefined && UNITS[w.slice(tens.length)] < 10) return value + UNITS[w.slice(tens.length)];
  }
  return undefined;
}

/** Words that may stand between the day and the month ("a los quince días del mes de marzo", "ventitré del mese di ottobre"), and between the month and the year. */
const DAY_TO_MONTH = new Set(['day', 'of', 'de', 'del', 'di', 'jour', 'tag', 'des', 'dag', 'van', 'dias', 'dia', 'mes', 'giorno', 'mese', 'do']);
const MONTH_TO_YEAR = new Set(['of', 'de', 'del', 'di', 'in', 'the', 'year', 'our', 'lord', 'ano', 'anno', 'an', 'jahres', 'a', 'd', 'ad']);

export interface WordDate {
  year: number;
  month: number;
  day: number;
  index: number;
  length: number;
}

/**
 * Dates whose day (and often year) is written in words, in folded text. `months` maps folded month
 * names to their number. A year may also be in figures ("the fifth day of March, 2020").
 */
export function findWordDates(folded: string, months: Record<string, number>): WordDate[] {
  const tokens = [...folded.matchAll(/[\p{L}]+|\d+/gu)];
  const words = tokens.map((t) => t[0]);
  const out: WordDate[] = [];
  // Every date below names its month: without a month's name, no day need be read.
  if (!words.some((w) => months[w])) return out;
  for (let i = 0; i < words.length; i++) {
    // A day in figures with its ordinal ("this 21st day of August, Twenty Nineteen"), when the year is in words.
    const ordinal = /^\d{1,2}$/.test(words[i]) && /^(?:st|nd|rd|th)$/.test(words[i + 1] ?? '');
    // A day in figures counted in days, as Spanish and Portuguese certificates close: "a los 5 días del mes de noviembre del año 2026".
    const counted = /^\d{1,2}$/.test(words[i]) && /^dias?$/.test(words[i + 1] ?? '');
    const day = ordinal ? { value: Number(words[i]), next: i + 2 } : counted ? { value: Number(words[i]), next: i + 1 } : numberAt(words, i);
    if (!day || day.value < 1 || day.value > 31) continue;
    let k = day.next;
    let skipped = 0;
    while (DAY_TO_MONTH.has(words[k]) && skipped < 4) {
      k++;
      skipped++;
    }
    const month = months[words[k]];
    if (!month) continue;
    k++;
    skipped = 0;
    while (MONTH_TO_YEAR.has(words[k]) && skipped < 6) {
      k++;
      skipped++;
    }
    let year: { value: number; next: number } | null = null;
    if (words[k] !== undefined && /^\d{4}$/.test(words[k])) year = ordinal ? null : { value: Number(words[k]), next: k + 1 };
    else year = yearAt(words, k);
    // A notary may write the year first: "L'anno duemilaventi, addì ventitré del mese di ottobre".
    const before = year ? null : yearBefore(words, i);
    if (before) year = { value: before.value, next: k };
    if (!year || year.value < 1900 || year.value > 2200) continue;
    const start = tokens[before ? before.at : i].index ?? 0;
    const last = tokens[year.next - 1];
    out.push({ year: year.value, month, day: day.value, index: start, length: (last.index ?? 0) + last[0].length - start });
    i = year.next - 1;
  }
  return out;
}

/** "anno <year in words>" shortly before a day: the year of a notarial act that opens with it. */
function yearBefore(words: string[], day: number): { value: number; at: number } | null {
  for (let j = day - 1; j >= Math.max(0, day - 6); j--) {
    if (words[j] !== 'anno' && words[j] !== 'ano') continue;
    const year = yearAt(words, j + 1);
    return year && year.next <= day ? { value: year.value, at: j } : null;
  }
  return null;
}

/** Japanese eras and the Gregorian year before their first year. */
const ERAS: Record<string, number> = { 令和: 2018, 平成: 1988, 昭和: 1925 };

/** "令和2年9月23日", "平成元年1月8日" as [year, month, day, index, length]. */
export function findEraDates(text: string): WordDate[] {
  const out: WordDate[] = [];
  for (const m of text.matchAll(/(令和|平成|昭和)\s*(\d{1,2}|元)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g)) {
    const n = m[2] === '元' ? 1 : Number(m[2]);
    out.push({ year: ERAS[m[1]] + n, month: Number(m[3]), day: Number(m[4]), index: m.index ?? 0, length: m[0].length });
  }
  return out;
}
