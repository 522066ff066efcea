// Reading stored document facts generically: every amount, every name and every goods description a
// document's fields hold, whatever its type; and comparing goods words across languages' plurals.
import { contentWords } from '../extract/text.ts';
import { documentType } from '../types/index.ts';
import type { DocumentFacts } from './context.ts';

const AMOUNT_KEYS = new Set([
  'grand_total',
  'net_total',
  'tax_total',
  'amount_due',
  'amount',
  'unit_price',
  'total_value',
  'freight',
  'opening_balance',
  'closing_balance',
  'insured_amount',
  'premium',
]);
const NAME_KEYS = new Set([
  'name',
  'holder',
  'account_holder',
  'policyholder',
  'shipper',
  'consignee',
  'notify_party',
  'carrier',
  'owner',
  'charterer',
  'company_name',
  'insurer',
  'issuer',
  'bank_name',
]);

function walk(v: unknown, visit: (key: string, value: unknown) => void, key = ''): void {
  if (Array.isArray(v)) v.forEach((x) => walk(x, visit, key));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, visit, k);
  else visit(key, v);
}

export function amountsOf(d: DocumentFacts): string[] {
  const out: string[] = [];
  walk(d.fields, (k, v) => {
    if ((AMOUNT_KEYS.has(k) || k === 'amounts') && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) out.push(v);
  });
  return out;
}

export function namesOf(d: DocumentFacts): string[] {
  const out: string[] = [];
  walk(d.fields, (k, v) => {
    if ((NAME_KEYS.has(k) || k === 'companies' || k === 'directors') && typeof v === 'string' && v.trim() !== '') out.push(v);
  });
  return out;
}

/** Trade documents: those between parties (invoice, contract, bill of lading, charter). */
export const isTrade = (d: Pick<DocumentFacts, 'type'>) => documentType(d.type).parties !== undefined;

export function goodsOf(d: DocumentFacts): string[] {
  return (documentType(d.type).goods?.(d.fields) ?? []).filter((g) => g.trim() !== '');
}

/** Words that say nothing about what was traded. */
const GENERIC = new Set(
  (
    'goods product products item items service services delivery shipment cargo order payment invoice contract transaction company client customer supplier ' +
    'total amount price unit units quantity qty pcs piece pieces each per month year week day net gross vat tax fee fees charge charges cost costs ' +
    'purchase sale sold bought paid pay payable due balance transfer bank account euro euros dollar dollars pound pounds usd eur gbp chf ' +
    'model type size standard new used various other according agreed terms condition conditions including incl excl ' +
    'ware waren lieferung leistung zahlung rechnung vertrag stuck stk menge preis betrag marchandises livraison paiement facture contrat prix'
  ).split(' '),
);

export function wordsOfGoods(goods: string[]): string[] {
  return [...new Set(goods.flatMap((g) => contentWords(g)).filter((w) => !GENERIC.has(w) && w.length >= 3))];
}

function stem(w: string): string {
  return w.replace(/(ies)$/, 'y').replace(/(es|s|en|e|n)$/, '');
}

/** "pumps" ~ "pump", "containers" ~ "container", "stahlcoil" ~ "stahlcoils"; prefixes of five letters or more count. */
export function sameGoodsWord(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = stem(a);
  const sb = stem(b);
  if (sa === sb && sa.length >= 3) return true;
  return sa.length >= 5 && sb.length >= 5 && (sa.startsWith(sb) || sb.startsWith(sa));
}
