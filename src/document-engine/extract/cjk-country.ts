// The country of a page written in Chinese, Japanese or Korean, from its script and the words only
// one of them prints, and the marks of its own money on it: a currency sign elsewhere in the world
// may be read differently there ("¥" is the yuan in China), and OCR reads "¥" as "Y" and turns noise
// round a seal into a stray "£" or "$", which must not outvote the page's own money.

export type CjkCountry = 'CN' | 'TW' | 'JP' | 'KR';

const HAN = /\p{Script=Han}/gu;
const KANA = /[\u3041-\u3096\u30a1-\u30fa]/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const LATIN = /[A-Za-z]/g;

/** Words of Taiwan's documents (its name, its dollar, its tax number) in traditional characters. */
const TAIWAN = /臺灣|台灣|中華民國|新臺幣|新台幣|統一編號|統一發票/u;
/** Hong Kong and Macau print Chinese too, with dollars and patacas of their own: no guess there. */
const HONG_KONG_MACAU = /香港|澳門|澳门|HK\$|\bHKD\b|\bMOP\b/u;
/** Japanese writing a page in kanji alone still names the yen or a company form of its own. */
const JAPANESE_HAN = /円|株式会社|有限会社|合同会社/u;

/** Fewer characters than this make no page of Chinese, Japanese or Korean. */
const MIN_CJK = 20;

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

/**
 * The country whose language a page is written in, when most of its writing is Chinese, Japanese or
 * Korean (OCR noise in Latin letters around seals and stamps may be as long, each CJK character is
 * a word): kana make it Japanese, hangul Korean, Taiwan's own words Taiwanese, other Chinese the
 * mainland's; null for any other page.
 */
export function cjkCountry(text: string): CjkCountry | null {
  const han = count(text, HAN);
  const kana = count(text, KANA);
  const hangul = count(text, HANGUL);
  const cjk = han + kana + hangul;
  if (cjk < MIN_CJK || cjk * 6 < count(text, LATIN)) return null;
  if (hangul >= 5 && hangul >= kana) return 'KR';
  if (kana >= 5 || JAPANESE_HAN.test(text)) return 'JP';
  if (HONG_KONG_MACAU.test(text)) return null;
  return TAIWAN.test(text) ? 'TW' : 'CN';
}

/** Titles of invoices the law of their country makes out in its own money. */
const LEGAL_TENDER_INVOICE: Partial<Record<CjkCountry, RegExp>> = { CN: /增值税|电子发票|普通发票|专用发票/u, KR: /세금계산서/u };

const LOCAL: Record<CjkCountry, string> = { CN: 'CNY', TW: 'TWD', JP: 'JPY', KR: 'KRW' };

/**
 * Marks of each country's money: its code, its sign, its word after an amount, and "Y" before an
 * amount where the yen or yuan sign was read as a letter.
 */
const LOCAL_MARKS: Record<CjkCountry, RegExp> = {
  CN: /\bCNY\b|\bRMB\b|人民币|¥|(?<![A-Za-z])Y\s?(?=\d)|(?<=\d)\s?元/gu,
  TW: /\bTWD\b|NT\$|新臺幣|新台幣|(?<=\d)\s?元/gu,
  JP: /\bJPY\b|¥|(?<![A-Za-z])Y\s?(?=\d)|(?<=\d)\s?円/gu,
  KR: /\bKRW\b|₩|(?<=\d)\s?원/gu,
};

/**
 * The currency of a page in Chinese, Japanese or Korean: `code` (what the page's signs and codes
 * said, `marks` times) unless the page's own money is marked more often; "¥" on a mainland page is
 * the yuan. Null when the page is none of theirs.
 */
export function cjkCurrency(code: string | null, marks: number, text: string): string | null {
  const country = cjkCountry(text);
  if (!country) return null;
  const local = LOCAL[country];
  if (code === local) return local;
  if (code === 'JPY' && country === 'CN') return 'CNY';
  const own = count(text, LOCAL_MARKS[country]);
  if (own > 0 && own > marks) return local;
  // A VAT invoice of China or Korea (增值税发票, 세금계산서) is made out in the country's money by law, sign or none.
  return code === null && LEGAL_TENDER_INVOICE[country]?.test(text) ? local : null;
}
