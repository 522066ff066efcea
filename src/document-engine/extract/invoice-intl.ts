// Invoice facts written the way some languages write them rather than after a label: the number and
// date of a Russian or Uzbek invoice ("Счет-фактура № 204 от 08.05.2025", "08.05.2025 даги 204-сонли"),
// and the currency named by a word after the amount ("сум", "руб.", "円", "元", "ج.م") where no code is printed.
import { parseDate } from './dates.ts';
import type { DocText } from './doc-text.ts';

/** Lines that name a contract, not the invoice ("… шартномага", "по договору …"). */
const CONTRACT_LINE = /(шартнома|договор|contract|umowa)/i;

/** "№ 204 от 08.05.2025" (ru), "08.05.2025 даги 204-сонли" (uz): the invoice's number and date, from the first line that is not about a contract. */
export function numberAndDateWritten(d: DocText): { number: string; date: string | null } | null {
  for (const l of d.lines.slice(0, 30)) {
    if (CONTRACT_LINE.test(l.text)) continue;
    const ru = /№\s*([\p{L}\d][\p{L}\d\/._-]*)\s+от\s+(.{6,20})/u.exec(l.text);
    if (ru) return { number: ru[1], date: parseDate(ru[2], d.order) };
    const uz = /(\d{1,2}[./]\d{1,2}[./]\d{4})\s*(?:й\.?\s*)?даги\s+([\p{L}\d][\p{L}\d\/._-]*?)-?\s*сонли/u.exec(l.text);
    if (uz) return { number: uz[2], date: parseDate(uz[1], d.order) };
  }
  return null;
}

/** Currency words printed after amounts, and their codes. */
const CURRENCY_WORDS: [RegExp, string][] = [
  [/(?<![\p{L}])(?:сум|сўм|so['’`]m)(?![\p{L}])/iu, 'UZS'],
  [/(?<![\p{L}])(?:руб(?:\.|лей|ля|ль)?)(?![\p{L}])|₽/iu, 'RUB'],
  [/(?<![\p{L}])(?:тенге|теңге)(?![\p{L}])|₸/iu, 'KZT'],
  [/円/u, 'JPY'],
  [/人民币|(?<=\d)\s?元/u, 'CNY'],
  [/ج\.?\s?م\.?|جنيه/u, 'EGP'],
  [/ر\.?\s?س\.?|ريال سعودي/u, 'SAR'],
  [/د\.?\s?إ\.?|درهم/u, 'AED'],
];

/** The currency a word in the text names, when the amounts carry no code or symbol. */
export function currencyWord(text: string): string | null {
  return CURRENCY_WORDS.find(([re]) => re.test(text))?.[1] ?? null;
}
