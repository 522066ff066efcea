// biome-ignore-all format: tables and word lists read better packed than one item a line
// Country names and nationalities as registers write them ("England", "British", "United Kingdom
// (England and Wales)") to ISO 3166-1 alpha-2 codes. Pure.
import countries from 'i18n-iso-countries';

const UK_PARTS = /^(uk|u\.k\.|great britain|britain|england|wales|scotland|northern ireland|england (and|&) wales|united kingdom.*|gb|gbr)$/;

/** Nationality words that are not a country name (the common ones registers use). */
const DEMONYMS: Record<string, string> = {
  british: 'GB', english: 'GB', welsh: 'GB', scottish: 'GB', 'northern irish': 'GB', irish: 'IE', american: 'US', canadian: 'CA',
  german: 'DE', french: 'FR', italian: 'IT', spanish: 'ES', portuguese: 'PT', dutch: 'NL', belgian: 'BE', swiss: 'CH', austrian: 'AT',
  swedish: 'SE', norwegian: 'NO', danish: 'DK', finnish: 'FI', icelandic: 'IS', polish: 'PL', czech: 'CZ', slovak: 'SK', hungarian: 'HU',
  romanian: 'RO', bulgarian: 'BG', greek: 'GR', cypriot: 'CY', maltese: 'MT', croatian: 'HR', slovenian: 'SI', serbian: 'RS',
  lithuanian: 'LT', latvian: 'LV', estonian: 'EE', ukrainian: 'UA', russian: 'RU', belarusian: 'BY', turkish: 'TR', israeli: 'IL',
  indian: 'IN', pakistani: 'PK', bangladeshi: 'BD', 'sri lankan': 'LK', chinese: 'CN', 'hong konger': 'HK', japanese: 'JP',
  korean: 'KR', 'south korean': 'KR', singaporean: 'SG', malaysian: 'MY', thai: 'TH', vietnamese: 'VN', filipino: 'PH', indonesian: 'ID',
  australian: 'AU', 'new zealander': 'NZ', 'south african': 'ZA', nigerian: 'NG', ghanaian: 'GH', kenyan: 'KE', egyptian: 'EG',
  moroccan: 'MA', emirati: 'AE', saudi: 'SA', 'saudi arabian': 'SA', qatari: 'QA', kuwaiti: 'KW', iranian: 'IR', iraqi: 'IQ',
  lebanese: 'LB', syrian: 'SY', jordanian: 'JO', brazilian: 'BR', argentine: 'AR', argentinian: 'AR', mexican: 'MX', chilean: 'CL',
  colombian: 'CO', peruvian: 'PE', venezuelan: 'VE', luxembourgish: 'LU', luxembourger: 'LU', monegasque: 'MC', liechtensteiner: 'LI',
  afghan: 'AF', albanian: 'AL', algerian: 'DZ', armenian: 'AM', azerbaijani: 'AZ', georgian: 'GE', kazakh: 'KZ', uzbek: 'UZ',
};

/** The alpha-2 code of a country name or nationality, or null when it cannot be told. */
export function countryCodeOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return null;
  const lower = t.toLowerCase();
  if (UK_PARTS.test(lower)) return 'GB';
  if (/^[A-Za-z]{2}$/.test(t) && countries.isValid(t.toUpperCase())) return t.toUpperCase();
  const demonym = DEMONYMS[lower];
  if (demonym) return demonym;
  const direct = countries.getAlpha2Code(t, 'en') ?? countries.getSimpleAlpha2Code(t, 'en');
  if (direct) return direct;
  // "Virgin Islands, British", "Korea, Republic Of": try the parts in the other order.
  const comma = t.split(',').map((s) => s.trim());
  if (comma.length === 2) return countries.getSimpleAlpha2Code(`${comma[1]} ${comma[0]}`, 'en') ?? null;
  return null;
}
