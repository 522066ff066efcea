// The parties of a Chinese 发票 and a Korean 세금계산서, which print the seller's and the buyer's blocks
// side by side under role words (销售方 / 购买方, 공급자 / 공급받는자) and name each by a field label
// (名称, 상호) in its block: the names are taken in the order the role words stand in their row.
import type { TextLine } from './text.ts';

/** Role words, the buyer's first: "공급받는자" holds "공급자", so it is tried before it. */
const ROLES: [RegExp, 'buyer' | 'seller'][] = [
  [/购买方|購買方|购方|購方|공급받는자/u, 'buyer'],
  [/销售方|銷售方|销方|銷方|공급자/u, 'seller'],
];
/** The label of a party's name in its block, and its value after a colon in the same cell or in the next cell. */
const NAME_LABEL = /(?:名称|名稱|상호(?:\s*\(법인명\))?)\s*[：:]?\s*(.*)$/u;

type Named = { name: string; line: number } | null;

/** The role words of a line, in the order they stand. */
function rolesOf(text: string): ('buyer' | 'seller')[] {
  const found: { at: number; role: 'buyer' | 'seller' }[] = [];
  let rest = text;
  for (const [re, role] of ROLES) {
    const m = re.exec(rest);
    if (!m) continue;
    found.push({ at: m.index, role });
    // Blank the match so "공급자" is not found again inside "공급받는자".
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.role);
}

/** The names a line gives after its name labels, left to right. */
function namesOf(text: string): string[] {
  const cells = text.split('\t');
  const out: string[] = [];
  for (let k = 0; k < cells.length; k++) {
    const m = NAME_LABEL.exec(cells[k]);
    if (!m) continue;
    const v = (m[1].trim() || cells[k + 1]?.trim() || '').trim();
    if (v && !NAME_LABEL.test(v) && v.length <= 40) out.push(v);
  }
  return out;
}

/** The buyer and the seller of a page that names them under Chinese or Korean role words, else nulls. */
export function cjkParties(lines: readonly TextLine[]): { buyer: Named; seller: Named } {
  const out: { buyer: Named; seller: Named } = { buyer: null, seller: null };
  for (let i = 0; i < Math.min(lines.length, 25); i++) {
    const roles = rolesOf(lines[i].text);
    if (roles.length === 0) continue;
    // The names on the role words' own line or within the next few lines, as many as there are roles.
    for (let k = i; k < Math.min(lines.length, i + 5); k++) {
      const names = namesOf(lines[k].text);
      if (names.length !== roles.length) continue;
      roles.forEach((role, n) => {
        out[role] ??= { name: names[n], line: k };
      });
      return out;
    }
  }
  return out;
}
