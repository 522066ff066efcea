// Deterministic randomness and the pools the corpus draws from: companies, people, places, goods,
// banks, vessels. The same seed always gives the same corpus.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** mulberry32 */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  letters(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(65 + this.int(0, 25));
    return s;
  }
}

export interface Place {
  street: string;
  city: string;
  postcode: string;
  country: string;
  code: string;
}

export const CORES = [
  'Acme Trading',
  'Globex',
  'Initech Systems',
  'Northwind Traders',
  'Blue Harbour Logistics',
  'Vandelay Industries',
  'Stark Components',
  'Helios Energy',
  'Meridian Foods',
  'Orion Metals',
  'Cobalt Marine',
  'Alder & Finch',
  'Brightwater Textiles',
  'Summit Pharma',
  'Kestrel Engineering',
  'Lumen Optics',
  'Rheinland Maschinenbau',
  'Nordlicht Handel',
  'Atelier Lumière',
  'Vega Agro',
  'Tessera Chemicals',
  'Pioneer Timber',
  'Silverline Shipping',
  'Quantum Plastics',
  'Redwood Paper',
  'Sierra Coffee',
  'Falcon Aerospace',
  'Granite Stone Works',
];
export const FORMS: { form: string; code: string }[] = [
  { form: 'Ltd', code: 'GB' },
  { form: 'Limited', code: 'GB' },
  { form: 'GmbH', code: 'DE' },
  { form: 'AG', code: 'DE' },
  { form: 'SARL', code: 'FR' },
  { form: 'SAS', code: 'FR' },
  { form: 'B.V.', code: 'NL' },
  { form: 'S.r.l.', code: 'IT' },
  { form: 'S.L.', code: 'ES' },
  { form: 'Inc.', code: 'US' },
  { form: 'LLC', code: 'US' },
  { form: 'PLC', code: 'GB' },
  { form: 'Sp. z o.o.', code: 'PL' },
  { form: 'AB', code: 'SE' },
];
export const FIRST = ['Jane', 'John', 'Maria', 'Thomas', 'Anna', 'Lukas', 'Sophie', 'Pierre', 'Elena', 'David', 'Fatima', 'Oliver', 'Chloé', 'Jonas', 'Ingrid', 'Marco'];
export const LAST = ['Public', 'Smith', 'Müller', 'Dubois', 'Rossi', 'Kowalski', 'Jansen', 'Andersson', 'García', 'Novak', 'Okafor', 'Schmidt', 'Bernard', 'Costa'];

export const PLACES: Record<string, Place[]> = {
  GB: [
    { street: '12 Harbour Road', city: 'London', postcode: 'EC1A 1BB', country: 'United Kingdom', code: 'GB' },
    { street: '4 Mill Lane', city: 'Manchester', postcode: 'M1 2AB', country: 'United Kingdom', code: 'GB' },
  ],
  DE: [
    { street: 'Hafenstraße 21', city: 'Hamburg', postcode: '20457', country: 'Germany', code: 'DE' },
    { street: 'Industrieweg 8', city: 'München', postcode: '80331', country: 'Germany', code: 'DE' },
  ],
  FR: [{ street: '18 rue du Port', city: 'Marseille', postcode: '13002', country: 'France', code: 'FR' }],
  NL: [{ street: 'Havenweg 3', city: 'Rotterdam', postcode: '3011 AB', country: 'Netherlands', code: 'NL' }],
  IT: [{ street: 'Via Roma 44', city: 'Genova', postcode: '16121', country: 'Italy', code: 'IT' }],
  ES: [{ street: 'Calle Mayor 9', city: 'Valencia', postcode: '46001', country: 'Spain', code: 'ES' }],
  US: [{ street: '200 Market Street', city: 'Boston', postcode: 'MA 02110', country: 'United States', code: 'US' }],
  PL: [{ street: 'ul. Portowa 5', city: 'Gdansk', postcode: '80-001', country: 'Poland', code: 'PL' }],
  SE: [{ street: 'Hamngatan 7', city: 'Göteborg', postcode: '411 06', country: 'Sweden', code: 'SE' }],
};

export const GOODS: { name: string; unit: [number, number] }[] = [
  { name: 'Industrial pump P-20', unit: [400, 900] },
  { name: 'Stainless steel coil 2mm', unit: [900, 2400] },
  { name: 'Arabica coffee beans (60 kg bag)', unit: [180, 320] },
  { name: 'Hydraulic valve assembly', unit: [120, 480] },
  { name: 'Cotton fabric roll', unit: [60, 150] },
  { name: 'Copper cathodes (1 t)', unit: [7000, 9500] },
  { name: 'Solar panel 400W', unit: [110, 240] },
  { name: 'Frozen shrimp carton', unit: [45, 90] },
  { name: 'Polyethylene granules (25 kg)', unit: [30, 70] },
  { name: 'Olive oil (5 l can)', unit: [25, 60] },
  { name: 'Timber beams 4m', unit: [15, 40] },
  { name: 'Diesel generator 50 kVA', unit: [6000, 14000] },
];
export const SERVICES = ['Consulting services', 'Software licence', 'Logistics handling', 'Maintenance contract', 'Freight forwarding', 'Quality inspection'];
export const BANKS = ['Harbour Bank plc', 'Nordic Commerce Bank AB', 'Banque du Littoral SA', 'Rhein Sparkasse', 'Atlantic Trust Bank Ltd'];
export const VESSELS = ['MV Northern Star', 'MV Baltic Carrier', 'MV Ocean Pearl', 'MV Atlantic Dawn', 'MV Cape Horizon', 'MV Sea Falcon'];
export const PORTS = ['Rotterdam', 'Hamburg', 'Antwerp', 'Singapore', 'Shanghai', 'Santos', 'Genoa', 'Valencia', 'Felixstowe', 'Gdansk'];
export const UTILITIES = ['Bright Energy Ltd', 'Stadtwerke Nord GmbH', 'Énergie Azur SAS', 'City Water Services Ltd'];
export const INSURERS = ['Harbour Mutual Insurance Ltd', 'Allsafe Versicherung AG', 'Assurances du Rhône SA', 'Meridian Underwriters Ltd'];
export const AUTHORITIES = ['Financial Conduct Authority', 'Gewerbeamt Hamburg', 'Port Authority of Rotterdam', 'National Export Control Office'];
export const CURRENCIES = ['EUR', 'USD', 'GBP'];

/** IBAN with a correct check number for a country and a body of digits. */
export function iban(rng: Rng, code: 'GB' | 'DE' | 'FR' | 'NL'): string {
  const body = code === 'GB' ? `${rng.letters(4)}${rng.digits(14)}` : code === 'DE' ? rng.digits(18) : code === 'FR' ? rng.digits(23) : `${rng.letters(4)}${rng.digits(10)}`;
  const rearranged = `${body}${code}00`;
  let rem = 0;
  for (const ch of rearranged) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return `${code}${String(98 - rem).padStart(2, '0')}${body}`;
}

export function spacedIban(s: string): string {
  return s.replace(/(.{4})/g, '$1 ').trim();
}

export function isoAdd(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A date written the way a document of that language would. */
export function writeDate(iso: string, style: 'iso' | 'uk' | 'de' | 'long' | 'us-long'): string {
  const [y, m, d] = iso.split('-');
  if (style === 'iso') return iso;
  if (style === 'uk') return `${d}/${m}/${y}`;
  if (style === 'de') return `${d}.${m}.${y}`;
  if (style === 'long') return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
  return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
}

/** An amount written with a style's separators: 1,234.56 / 1.234,56 / 1 234,56. */
export function writeAmount(v: number, style: 'en' | 'de' | 'fr'): string {
  const [int, dec] = Math.abs(v).toFixed(2).split('.');
  const group = style === 'en' ? ',' : style === 'de' ? '.' : ' ';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${v < 0 ? '-' : ''}${grouped}${style === 'en' ? '.' : ','}${dec}`;
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
