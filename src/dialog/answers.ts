// Validation of what a user writes in the dialog: not empty, readable, long enough, about the
// question, and for the transaction rationale consistent with the payment and the documents. Every
// rule is deterministic and says why it refused, so the user can fix it and an analyst can read it.
import { findCompanyName, normalizeCompanyName } from '../lib/names.ts';
import type { Params } from './i18n.ts';
import { contentWords, gibberish, overlap } from './text-signals.ts';

export type AnswerKind = 'transaction_rationale' | 'business_description' | 'follow_up' | 'explanation' | 'skip_reason';

export type RejectReason = 'empty' | 'too_short' | 'gibberish' | 'repetitive' | 'off_topic' | 'inconsistent_currency' | 'inconsistent_amount' | 'inconsistent_party' | 'invalid_url';

export interface Verdict {
  ok: boolean;
  reason: RejectReason | null;
  /** Parameters of the user-facing message `answer.rejected.<reason>`. */
  params: Params;
  /** Why, in plain English, for the conversation log and the analyst. */
  explanation: string;
}

export interface TransactionFacts {
  company: string;
  counterparty?: string;
  others?: string[];
  amount?: number;
  currency?: string;
}

export interface AnswerContext {
  kind: AnswerKind;
  /** The question as shown to the user. */
  question: string;
  /** Words of the case the answer may mention: names, description, reference. */
  context: string[];
  transaction?: TransactionFacts;
  /** Text known from the conversation's documents (extracted fields, findings). */
  documentFacts?: string[];
}

const MIN_WORDS: Record<AnswerKind, number> = { transaction_rationale: 6, business_description: 8, follow_up: 2, explanation: 3, skip_reason: 3 };
export const MAX_ANSWER_CHARS = 4000;

// Words any business answer may use; an answer sharing none of them, nor any word of the question
// or the case, is not about the question.
const GENERIC =
  'company business firm customer client supplier vendor goods product service deliver delivery shipment ship shipping warehouse order purchase buy bought ' +
  'sell sold sale trade trading import export invoice contract agreement payment pay paid transfer bank account price fee cost project work equipment ' +
  'material machine machinery office factory production produce manufacture consulting consultancy software development employee staff market partner ' +
  'commission rent lease loan refund deposit instalment installment subscription licence license transport logistics freight cargo vessel port customs tax vat ' +
  'money amount funds capital investment invest revenue income profit month year annual quarterly team construction maintenance repair advertising marketing ' +
  'unternehmen firma geschaft kunde lieferant ware produkt dienstleistung lieferung geliefert versand lager bestellung auftrag kauf kaufen gekauft verkauf ' +
  'verkaufen verkauft handel rechnung vertrag vereinbarung zahlung zahlen bezahlt uberweisung konto preis gebuhr kosten projekt arbeit ausrustung maschine buro ' +
  'fabrik produktion herstellung beratung entwicklung mitarbeiter markt provision miete darlehen kredit erstattung anzahlung lizenz logistik fracht zoll ' +
  'steuer geld betrag kapital investition umsatz einnahmen gewinn monat jahr wartung reparatur werbung ' +
  // French, Spanish and Italian, without accents (the words are compared normalised).
  'entreprise societe fournisseur marchandise produit livraison livre livree commande achat acheter achete achetons vente vendre vendu vendons ' +
  'facture contrat accord paiement payer paye virement banque compte prix frais cout projet travail equipement materiel machine bureau usine ' +
  'fabrication conseil logiciel developpement employe personnel marche partenaire loyer location pret remboursement acompte abonnement licence ' +
  'transport logistique fret cargaison douane taxe tva argent montant fonds investissement chiffre affaires revenu benefice mois annee entretien reparation publicite ' +
  'empresa sociedad cliente proveedor mercancia producto servicio entrega entregado pedido compra comprar comprado venta vender vendido vendemos ' +
  'factura contrato acuerdo pago pagar pagado transferencia banco cuenta precio coste costo proyecto trabajo equipo maquina oficina fabrica ' +
  'produccion consultoria desarrollo empleado mercado socio comision alquiler prestamo reembolso suscripcion licencia transporte logistica flete carga ' +
  'aduana impuesto iva dinero importe fondos inversion ingresos beneficio mes ano mantenimiento reparacion publicidad ' +
  'azienda societa fornitore merce prodotto servizio consegna consegnato ordine acquisto acquistare acquistato vendita vendere venduto vendiamo ' +
  'fattura contratto accordo pagamento pagare pagato bonifico banca conto prezzo costo progetto lavoro attrezzatura materiale macchina ufficio fabbrica ' +
  'stabilimento produzione consulenza sviluppo dipendente mercato commissione affitto prestito rimborso acconto abbonamento licenza trasporto logistica ' +
  'carico dogana tassa denaro importo fondi capitale investimento fatturato ricavi utile mese anno manutenzione riparazione pubblicita';
const BY_KIND: Partial<Record<AnswerKind, string>> = {
  transaction_rationale:
    'reason purpose because received sent owed due ordered grund zweck weil erhalten geschickt bestellt ' +
    'raison objet parce recu envoye commande razon motivo porque recibido enviado ragione motivo perche ricevuto inviato ordinato',
  business_description:
    'operate based founded headquartered offer provide industry sector countries europe online retail wholesale distribution distributor manufacturer ' +
    'agency store shop clients customers tatig gegrundet sitz anbieten bieten branche sektor lander europa einzelhandel grosshandel vertrieb hersteller ' +
    'activite secteur pays detail gros distribution distributeur fabricant agence magasin boutique fondee siege proposons offrons clients ' +
    'actividad sector paises minorista mayorista distribucion distribuidor fabricante agencia tienda fundada sede ofrecemos clientes ' +
    'attivita settore paesi dettaglio ingrosso distribuzione distributore produttore agenzia negozio fondata sede offriamo clienti',
};
const vocabulary = (kind: AnswerKind) => `${GENERIC} ${BY_KIND[kind] ?? ''}`.split(/\s+/).filter(Boolean);

const ok = (): Verdict => ({ ok: true, reason: null, params: {}, explanation: '' });
const no = (reason: RejectReason, params: Params, explanation: string): Verdict => ({ ok: false, reason, params, explanation });

export function validateAnswer(text: string, ctx: AnswerContext): Verdict {
  const trimmed = text.trim();
  if (trimmed === '') return no('empty', {}, 'the answer is empty');
  const g = gibberish(trimmed);
  if (g.gibberish && g.reason === 'repetitive') return no('repetitive', {}, `the answer repeats the same words (${g.examples.join(', ')})`);
  if (g.gibberish) return no('gibberish', {}, g.examples.length ? `the answer does not read as words (${g.examples.join(', ')})` : 'the answer is mostly not letters');
  const words = trimmed.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  const min = MIN_WORDS[ctx.kind];
  if (words.length < min) return no('too_short', { min: String(min) }, `the answer has ${words.length} word(s); at least ${min} are needed`);

  if (ctx.kind === 'transaction_rationale' || ctx.kind === 'business_description' || ctx.kind === 'follow_up') {
    const content = contentWords(trimmed);
    // A short answer to a free question ("To our warehouse in Hamburg") may share no word with it.
    const judge = ctx.kind !== 'follow_up' || content.length >= 4;
    const topic = [...contentWords(ctx.question), ...ctx.context.flatMap(contentWords), ...vocabulary(ctx.kind)];
    if (judge && overlap(content, topic).length === 0) {
      return no('off_topic', { question: ctx.question }, `none of the answer's words (${content.slice(0, 6).join(', ')}) relates to the question, the module or the case`);
    }
  }
  if (ctx.kind === 'transaction_rationale' && ctx.transaction) return consistency(trimmed, ctx.transaction, ctx.documentFacts ?? []);
  return ok();
}

// ---------------------------------------------------------------------------------------------
// The rationale against the payment and the documents.

const CURRENCY_CODES = new Set('EUR USD GBP CHF JPY CNY PLN CZK SEK NOK DKK HUF RON BGN TRY AED SAR QAR INR HKD SGD AUD CAD NZD ZAR RUB UAH MXN BRL ILS KRW THB'.split(' '));
const CURRENCY_WORDS: [RegExp, string][] = [
  [/€|\beuros?\b/iu, 'EUR'],
  [/\$|\b(us )?dollars?\b/iu, 'USD'],
  [/£|\bsterling\b/iu, 'GBP'],
  [/\bswiss francs?\b|\bfranken\b/iu, 'CHF'],
  [/\bzlot(y|ys|ych)\b/iu, 'PLN'],
];

export function currenciesIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b[A-Z]{3}\b/g)) if (CURRENCY_CODES.has(m[0])) found.add(m[0]);
  for (const [re, code] of CURRENCY_WORDS) if (re.test(text)) found.add(code);
  return [...found];
}

/** Reads "15,250.75", "15.250,75", "15 250" or "15250" as a number. */
export function parseAmount(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0']/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normalized: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    normalized = s
      .split(decimal === ',' ? '.' : ',')
      .join('')
      .replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    // One separator followed by exactly three digits reads as thousands ("15,250"); otherwise decimals.
    normalized = parts.length > 2 || parts[parts.length - 1]!.length === 3 ? parts.join('') : parts.join('.');
  } else normalized = s;
  const n = Number(normalized);
  return Number.isFinite(n) && n > 0 ? n : null;
}

const NUMBER = String.raw`\d{1,3}(?:[.,\s\u00a0']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const MONEY = new RegExp(String.raw`(?:([A-Z]{3}|[€$£])\s?(${NUMBER}))|(?:(${NUMBER})\s?([A-Z]{3}\b|[€$£]|euros?\b|dollars?\b))`, 'gu');

export function amountsIn(text: string): { raw: string; value: number; currency: string }[] {
  const out: { raw: string; value: number; currency: string }[] = [];
  for (const m of text.matchAll(MONEY)) {
    const cur = m[1] ?? m[4] ?? '';
    const num = m[2] ?? m[3] ?? '';
    const currency = CURRENCY_CODES.has(cur) ? cur : (currenciesIn(cur)[0] ?? '');
    const value = parseAmount(num);
    if (currency && value !== null) out.push({ raw: m[0].trim(), value, currency });
  }
  return out;
}

// Words that announce a part, a total or a different sum on purpose; an amount beside them is no contradiction.
const PARTIAL = /\b(part|partial|partly|instal+ments?|deposit|advance|balance|total|remaining|first|second|final|tranche|rate|teil\w*|anzahlung|gesamt\w*|rest\w*|abschlag\w*|raten?)\b/iu;

const LEGAL_FORM = String.raw`(?:Ltd\.?|Limited|GmbH|AG|LLC|L\.L\.C\.|Inc\.?|Corp\.?|Corporation|PLC|plc|LLP|S\.?A\.?S?\.?|SARL|S\.?r\.?l\.?|S\.?p\.?A\.?|B\.?V\.?|N\.?V\.?|AB|Oy|ApS|KG|UG|Sp\. z o\.o\.)`;
const PARTY = new RegExp(String.raw`((?:\p{Lu}[\p{L}\p{N}&'’.-]*\s+){1,4})${LEGAL_FORM}(?=$|[\s,.;:!?)])`, 'gu');

export function partiesIn(text: string): string[] {
  return [...text.matchAll(PARTY)].map((m) => m[0].trim().replace(/^(?:The|Die|Der|Das|We|Our|Unsere?|With|Mit|From|Von|To|An|For|Für)\s+/u, ''));
}

function sameParty(a: string, b: string): boolean {
  const x = normalizeCompanyName(a).core;
  const y = normalizeCompanyName(b).core;
  return x !== '' && y !== '' && (x === y || ` ${y} `.includes(` ${x} `) || ` ${x} `.includes(` ${y} `));
}

function consistency(text: string, trx: TransactionFacts, facts: string[]): Verdict {
  const factText = facts.join('\n');
  const factCurrencies = new Set(currenciesIn(factText));
  if (trx.currency) {
    const mentioned = currenciesIn(text);
    const foreign = mentioned.filter((c) => c !== trx.currency && !factCurrencies.has(c));
    if (mentioned.length > 0 && !mentioned.includes(trx.currency) && foreign.length > 0) {
      return no(
        'inconsistent_currency',
        { mentioned: foreign[0]!, expected: trx.currency },
        `the answer mentions ${foreign[0]}, the payment is in ${trx.currency} and no document mentions ${foreign[0]}`,
      );
    }
  }
  if (trx.amount !== undefined && trx.currency && !PARTIAL.test(text)) {
    const same = amountsIn(text).filter((a) => a.currency === trx.currency);
    // Extracted fields keep amounts and currencies apart, so any number a document states counts.
    const factAmounts = [...factText.matchAll(new RegExp(NUMBER, 'gu'))].map((m) => parseAmount(m[0])).filter((n): n is number => n !== null);
    const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.01, b * 0.005);
    const wrong = same.filter((a) => !close(a.value, trx.amount!) && !factAmounts.some((f) => close(a.value, f)));
    if (same.length > 0 && wrong.length === same.length) {
      return no(
        'inconsistent_amount',
        { mentioned: wrong[0]!.raw, expected: { money: trx.amount, currency: trx.currency } },
        `the answer mentions ${wrong[0]!.raw}, the payment is ${trx.amount} ${trx.currency} and no document mentions that amount`,
      );
    }
  }
  if (trx.counterparty) {
    const known = [trx.company, trx.counterparty, ...(trx.others ?? [])];
    for (const name of partiesIn(text)) {
      if (known.some((k) => sameParty(name, k))) continue;
      if (facts.some((f) => findCompanyName(f, name) !== 'absent')) continue;
      return no(
        'inconsistent_party',
        { name, company: trx.company, counterparty: trx.counterparty },
        `the answer names ${name}, which is neither the company nor the counterparty and is in no document`,
      );
    }
  }
  return ok();
}

// ---------------------------------------------------------------------------------------------
// Website addresses: checked for form only (never fetched).

export function validateWebsite(text: string): { ok: true; url: string } | { ok: false; verdict: Verdict } {
  const bad = no('invalid_url', {}, 'the answer is not a website address');
  const raw = text.trim();
  if (raw === '') return { ok: false, verdict: no('empty', {}, 'the answer is empty') };
  if (/\s/.test(raw) || raw.length > 500) return { ok: false, verdict: bad };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return { ok: false, verdict: bad };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, verdict: bad };
  if (u.username || u.password || u.port) return { ok: false, verdict: bad };
  const labels = u.hostname.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const labelOk = (l: string) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l);
  if (labels.length < 2 || !labels.every(labelOk) || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(tld)) return { ok: false, verdict: bad };
  const path = u.pathname === '/' ? '' : u.pathname;
  return { ok: true, url: `${u.protocol}//${u.hostname}${path}${u.search}` };
}
