// Who issued a bill or a statement and in which currency, from what the page says of itself: the
// name its own website or e-mail domain spells ("www.examplegasco.com" and "Example Gas Co"), a
// name with a utility's or a bank's word in the letterhead, and the dollar of the country the
// issuer is in when only "$" is printed.
import { titleCase } from '../../lib/title-case.ts';
import { isLabelText } from './label-words.ts';
import type { DocText } from './doc-text.ts';
import { fold } from './text.ts';

const squeeze = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');

/** The domains the page gives for itself: websites and e-mail addresses. */
function domains(text: string): string[] {
  const out = new Set<string>();
  // Only a website written as one ("www.", "https://"): a bare "Amazon.com" is a merchant in a statement's transactions.
  for (const m of text.matchAll(/(?:\bhttps?:\/\/(?:www\.)?|\bwww\.)([a-z0-9-]{3,40})\.[a-z]{2,10}\b/gi)) out.add(m[1].toLowerCase().replace(/-/g, ''));
  for (const m of text.matchAll(/@([a-z0-9-]{3,40})\./gi)) out.add(m[1].toLowerCase().replace(/-/g, ''));
  return [...out].filter((d) => !/^(gmail|yahoo|hotmail|outlook|icloud|aol|google|facebook|twitter|instagram|linkedin|youtube|apple|microsoft)$/.test(d));
}

/**
 * The issuer's name as the page prints it and its own domain spells it: a run of capitalised words
 * whose letters are the start of a domain of the page ("Example Gas Co" in examplegasco.com, "Brightwater
 * Energy" in brightwaterenergy.com), the most frequent such name first.
 */
export function issuerFromDomain(d: DocText): string | null {
  const doms = domains(d.text);
  if (doms.length === 0) return null;
  const counts = new Map<string, number>();
  for (const m of d.text.matchAll(/\p{Lu}[\p{L}&'.-]*(?:[ \t]+(?:of|&|and|de|du)?[ \t]*\p{Lu}[\p{L}&'.-]*){0,4}/gu)) {
    const words = m[0].split(/\s+/).filter(Boolean);
    // The longest leading run of words whose letters start a domain, of at least five letters.
    for (let n = words.length; n >= 1; n--) {
      const name = words.slice(0, n).join(' ');
      const s = squeeze(name);
      if (s.length < 5 || !doms.some((dm) => dm.startsWith(s) && s.length >= dm.length * 0.6)) continue;
      if (isLabelText(name)) break;
      counts.set(name, (counts.get(name) ?? 0) + 1);
      break;
    }
  }
  // A name written as words ("Example Gas Co") beats one written as the domain ("BrightwaterEnergy").
  const ranked = [...counts.entries()].sort((a, b) => Number(/\s/.test(b[0])) - Number(/\s/.test(a[0])) || b[1] - a[1]);
  const best = ranked[0]?.[0];
  return best ? nameCase(best) : null;
}

/** "NATIONAL GRID" is printed "National Grid"; a name in mixed case stays as printed. */
function nameCase(s: string): string {
  return s !== s.toUpperCase() ? s : titleCase(s);
}

/** Dollars and pesos by the country the page shows it is from ("ABN", "NSW 2000", "Canada", a RUT…): AUD, CAD, NZD, SGD, HKD, CLP, ARS, COP, UYU. */
const DOLLAR_COUNTRIES: [RegExp, string][] = [
  [/\bA\$|\bAUD\b|\bABN\b|\bAustralia\b|\b(?:NSW|VIC|QLD|TAS)\s+\d{4}\b/, 'AUD'],
  [/\bC\$|\bCAD\b|\bCanada\b|\b(?:ON|QC|BC|AB|MB|NS|NB|SK)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/, 'CAD'],
  // A New Zealand GST number is written in three groups of three digits ("GST No. 123-456-789").
  [/\bNZ\$|\bNZD\b|\bNew Zealand\b|\b(?:Auckland|Wellington|Christchurch)\b|\bGST\s*(?:No\.?|Number|Reg\.?)\s*:?\s*\d{2,3}-\d{3}-\d{3}\b/, 'NZD'],
  [/\bS\$|\bSGD\b|\bSingapore\b/, 'SGD'],
  [/\bHK\$|\bHKD\b|\bHong Kong\b/, 'HKD'],
  // The pesos of Chile and Argentina, printed "$" alone: by a Chilean RUT ("R.U.T.: 76.418.823-K") or an Argentine CUIT.
  [/\bCLP\b|\bChile\b|\bR\.?U\.?T\.?\s*:?\s*\d{1,2}\.\d{3}\.\d{3}-[\dkK]\b/, 'CLP'],
  [/\bARS\b|\bArgentina\b|\bC\.?U\.?I\.?T\.?\s*:?\s*\d{2}-\d{8}-\d\b/, 'ARS'],
  // The pesos of Colombia and Uruguay: by a Colombian NIT ("NIT 901.418.823-7") or an electronic invoice's CUFE, by the
  // Uruguayan "$U" or a Uruguayan RUT of twelve digits.
  [/\bCOP\b|\bColombia\b|\bNIT\.?\s*:?\s*\d{3}\.\d{3}\.\d{3}-\d\b|\bCUFE\b/, 'COP'],
  [/\$U(?![\p{L}])|\bUYU\b|\bUruguay\b|\bRUT\s*(?:comprador|emisor)?\s*:?\s*\d{12}\b/u, 'UYU'],
];

/** Countries of Europe, whose own money is no dollar, as an address names them in English or its own language. */
const NO_DOLLAR_COUNTRY =
  /\b(?:Deutschland|Germany|Österreich|Austria|Schweiz|Suisse|Svizzera|Switzerland|France|Italia|Italy|España|Spain|Portugal|Nederland|Netherlands|Belgi(?:um|que|ë)|Luxembourg|Ireland|United Kingdom|Polska|Poland|Česká republika|Czech Republic|Sverige|Sweden|Norge|Norway|Danmark|Denmark|Suomi|Finland)\b/iu;

/**
 * The currency of a document whose amounts carry only "$": the dollar of the country it shows it is
 * from, US dollars when it names none; the code read when a code was printed. On a page from a
 * European country that writes no "USD" anywhere, a lone "$" is an "S" or a "5" that text
 * recognition misread ("+49 $1 520", "$0,00"), not the currency: none is given.
 */
export function dollarCurrency(read: string | null, text: string): string | null {
  if (read !== 'USD' || /\bUSD\b|\bUS\$|\bU\.S\. dollars?\b/i.test(text)) return read;
  const country = DOLLAR_COUNTRIES.find(([re]) => re.test(text))?.[1];
  if (country) return country;
  return NO_DOLLAR_COUNTRY.test(text) ? null : read;
}
