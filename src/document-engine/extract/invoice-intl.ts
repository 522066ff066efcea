// Invoice facts written the way some languages write them rather than after a label: the number and
// date of a Russian or Uzbek invoice ("Счет-фактура № 317 от 14.03.2025", "14.03.2025 даги 317-сонли"),
// and the currency named by a word after the amount ("сум", "руб.", "円", "元", "ج.م") where no code is printed.
import { parseDate } from './dates.ts';
import type { DocText } from './doc-text.ts';
import { fold } from './text.ts';

/** Labels folded as lines are (hamza seats and vowel marks dropped); Egyptian print often ends words in ى and ه where others write ي and ة. */
const arabic = (words: string[]) =>
  words
    .flatMap((w) => [w, w.replace(/ي(?=\s|$)/g, 'ى'), w.replace(/ة(?=\s|$)/g, 'ه')])
    .map(fold)
    .filter((w, i, all) => all.indexOf(w) === i);

/**
 * Arabic labels of an invoice, per field, in reading order (text layers stored in visual order are
 * turned round first, arabic-text.ts). The qualifier follows its noun in Arabic ("تاريخ الاستحقاق",
 * date of maturity): a bare "تاريخ" would take the due date, only "التاريخ" (the date) stands alone.
 */
export const ARABIC_INVOICE_LABELS = {
  number: arabic(['رقم الفاتورة', 'فاتورة رقم', 'رقم فاتورة', 'رقم الفاتورة الضريبية']),
  title: arabic(['فاتورة ضريبية', 'فاتورة ضريبية مبسطة', 'فاتورة']),
  issueDate: arabic(['تاريخ الفاتورة', 'تاريخ الإصدار', 'تاريخ اصدار الفاتورة']),
  date: arabic(['التاريخ']),
  dueDate: arabic(['تاريخ الاستحقاق', 'تاريخ الإستحقاق', 'آخر موعد للدفع']),
  grandTotal: arabic(['الإجمالي المستحق', 'الإجمالي الكلي', 'المجموع الكلي', 'إجمالي الفاتورة', 'الإجمالي شامل الضريبة', 'المبلغ الإجمالي', 'الإجمالي النهائي', 'صافي الفاتورة']),
  total: arabic(['الإجمالي', 'المجموع', 'الإجمالي العام']),
  amountDue: arabic(['المبلغ المستحق', 'المستحق', 'المطلوب سداده']),
  net: arabic(['الإجمالي الفرعي', 'المجموع الفرعي', 'الإجمالي قبل الضريبة', 'الإجمالي غير شامل الضريبة']),
  taxTotal: arabic(['ضريبة القيمة المضافة', 'إجمالي الضريبة', 'قيمة الضريبة', 'مجموع الضريبة']),
  taxWords: arabic(['ضريبة', 'الضريبة']),
  discount: arabic(['الخصم', 'خصم']),
  notGross: arabic(['الفرعي', 'قبل', 'غير شامل']),
  seller: arabic(['البائع', 'المورد', 'اسم المورد', 'اسم البائع']),
  buyer: arabic(['العميل', 'اسم العميل', 'المشتري', 'اسم المشتري', 'السادة']),
};

/** Lines that name a contract, not the invoice ("… шартномага", "по договору …"). */
const CONTRACT_LINE = /(шартнома|договор|contract|umowa)/i;

/** "№ 317 от 14.03.2025" (ru), "14.03.2025 даги 317-сонли" (uz): the invoice's number and date, from the first line that is not about a contract. */
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
  // The Arabic marks only where they stand alone, as tokens: their letters follow each other inside
  // words too (ج م in "الإجمالي", total; ر س in "الرسوم", fees).
  [/(?<![\p{L}\p{M}])ج\.?\s?م(?![\p{L}\p{M}])\.?|جنيه/u, 'EGP'],
  [/(?<![\p{L}\p{M}])ر\.?\s?س(?![\p{L}\p{M}])\.?|ريال سعودي/u, 'SAR'],
  [/(?<![\p{L}\p{M}])د\.?\s?إ(?![\p{L}\p{M}])\.?|درهم/u, 'AED'],
];

/** The currency a word in the text names, when the amounts carry no code or symbol. */
export function currencyWord(text: string): string | null {
  return CURRENCY_WORDS.find(([re]) => re.test(text))?.[1] ?? null;
}
