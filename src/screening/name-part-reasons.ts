// Which part of a name agrees or differs, said for people: the part each word of a person's name
// plays (given, family, patronymic), the legal forms of company names and the jurisdictions that use
// them, and one reason per aligned pair of words ("family name Hassan: equal"). Pure.
import { isGenericWord } from './generic-words.ts';
import { type Alignment, type PartPair, significant } from './name-parts.ts';
import { foldName, nameTokens, type NameKind } from './normalise.ts';

export type PersonPart = 'given name' | 'family name' | 'patronymic' | 'name';

/** Frequent Chinese and Korean family names, written first in those names' own order. */
const EAST_ASIAN_FAMILY = new Set(
  'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin gao luo zheng liang xie song tang han feng deng cao peng zeng xiao tian dong pan yuan cai jiang yu du ye cheng wei su lu ding ren shen yao jin kim lee park choi jung jeong kang cho yoon yun jang lim shin oh seo kwon hwang ahn song ryu hong ri pak'.split(
    ' ',
  ),
);
const PATRONYMIC = /(ovich|evich|ovych|evych|ovna|evna|ichna|ivna|yevich|ievich|ogly|oglu|kyzy|qizi)$/;

/**
 * The part each significant token of a person's name plays: "FAMILY, Given" when the name has a
 * comma; else the family name last (Western, Spanish and Portuguese names: the last two when four
 * words or more, no patronymic), first for a Chinese or Korean family name or a Russian name
 * written family first (Petrov Viktor Ivanovich); a patronymic by its ending (-ovich, -evna, oglu),
 * or after bin/ibn; the rest given names.
 */
export function personParts(raw: string): PersonPart[] {
  const all = nameTokens(raw, 'person');
  const tokens = significant(all, 'person');
  const n = tokens.length;
  const parts: PersonPart[] = tokens.map(() => 'given name');
  if (n <= 1) return tokens.map(() => 'name');
  const afterBin = new Set<number>();
  for (let i = 0; i < all.length - 1; i++) if (['bin', 'ibn', 'bint', 'ben'].includes(all[i]!)) afterBin.add(tokens.indexOf(all[i + 1]!));
  const patronymic = tokens.map((t, i) => PATRONYMIC.test(t) || afterBin.has(i));
  const comma = raw.indexOf(',');
  if (comma > 0) {
    const before = significant(nameTokens(raw.slice(0, comma), 'person'), 'person').length;
    for (let i = 0; i < Math.min(before, n); i++) parts[i] = 'family name';
  } else if (EAST_ASIAN_FAMILY.has(tokens[0]!) && n <= 3 && !patronymic.some(Boolean)) {
    parts[0] = 'family name';
  } else if (patronymic[n - 1] && n >= 3 && !afterBin.has(n - 1)) {
    parts[0] = 'family name';
  } else {
    parts[n - 1] = 'family name';
    if (n >= 4 && !patronymic.some(Boolean) && !/^(al|el)$/.test(all[all.length - 2] ?? '')) parts[n - 2] = 'family name';
  }
  tokens.forEach((_, i) => {
    if (patronymic[i] && parts[i] !== 'family name') parts[i] = 'patronymic';
  });
  // A family name written with its particle (Al Rashid) keeps the particle out of the comparison.
  return parts;
}

const cap = (t: string) => (t.length === 1 ? `${t.toUpperCase()}.` : t[0]!.toUpperCase() + t.slice(1));

/** A legal form's name and the jurisdictions it belongs to (translated forms share them). */
const LEGAL_FORM_PLACES: [RegExp, string, string[]][] = [
  [/\b(ltd|limited|plc|llp)\b/, 'Ltd', ['GB', 'IE', 'HK', 'CY', 'MT', 'SG', 'IN', 'AE', 'NZ', 'AU', 'ZA', 'NG', 'KE', 'IL', 'MY', 'CN', 'TW', 'PK']],
  [/\b(gmbh|mbh|kg|ohg|ug)\b/, 'GmbH', ['DE', 'AT', 'CH', 'LI']],
  [/\b(ooo|zao|oao|pao|ao|obshchestvo)\b/, 'OOO/AO', ['RU', 'BY', 'KZ', 'KG']],
  [/\b(tov|pat|prat)\b/, 'TOV', ['UA']],
  [/\b(inc|incorporated|corp|corporation)\b/, 'Inc', ['US', 'CA', 'PH', 'PA', 'LR', 'MH', 'KR', 'JP', 'TW']],
  [/\b(sarl|sas|snc)\b/, 'SARL', ['FR', 'LU', 'BE', 'LB', 'MA', 'TN', 'DZ', 'CH']],
  [/\b(srl|spa)\b/, 'SRL', ['IT', 'RO', 'AR', 'BO', 'PE', 'UY']],
  [/\b(bv|nv|bvba)\b/, 'BV', ['NL', 'BE', 'CW', 'SR']],
  [/\b(fze|fzco|fzc|fzllc|dmcc)\b/, 'FZE', ['AE']],
  [/\b(ltda|eireli)\b/, 'Ltda', ['BR', 'CO', 'PT', 'CL', 'EC']],
  [/\b(sdn|bhd)\b/, 'Sdn Bhd', ['MY']],
  [/\b(pte)\b/, 'Pte', ['SG']],
  [/\b(pty)\b/, 'Pty', ['AU', 'ZA']],
];

/** The legal form written in a company's name, with the jurisdictions where it is used; null when none is recognised. */
export function legalFormOf(raw: string): { form: string; places: string[] } | null {
  const f = foldName(raw);
  // LLC, JSC and SA are written everywhere (and translate OOO, AO): they separate nothing.
  for (const [re, form, places] of LEGAL_FORM_PLACES) if (re.test(f)) return { form, places };
  return null;
}

/** The legal forms of two company names, when both are known and used in no jurisdiction in common (GmbH / Ltd); else null. */
export function legalFormsApart(a: string, b: string): { a: string; b: string } | null {
  const x = legalFormOf(a);
  const y = legalFormOf(b);
  if (!x || !y || x.form === y.form) return null;
  return x.places.some((p) => y.places.includes(p)) ? null : { a: x.form, b: y.form };
}

/** The reasons per part of an alignment: "family name Hassan: equal", "given name Amer vs Samer: different". */
export function partReasons(al: Alignment, rawA: string, rawB: string, kind: NameKind): string[] {
  if (al.joined) return [`${cap(al.a.join(''))} / ${cap(al.b.join(''))}: written together on one side`];
  const partsA = kind === 'person' ? personParts(rawA) : [];
  const partsB = kind === 'person' ? personParts(rawB) : [];
  // The list's side (b) says which part a token is when it was written "FAMILY, Given"; else the screened name's.
  const label = (p: PartPair): string => {
    if (kind === 'company') {
      const t = p.a >= 0 ? al.a[p.a]! : al.b[p.b]!;
      return isGenericWord(t) ? 'common word' : 'word';
    }
    const pb = p.b >= 0 ? partsB[p.b] : undefined;
    const pa = p.a >= 0 ? partsA[p.a] : undefined;
    if (pb && rawB.includes(',')) return pb;
    return pa ?? pb ?? 'name';
  };
  const out: string[] = [];
  for (const p of al.pairs) {
    const ta = p.a >= 0 ? cap(al.a[p.a]!) : '';
    const tb = p.b >= 0 ? cap(al.b[p.b]!) : '';
    if (p.a < 0) out.push(`${label(p)} ${tb}: only in the list's name`);
    else if (p.b < 0) out.push(`${label(p)} ${ta}: only in the screened name`);
    else if (p.how === 'equal') out.push(`${label(p)} ${ta}: equal`);
    else if (p.how === 'variant') out.push(`${label(p)} ${ta} vs ${tb}: spelling variant`);
    else if (p.how === 'initial') out.push(`${label(p)} ${ta} vs ${tb}: initial`);
    else out.push(`${label(p)} ${ta} vs ${tb}: different`);
  }
  return out;
}
