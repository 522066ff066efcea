// biome-ignore-all format: tables read better packed than one item a line
// A postal address as one line of text ("Musterstraße 1, 10115 Berlin, Germany") split into street,
// postcode, city, state or province and country, for the countries whose formats are known here.
// An address is only split when its country is known (named in the text, as a postcode prefix such
// as "D-", or given by the caller) and a line of it has that country's postcode and town in that
// country's order; otherwise nothing is returned and the caller keeps the text whole. Pure.
//
// Postcode patterns and the order of postcode and town follow the address data of the Unicode CLDR
// project's companion, Google's libaddressinput (chromium-i18n address metadata, `zip` and `fmt` per
// country), which restates the UPU's postal addressing standards (S42). US state and Canadian
// province codes are those of USPS Publication 28 (appendix B) and Canada Post's addressing guide.
import countries from 'i18n-iso-countries';
import { countryCodeOf } from './countries.ts';

export interface PostalAddress {
  street_address: string;
  city: string;
  postcode: string;
  country_code: string;
  state_or_province: string;
}

interface Format {
  /** The postcode as written in the country (no anchors). */
  postcode: string;
  /** `before`: "10115 Berlin"; `after`: "London SW1A 2AA", "Springfield, IL 62704". */
  order: 'before' | 'after';
  /** Letters written before the postcode in international mail ("D-10115", "L-1234"). */
  prefixes: string[];
  /** States or provinces (code → name) written with the postcode (US, CA). */
  states?: Record<string, string>;
}

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', AS: 'American Samoa',
  GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands', AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
};

export const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador', NS: 'Nova Scotia',
  NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

/** The countries whose addresses are split. */
export const FORMATS: Record<string, Format> = {
  GB: { postcode: '(?:GIR ?0AA|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[ABD-HJLNP-UW-Z]{2})', order: 'after', prefixes: [] },
  IE: { postcode: '(?:[AC-FHKNPRTV-Y]\\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}', order: 'after', prefixes: [] },
  US: { postcode: '\\d{5}(?:[ -]\\d{4})?', order: 'after', prefixes: [], states: US_STATES },
  CA: { postcode: '[ABCEGHJKLMNPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d', order: 'after', prefixes: [], states: CA_PROVINCES },
  DE: { postcode: '\\d{5}', order: 'before', prefixes: ['D', 'DE'] },
  AT: { postcode: '\\d{4}', order: 'before', prefixes: ['A', 'AT'] },
  CH: { postcode: '\\d{4}', order: 'before', prefixes: ['CH'] },
  FR: { postcode: '\\d{2} ?\\d{3}', order: 'before', prefixes: ['F', 'FR'] },
  NL: { postcode: '\\d{4} ?[A-Z]{2}', order: 'before', prefixes: ['NL'] },
  BE: { postcode: '\\d{4}', order: 'before', prefixes: ['B', 'BE'] },
  LU: { postcode: '\\d{4}', order: 'before', prefixes: ['L', 'LU'] },
  IT: { postcode: '\\d{5}', order: 'before', prefixes: ['I', 'IT'] },
  ES: { postcode: '\\d{5}', order: 'before', prefixes: ['E', 'ES'] },
  PT: { postcode: '\\d{4}-\\d{3}', order: 'before', prefixes: ['P', 'PT'] },
  PL: { postcode: '\\d{2}-\\d{3}', order: 'before', prefixes: ['PL'] },
  SE: { postcode: '\\d{3} ?\\d{2}', order: 'before', prefixes: ['S', 'SE'] },
  DK: { postcode: '\\d{4}', order: 'before', prefixes: ['DK'] },
  NO: { postcode: '\\d{4}', order: 'before', prefixes: ['N', 'NO'] },
  FI: { postcode: '\\d{5}', order: 'before', prefixes: ['FI', 'FIN'] },
  CZ: { postcode: '\\d{3} ?\\d{2}', order: 'before', prefixes: ['CZ'] },
};

/** Country names in the languages addresses of these countries are written in. */
const NAME_LANGS = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt', 'pl', 'sv', 'da', 'no', 'fi', 'cs', 'ga'];
const ALIASES: Record<string, string> = { usa: 'US', 'u.s.a.': 'US', 'u.s.': 'US', 'united states of america': 'US', uk: 'GB', 'u.k.': 'GB', 'the netherlands': 'NL', holland: 'NL' };

/** The country a part of an address names ("Germany", "Deutschland", "USA"), or null. */
export function countryNamed(part: string): string | null {
  const t = part.trim().replace(/\.$/, '').replace(/\s+/g, ' ');
  if (!t || /\d/.test(t)) return null;
  const alias = ALIASES[t.toLowerCase()];
  if (alias) return alias;
  // Two letters alone are a state or a province as often as a country ("CA", "DE" in a US address).
  if (t.length <= 3) return null;
  const known = countryCodeOf(t);
  if (known) return known;
  for (const lang of NAME_LANGS) {
    const code = countries.getAlpha2Code(t, lang) ?? countries.getSimpleAlpha2Code(t, lang);
    if (code) return code;
  }
  return null;
}

// A town: words of letters (with ' . - / and spaces), optionally ending in a district number or a
// CEDEX ("Praha 1", "Dublin 2", "Paris Cedex 08", "København K").
const TOWN = "\\p{L}[\\p{L}\\p{M}'’.\\-/ ]*?(?: (?:cedex )?\\d{1,2})?";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Line {
  street: string;
  postcode: string;
  city: string;
  state: string;
  /** The country its postcode prefix names ("D-10115"). */
  prefixed: string | null;
}

/** The postcode, town (and state) a part of an address holds for a country, with anything before it (a street). */
function matchLine(part: string, cc: string, previous: string | null): Line | null {
  const f = FORMATS[cc]!;
  const pre = f.prefixes.length ? `(?:(${f.prefixes.map(escapeRegExp).join('|')})-)?` : '()';
  if (f.order === 'before') {
    // "[street ]D-10115 Berlin[ (BE)]": the street, when on the same line, ends before the postcode.
    const m = new RegExp(`^(?:(.*\\S)\\s+)??${pre}(${f.postcode})\\s+(${TOWN})(?:\\s+\\(?([A-Z]{2})\\)?)?$`, 'iu').exec(part);
    if (!m) return null;
    const [, street = '', prefix, postcode, town, code] = m;
    // A province or canton code after the town only in Italy and Switzerland ("00184 Roma RM",
    // "20121 Milano (MI)", "8001 Zürich ZH"), in capitals; anything else there is part of the town.
    const province = code && (cc === 'IT' || cc === 'CH') && code === code.toUpperCase() ? code : '';
    const city = code && !province ? `${town} ${code}` : town!;
    return { street, postcode: postcode!, city: city.trim(), state: province, prefixed: prefix ? cc : null };
  }
  if (f.states) {
    // "Springfield, IL 62704" / "Springfield IL 62704" / "Toronto, ON M5V 2T6".
    const m = new RegExp(`^(?:(.*?\\S)[,\\s]\\s*)?([A-Z]{2})\\.?\\s+(${f.postcode})$`, 'u').exec(part);
    if (!m || !f.states[m[2]!]) return null;
    const head = m[1] ?? '';
    // The town is the rest of this part, or the part before when this one holds only the state.
    if (head && !/\d/.test(head)) return { street: '', postcode: m[3]!, city: head.replace(/,$/, '').trim(), state: m[2]!, prefixed: null };
    if (!head && previous && !/\d/.test(previous)) return { street: '', postcode: m[3]!, city: '', state: m[2]!, prefixed: null };
    return null;
  }
  // "London SW1A 2AA", "SW1A 2AA", "Dublin 2 D02 X285".
  const m = new RegExp(`^(?:(.*?\\S)\\s+)?(${f.postcode})$`, 'iu').exec(part);
  if (!m) return null;
  const head = m[1] ?? '';
  if (head && !new RegExp(`^${TOWN}$`, 'iu').test(head)) return null;
  return { street: '', postcode: m[2]!.toUpperCase(), city: head, state: '', prefixed: null };
}

function normalisePostcode(cc: string, postcode: string): string {
  const p = postcode.toUpperCase().replace(/\s+/g, ' ');
  if (cc === 'GB' && !p.includes(' ')) return `${p.slice(0, -3)} ${p.slice(-3)}`;
  if (cc === 'CA' && !p.includes(' ')) return `${p.slice(0, 3)} ${p.slice(3)}`;
  if (cc === 'IE' && !p.includes(' ')) return `${p.slice(0, 3)} ${p.slice(3)}`;
  if (cc === 'NL' && !p.includes(' ')) return `${p.slice(0, 4)} ${p.slice(4)}`;
  return p;
}

/** The country whose postcode prefix ("D-10115 Berlin", "CH-8001 Zürich") the postcode line carries. */
function prefixCountry(parts: string[]): string | null {
  const line = parts[parts.length - 1];
  if (!line) return null;
  for (const [cc, f] of Object.entries(FORMATS)) {
    if (f.prefixes.length && new RegExp(`(?:^|\\s)(?:${f.prefixes.map(escapeRegExp).join('|')})-(?:${f.postcode})\\s+\\p{L}`, 'u').test(line)) return cc;
  }
  return null;
}

/**
 * The address split into its fields, or null when it cannot be split with confidence: its country
 * unknown or without a format here, no line of it with that country's postcode and town, or text
 * after the town that is not the country. `country` is the country the address is expected in
 * (the company's own), used only when the text names none.
 */
export function parsePostalAddress(text: string | null | undefined, country?: string | null): PostalAddress | null {
  if (!text) return null;
  const parts = text
    .split(/\s*[,;\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const named = countryNamed(parts[parts.length - 1]!);
  if (named) parts.pop();
  const cc = named ?? prefixCountry(parts) ?? (country ? country.toUpperCase() : null);
  if (!cc || !FORMATS[cc] || parts.length === 0) return null;
  // The postcode line is the last part (or, for a US or Canadian state on its own, the last two).
  const last = parts.length - 1;
  const line = matchLine(parts[last]!, cc, parts[last - 1] ?? null);
  if (!line) return null;
  if (line.prefixed && named && line.prefixed !== named) return null;
  let rest = parts.slice(0, last);
  let city = line.city;
  if (!city && FORMATS[cc]!.states) city = rest.pop() ?? '';
  // A town alone on the line before a British or Irish postcode ("London", "SW1A 2AA").
  else if (!city && rest.length > 1 && new RegExp(`^${TOWN}$`, 'iu').test(rest[rest.length - 1]!)) city = rest.pop()!;
  if (line.street) rest = [...rest, line.street];
  return {
    street_address: rest.join(', '),
    city,
    postcode: normalisePostcode(cc, line.postcode),
    country_code: cc,
    state_or_province: line.state.toUpperCase(),
  };
}

/** The country an address names in so many words (a country line or a postcode prefix), or null. */
export function countryOfAddress(text: string | null | undefined): string | null {
  if (!text) return null;
  const parts = text
    .split(/\s*[,;\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  return countryNamed(parts[parts.length - 1]!) ?? prefixCountry(parts);
}

/**
 * An address whose parts were kept whole in its street (no town), split when it can be. A postcode
 * the source gave on its own ("Kade 1, Rotterdam" with "3011 AA") is put back in its place first.
 * Unchanged when it cannot be split, or when the split postcode is not the one given.
 */
export function splitAddress(a: PostalAddress): PostalAddress {
  if (a.city || !a.street_address) return a;
  const given = a.postcode.trim().toUpperCase().replace(/\s+/g, '');
  const fits = (p: PostalAddress | null) => !!p && (!given || p.postcode.replace(/\s+/g, '') === given);
  const whole = parsePostalAddress(a.street_address, a.country_code || null);
  if (fits(whole)) return { ...whole!, state_or_province: whole!.state_or_province || a.state_or_province };
  if (!given || a.street_address.toUpperCase().replace(/\s+/g, '').includes(given)) return a;
  const parts = a.street_address
    .split(/\s*[,;\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const named = parts.length > 1 && countryNamed(parts[parts.length - 1]!) ? parts.pop()! : null;
  const cc = (named ? countryNamed(named) : null) ?? (a.country_code || null);
  const format = cc ? FORMATS[cc] : undefined;
  const last = parts.pop();
  if (!format || !last) return a;
  const line = format.order === 'before' ? `${a.postcode.trim()} ${last}` : `${last} ${a.postcode.trim()}`;
  const rebuilt = parsePostalAddress([...parts, line, ...(named ? [named] : [])].join(', '), cc);
  return fits(rebuilt) ? { ...rebuilt!, state_or_province: rebuilt!.state_or_province || a.state_or_province } : a;
}
