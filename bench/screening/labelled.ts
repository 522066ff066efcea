// A labelled benchmark of name pairs, persons and companies, built at bench time from the public
// OFAC SDN list (names only; the list itself is not in the repository) and from name patterns the
// screening literature documents. Every pair says whether the two names are one party, and which
// kind of difficulty it shows:
//
// Persons, same person: the list's a.k.a. names that keep at least one word of the primary name
//   (spelling variants and fuller or shorter forms, not a nom de guerre no name rule can find);
//   the name in the other order; middle names or patronymic dropped; transliteration variants
//   (Arabic-origin spellings Mohammed/Muhammad, Yusuf/Yousef, ou/u, ee/i; Russian names written
//   in Cyrillic and transliterated back); the given name as an initial; one typing slip.
// Persons, different people (the hard negatives): namesakes (two list persons sharing a family
//   name, two sharing a given name); family members (the same family name with a close but other
//   given name: Amer/Samer, Hassan/Hussein, Ivan/Ivana; the other gender's family name Petrov/
//   Petrova); another middle name or patronymic (brothers); short names (a given name alone
//   against a full name).
// Companies, same company: a.k.a. names keeping a word of the name; legal form changed or
//   translated (Ltd/Limited, LLC/OOO in Cyrillic, JSC/AO); a common word dropped or added
//   (International, Company, Group); word order; one typing slip.
// Companies, different (hard negatives): two list companies sharing a common word (Trading,
//   Shipping, Bank…); the name with its distinctive word replaced by another list company's; the
//   name with one common word replaced by another (Atlas Trading / Atlas Shipping); numbers that
//   differ (Plant 144 / Plant 163); short names one letter apart.
//
// Deterministic (fixed seeds). The benchmark is not built from the matcher's rules: the variants
// come from how the names are written by people and lists, the hard negatives from the list's own
// collisions.
import anyAscii from 'any-ascii';
import { blankEntry } from '../../src/screening/formats/common.ts';
import { applyRemarks } from '../../src/screening/formats/ofac-csv.ts';
import type { SdnRecord } from './generate.ts';
import type { Pair } from './pairs.ts';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const LEGAL = /\b(LTD|LIMITED|LLC|L\.L\.C\.|CO\.?|COMPANY|INC|CORP|CORPORATION|JSC|OJSC|CJSC|PJSC|OOO|ZAO|OAO|AO|GMBH|S\.A\.|SA|FZE|PLC|LLP|BV|B\.V\.|SRL|SARL)\b\.?/g;
const words = (n: string) =>
  n
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const GENERIC = new Set(
  'TRADING GROUP SHIPPING INTERNATIONAL BANK DEVELOPMENT RESEARCH INSTITUTE TECHNOLOGY CENTER MANAGEMENT GENERAL HOLDING ENGINEERING INVESTMENT PRODUCTION TRADE ENTERPRISE SERVICES ENERGY INDUSTRIES OIL COMMERCIAL INDUSTRIAL NATIONAL CAPITAL EXCHANGE CONSTRUCTION SYSTEMS MARINE HOLDINGS GLOBAL EXPORT IMPORT STEEL AVIATION ELECTRONICS LOGISTICS MARITIME PETROLEUM TRANSPORT GAS FINANCE INSURANCE'.split(
    ' ',
  ),
);
const CONSONANT_GROUPS = ['BP', 'DT', 'GKCQ', 'SZC', 'FVW', 'MN', 'LR'];
/** Words no company name is told apart by (legal forms written out, small words). */
const FILLER = new Set('COMPANIES OPEN CLOSED PUBLIC PRIVATE UNITED ASSOCIATION'.split(' '));
const LEGAL_WORDS = new Set('LTD LIMITED LLC CO COMPANY INC CORP CORPORATION JSC OJSC CJSC PJSC OOO ZAO OAO AO GMBH SA FZE PLC LLP BV SRL SARL S A L C OF THE AND DE JOINT STOCK LIABILITY'.split(' '));

const PARTICLES = new Set(['AL', 'EL', 'ABU', 'BIN', 'IBN', 'ABD', 'DE', 'DA', 'DOS', 'DEL']);
/** Close given names that are other names (not spellings of one): family members, the hard negatives. */
const CLOSE_OTHER_NAMES: [string, string][] = [
  ['AMER', 'SAMER'],
  ['HASSAN', 'HUSSEIN'],
  ['OMAR', 'AMMAR'],
  ['ALI', 'ALIA'],
  ['AHMAD', 'HAMAD'],
  ['KHALID', 'KHALIL'],
  ['NABIL', 'NABILA'],
  ['JAMAL', 'KAMAL'],
  ['KARIM', 'KARIMA'],
  ['NASSER', 'YASSER'],
  ['FADI', 'HADI'],
  ['RAMI', 'SAMI'],
  ['IVAN', 'IVANA'],
  ['YURI', 'YULIA'],
  ['ALEKSANDR', 'ALEKSANDRA'],
  ['VIKTOR', 'VIKTORIA'],
  ['EVGENY', 'EVGENIA'],
  ['OLEG', 'OLGA'],
  ['VLADIMIR', 'VLADISLAV'],
  ['STANISLAV', 'VLADISLAV'],
  ['NIKOLAI', 'NIKITA'],
  ['MAHMOUD', 'MASOUD'],
  ['HAMID', 'HAMZA'],
  ['SAID', 'SAAD'],
  ['MUSTAFA', 'MUKHTAR'],
  ['ABBAS', 'ANAS'],
  ['HADI', 'HANI'],
  ['WALID', 'KHALID'],
  ['JOSE', 'JOSUE'],
  ['JUAN', 'JULIAN'],
  ['CARLOS', 'CARLA'],
  ['MARIO', 'MARIA'],
  ['DANIEL', 'DANIELA'],
];

/** Ways one Arabic-origin or Russian name is spelled in Latin letters (applied to whole words). */
const SPELLINGS: [RegExp, string][] = [
  [/^(MOHAMMED|MOHAMMAD|MUHAMMED|MOHAMED|MOHAMAD)$/, 'MUHAMMAD'],
  [/^MUHAMMAD$/, 'MOHAMMED'],
  [/^(YUSUF|YOUSEF|YOUSSEF|YUSEF)$/, 'YOUSSEF'],
  [/^(HUSSEIN|HUSAYN|HUSSAIN|HUSEIN)$/, 'HUSAIN'],
  [/^(HASAN)$/, 'HASSAN'],
  [/^(HASSAN)$/, 'HASAN'],
  [/^ABD AL$/, 'ABDUL'],
  [/OU/g, 'U'],
  [/EE/g, 'I'],
  [/OO/g, 'U'],
  [/^Q/, 'K'],
  [/KH/g, 'H'],
  [/^EV/, 'YEV'],
  [/IY$/, 'I'],
  [/Y$/, 'I'],
  [/SS/g, 'S'],
];

/** Latin to Russian Cyrillic, for Russian-looking names (written back to Latin through any-ascii, as Dossier reads them). */
const TO_CYRILLIC: [string, string][] = [
  ['SHCH', 'щ'],
  ['SH', 'ш'],
  ['CH', 'ч'],
  ['ZH', 'ж'],
  ['KH', 'х'],
  ['TS', 'ц'],
  ['YU', 'ю'],
  ['YA', 'я'],
  ['YE', 'е'],
  ['IY', 'ий'],
  ['YY', 'ый'],
  ['A', 'а'],
  ['B', 'б'],
  ['V', 'в'],
  ['G', 'г'],
  ['D', 'д'],
  ['E', 'е'],
  ['Z', 'з'],
  ['I', 'и'],
  ['Y', 'й'],
  ['K', 'к'],
  ['L', 'л'],
  ['M', 'м'],
  ['N', 'н'],
  ['O', 'о'],
  ['P', 'п'],
  ['R', 'р'],
  ['S', 'с'],
  ['T', 'т'],
  ['U', 'у'],
  ['F', 'ф'],
];
function cyrillic(word: string): string {
  let out = '';
  let i = 0;
  outer: while (i < word.length) {
    for (const [lat, cyr] of TO_CYRILLIC) {
      if (word.startsWith(lat, i)) {
        out += cyr;
        i += lat.length;
        continue outer;
      }
    }
    out += word[i]!.toLowerCase();
    i++;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}
const RUSSIAN = /(OV|EV|IN|SKY|SKIY|SKII|ENKO|UK|OVA|EVA|INA|VICH|OVNA|EVNA)$/;

/** One slip of the hand in a word of 6 letters or more: two neighbours swapped or one letter doubled. */
function slip(name: string, r: () => number): string | null {
  const ws = name.split(' ');
  const i = ws.findIndex((w) => /^[A-Z]{6,}$/.test(w));
  if (i < 0) return null;
  const w = ws[i]!;
  const at = 1 + Math.floor(r() * (w.length - 3));
  ws[i] = r() < 0.5 ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w.slice(0, at) + w[at] + w.slice(at);
  return ws.join(' ');
}

interface Person {
  id: string;
  family: string;
  given: string[];
  raw: string;
}

export function benchmarkPairs(sdn: SdnRecord[]): Pair[] {
  const r = rng(28);
  const pairs: Pair[] = [];
  const take = (variant: string, kind: Pair['kind'], match: boolean, list: [string, string][], n: number) => {
    const seen = new Set<string>();
    const unique = list.filter(([a, b]) => a.trim() && b.trim() && a !== b && !seen.has(`${a}|${b}`) && seen.add(`${a}|${b}`));
    for (let i = unique.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [unique[i], unique[j]] = [unique[j]!, unique[i]!];
    }
    for (const [a, b] of unique.slice(0, n)) pairs.push({ a, b, kind, match, variant });
  };

  // Persons of the list written "FAMILY, Given Middle".
  const people: Person[] = [];
  for (const e of sdn) {
    if (e.type !== 'individual' || !e.name.includes(', ')) continue;
    const [family, given] = e.name.split(', ') as [string, string];
    const g = words(given);
    if (!g.length || !words(family).length) continue;
    people.push({ id: e.id, family: words(family).join(' '), given: g, raw: e.name });
  }
  const firms = sdn.filter((e) => e.type === '' && words(e.name).length >= 1);

  // ---- Persons, same person.
  const alias: [string, string][] = [];
  for (const e of sdn.filter((x) => x.type === 'individual')) {
    const entry = blankEntry(e.id, 'person', 'sanctions', e.name);
    applyRemarks(entry, e.remarks);
    // A form of the same name (two words or more, and at least half the words of the shorter name,
    // in common); aliases of another name altogether (noms de guerre, nicknames, another given
    // name) are the OFAC alias set's (pairs.ts): no rule on names can tell them from a namesake.
    const own = words(e.name);
    for (const a of entry.aliases) {
      const aw = words(a);
      const shared = aw.filter((w) => w.length >= 3 && own.includes(w)).length;
      if (aw.length >= 2 && shared >= 2 && shared >= Math.min(aw.length, own.length) / 2) alias.push([a, e.name]);
    }
  }
  take('alias: a form of the same name', 'person', true, alias, 70);
  take(
    'other order',
    'person',
    true,
    people.map((p) => [`${p.given.join(' ')} ${p.family}`, p.raw]),
    40,
  );
  take(
    'middle name or patronymic dropped',
    'person',
    true,
    people.filter((p) => p.given.length >= 2 && !PARTICLES.has(p.given[0]!)).map((p) => [`${p.given[0]} ${p.family}`, p.raw]),
    50,
  );
  const respelled: [string, string][] = [];
  for (const p of people) {
    const full = `${p.given.join(' ')} ${p.family}`;
    let changed = full
      .split(' ')
      .map((w) => {
        for (const [re, to] of SPELLINGS) if (re.test(w)) return w.replace(re, to);
        return w;
      })
      .join(' ');
    if (changed !== full) respelled.push([changed, p.raw]);
    if (RUSSIAN.test(p.family) && /^[A-Z ]+$/.test(full)) {
      changed = anyAscii(full.split(' ').map(cyrillic).join(' '));
      if (changed.toUpperCase() !== full) respelled.push([full.split(' ').map(cyrillic).join(' '), p.raw]);
    }
  }
  take('transliteration variant', 'person', true, respelled, 80);
  take(
    'given name as initial',
    'person',
    true,
    people.filter((p) => p.given[0]!.length >= 3 && !PARTICLES.has(p.given[0]!) && p.family.length >= 4).map((p) => [`${p.given[0]![0]}. ${p.family}`, p.raw]),
    25,
  );
  take(
    'typing slip',
    'person',
    true,
    people.map((p) => [slip(`${p.given.join(' ')} ${p.family}`, r) ?? '', p.raw]),
    30,
  );

  // ---- Persons, different people.
  const byFamily = new Map<string, Person[]>();
  const byGiven = new Map<string, Person[]>();
  for (const p of people) {
    byFamily.set(p.family, [...(byFamily.get(p.family) ?? []), p]);
    byGiven.set(p.given[0]!, [...(byGiven.get(p.given[0]!) ?? []), p]);
  }
  const sameFamily: [string, string][] = [];
  for (const group of byFamily.values()) {
    if (group.length < 2 || group.length > 100) continue;
    const x = group[Math.floor(r() * group.length)]!;
    const y = group.find((p) => p.id !== x.id && p.given[0] !== x.given[0] && p.given[0]![0] !== x.given[0]![0] && !p.given.some((g) => x.given.includes(g)));
    if (y) sameFamily.push([`${x.given.join(' ')} ${x.family}`, y.raw]);
  }
  take('namesake: same family name, other given name', 'person', false, sameFamily, 70);
  const sameGiven: [string, string][] = [];
  for (const group of byGiven.values()) {
    if (group.length < 2 || group.length > 300) continue;
    for (let k = 0; k < 3; k++) {
      const x = group[Math.floor(r() * group.length)]!;
      const y = group[Math.floor(r() * group.length)]!;
      if (x.id !== y.id && !words(x.family).some((w) => words(y.family).includes(w)) && !words(y.family).some((w) => x.given.includes(w))) sameGiven.push([`${x.given.join(' ')} ${x.family}`, y.raw]);
    }
  }
  take('namesake: same given name, other family name', 'person', false, sameGiven, 60);
  const family: [string, string][] = [];
  for (const p of people) {
    for (const [x, y] of CLOSE_OTHER_NAMES) {
      const i = p.given.indexOf(x) >= 0 ? p.given.indexOf(x) : p.given.indexOf(y);
      if (i < 0) continue;
      const other = p.given[i] === x ? y : x;
      const g = [...p.given];
      g[i] = other;
      family.push([`${g.join(' ')} ${p.family}`, p.raw]);
    }
    if (/(OV|EV|IN)$/.test(p.family) && p.given.length >= 1) family.push([`${p.given.join(' ')} ${p.family}A`, p.raw]);
  }
  take('family member: close given name or other gender', 'person', false, family, 80);
  const brothers: [string, string][] = [];
  for (const p of people.filter((q) => q.given.length >= 2)) {
    const other = people[Math.floor(r() * people.length)]!.given[0]!;
    if (other === p.given[1] || other.length < 3 || p.given.includes(other)) continue;
    brothers.push([`${p.given[0]} ${other} ${p.family}`, p.raw]);
  }
  take('another middle name or patronymic', 'person', false, brothers, 40);
  take(
    'short name: given name alone',
    'person',
    false,
    people.filter((p) => p.given[0]!.length >= 3).map((p) => [p.given[0]!, p.raw]),
    30,
  );

  // ---- Companies, same company.
  const distinct = (n: string) => words(n).filter((w) => !LEGAL_WORDS.has(w));
  const fAlias: [string, string][] = [];
  for (const e of firms) {
    const entry = blankEntry(e.id, 'company', 'sanctions', e.name);
    applyRemarks(entry, e.remarks);
    const own = words(e.name).filter((w) => !LEGAL_WORDS.has(w));
    for (const a of entry.aliases) {
      const aw = words(a).filter((w) => !LEGAL_WORDS.has(w));
      const shared = aw.filter((w) => w.length >= 3 && !GENERIC.has(w) && own.includes(w)).length;
      const common = aw.filter((w) => own.includes(w)).length;
      if (shared >= 1 && common >= 2 && common >= Math.min(aw.length, own.length) / 2) fAlias.push([a, e.name]);
    }
  }
  take('alias: a form of the same name', 'company', true, fAlias, 80);
  const forms: [string, string][] = [];
  for (const e of firms) {
    const u = e.name.toUpperCase();
    const core = u
      .replace(LEGAL, ' ')
      .replace(/[,.]+\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (core === u || words(core).length < 1) continue;
    if (/\bLLC\b|LIMITED LIABILITY COMPANY/.test(u) && /^[A-Z ]+$/.test(core) && RUSSIAN.test(core.split(' ').at(-1)!)) forms.push([`ООО «${core.split(' ').map(cyrillic).join(' ')}»`, e.name]);
    const swapped = /\bLTD\b/.test(u) ? `${core} LIMITED` : /\bLIMITED\b/.test(u) ? `${core} LTD` : /\bJSC\b|JOINT STOCK COMPANY/.test(u) ? `AO ${core}` : `${core} CO., LTD.`;
    forms.push([swapped, e.name]);
  }
  take('legal form changed or translated', 'company', true, forms, 70);
  const generic: [string, string][] = [];
  for (const e of firms) {
    const ws = words(e.name);
    const gi = ws.findIndex((w) => GENERIC.has(w));
    const distinctive = ws.filter((w) => !GENERIC.has(w) && !LEGAL_WORDS.has(w) && w.length >= 3);
    if (distinctive.length >= 1 && gi >= 0 && ws.length >= 3) generic.push([ws.filter((_, i) => i !== gi).join(' '), e.name]);
    else if (distinctive.length >= 2 && ws.length <= 4) generic.push([`${ws.join(' ')} INTERNATIONAL`, e.name]);
  }
  take('common word dropped or added', 'company', true, generic, 50);
  take(
    'word order',
    'company',
    true,
    firms.filter((e) => words(e.name.replace(LEGAL, ' ')).length === 2).map((e) => [words(e.name.replace(LEGAL, ' ')).reverse().join(' '), e.name]),
    25,
  );
  take(
    'typing slip',
    'company',
    true,
    firms.map((e) => [slip(distinct(e.name).join(' '), r) ?? '', e.name]),
    30,
  );

  // ---- Companies, different companies.
  const byGeneric = new Map<string, SdnRecord[]>();
  for (const e of firms) for (const w of new Set(words(e.name))) if (GENERIC.has(w)) byGeneric.set(w, [...(byGeneric.get(w) ?? []), e]);
  const sharing: [string, string][] = [];
  for (const group of byGeneric.values()) {
    for (let k = 0; k < 12; k++) {
      const x = group[Math.floor(r() * group.length)]!;
      const y = group[Math.floor(r() * group.length)]!;
      const dx = distinct(x.name).filter((w) => !GENERIC.has(w));
      const dy = distinct(y.name).filter((w) => !GENERIC.has(w));
      // Two companies of one group (a branch, a subsidiary named after the parent) are left out: they share a distinctive word.
      if (x.id !== y.id && dx.length && dy.length && !dx.some((w) => dy.includes(w))) sharing.push([x.name, y.name]);
    }
  }
  take('sharing a common word', 'company', false, sharing, 80);
  const replaced: [string, string][] = [];
  for (const e of firms) {
    const ws = distinct(e.name);
    const di = ws.findIndex((w) => !GENERIC.has(w) && w.length >= 4);
    if (di < 0 || ws.length < 2 || !ws.some((w) => GENERIC.has(w))) continue;
    const other = firms[Math.floor(r() * firms.length)]!;
    const ow = distinct(other.name).find((w) => !GENERIC.has(w) && !FILLER.has(w) && w.length >= 5 && !ws.includes(w));
    if (!ow) continue;
    const x = [...ws];
    x[di] = ow;
    replaced.push([x.join(' '), e.name]);
  }
  take('distinctive word replaced', 'company', false, replaced, 60);
  const genericSwap: [string, string][] = [];
  const GEN = [...GENERIC];
  for (const e of firms) {
    const ws = distinct(e.name);
    const gi = ws.findIndex((w) => GENERIC.has(w));
    if (gi < 0 || ws.length < 2 || ws.length > 4) continue;
    let other = GEN[Math.floor(r() * GEN.length)]!;
    if (other === ws[gi] || ws.includes(other) || other === `${ws[gi]}S` || `${other}S` === ws[gi]) other = 'SHIPPING' === ws[gi] ? 'TRADING' : 'SHIPPING';
    if (ws.includes(other)) continue;
    const x = [...ws];
    x[gi] = other;
    genericSwap.push([x.join(' '), e.name]);
  }
  take('one common word replaced by another', 'company', false, genericSwap, 60);
  const numbers: [string, string][] = [];
  for (const e of firms) {
    const m = /\b(\d{1,4})\b/.exec(e.name);
    if (!m) continue;
    const n = Number(m[1]);
    numbers.push([e.name.replace(m[1]!, String(n + 1 + Math.floor(r() * 40))), e.name]);
  }
  take('another number', 'company', false, numbers, 25);
  const short: [string, string][] = [];
  for (const e of firms) {
    const ws = distinct(e.name);
    if (ws.length !== 1 || ws[0]!.length > 5 || ws[0]!.length < 2) continue;
    const w = ws[0]!;
    // A consonant replaced by one that does not sound like it (no C/K, S/Z, V/W: those are spellings of one name).
    const at = [...w].map((c, i) => (/[BDFGKLMNPRSTVZ]/.test(c) ? i : -1)).filter((i) => i >= 0);
    if (!at.length) continue;
    const i = at[Math.floor(r() * at.length)]!;
    const group = CONSONANT_GROUPS.find((g) => g.includes(w[i]!)) ?? '';
    const choices = [...'BDGLMNPRT'].filter((c) => !group.includes(c) && c !== w[i]);
    short.push([w.slice(0, i) + choices[Math.floor(r() * choices.length)] + w.slice(i + 1), e.name]);
  }
  take('short name one letter apart', 'company', false, short, 25);
  return pairs;
}
