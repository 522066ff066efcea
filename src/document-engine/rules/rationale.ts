// The transaction rationale (the user's explanation, else the case's trx_description) against the
// documents: every amount and company it mentions should be in them, and it should name something they trade.
import { cents, findAmounts, decimalStyle } from '../extract/amounts.ts';
import { findDates } from '../extract/dates.ts';
import { companiesInSentence } from '../extract/parties.ts';
import { contentWords } from '../extract/text.ts';
import { compareNames } from '../../lib/names.ts';
import { finding } from './catalogue.ts';
import type { DocumentFacts, Finding } from './context.ts';
import { amountsOf, goodsOf, isTrade, namesOf, sameGoodsWord, wordsOfGoods } from './facts.ts';
import { AMOUNT_TOLERANCE } from './invoice-rules.ts';

/** Amounts a text mentions: with a currency, or with decimals, or of four digits and more that are not years. */
export function mentionedAmounts(text: string): string[] {
  const dates = findDates(text).map((d) => [d.index, d.index + d.length]);
  const style = decimalStyle(text);
  return findAmounts(text, style)
    .filter((a) => !dates.some(([s, e]) => a.index >= s && a.index < e))
    .filter((a) => a.currency !== null || /\.\d/.test(a.value) || (Math.abs(Number(a.value)) >= 1000 && !/^(19|20)\d\d$/.test(a.value)))
    .map((a) => a.value);
}

export function rationaleRules(rationale: string, docs: DocumentFacts[]): Finding[] {
  const text = rationale.trim();
  if (text === '' || docs.length === 0) return [];
  const out: Finding[] = [];
  const docAmounts = docs.flatMap(amountsOf).map(cents);
  for (const a of new Set(mentionedAmounts(text))) {
    const want = Math.abs(cents(a));
    if (want === 0) continue;
    if (!docAmounts.some((d) => Math.abs(Math.abs(d) - want) <= Math.max(2, want * AMOUNT_TOLERANCE))) {
      out.push(finding('rationale_amount_unsupported', `The transaction rationale mentions ${a}, an amount found in none of the ${docs.length} document${docs.length === 1 ? '' : 's'}.`));
    }
  }
  const docNames = docs.flatMap(namesOf);
  for (const c of new Set(companiesInSentence(text.replace(/\n/g, ' ')))) {
    if (!docNames.some((n) => compareNames(n, c).outcome !== 'mismatch')) {
      out.push(finding('rationale_party_unsupported', `The transaction rationale mentions "${c}", a company named in none of the documents.`));
    }
  }
  const trade = docs.filter(isTrade);
  const goods = wordsOfGoods(trade.flatMap(goodsOf));
  const said = wordsOfGoods([text]).filter((w) => !contentWords(docNames.join(' ')).includes(w));
  if (goods.length && said.length && !said.some((w) => goods.some((g) => sameGoodsWord(w, g)))) {
    out.push(
      finding(
        'rationale_goods_unsupported',
        `The transaction rationale ("${text.length > 120 ? `${text.slice(0, 117)}...` : text}") names nothing the documents trade (${trade.flatMap(goodsOf).slice(0, 4).join('; ')}).`,
      ),
    );
  }
  return out;
}
