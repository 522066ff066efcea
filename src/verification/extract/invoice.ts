// Invoice fields from text: number, dates, parties, totals, currency, lines and references; or, when
// the PDF carries an e-invoice (Factur-X, ZUGFeRD, XRechnung), from its XML, which is more reliable.
import type { EInvoiceFacts } from '../document-model.ts';
import { cents, currencyIn, dominantCurrency, findAmounts, formatAmount, lastAmount } from './amounts.ts';
import { findDates, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, parsePhrase, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { InvoiceFields, LineItem } from './fields.ts';
import { findIbans, findVatIds } from './identifiers.ts';
import { cleanName, emptyParty, looksLikeAddress, nextNameLine, partyAfterLabel, partyAt, returnAddressLine, SALUTATIONS, toPartyFacts, type FoundParty } from './parties.ts';
import { labelsIn, matchLabel } from './text.ts';

export const SELLER_LABELS = [
  'rechnungsersteller', 'seller', 'supplier', 'vendor', 'verkaufer', 'lieferant', 'fournisseur', 'vendeur', 'emetteur', 'proveedor',
  'vendedor', 'fornitore', 'leverancier', 'issued by', 'bill from', 'invoice from', 'from', 'payee', 'exporter',
];
export const BUYER_LABELS = [
  'kaufer leistungsempfanger', 'rechnungsempfanger', 'leistungsempfanger', 'bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to',
  'buyer', 'customer', 'client', 'kaufer', 'kunde', 'acheteur', 'destinataire', 'facturer a', 'factura a', 'cliente', 'comprador',
  'klant', 'afnemer', 'recipient', 'importer', 'to',
];

const PARTY_LABELS = [...SELLER_LABELS, ...BUYER_LABELS];

const NUMBER_LABELS = [
  ['invoice number', 'invoice no', 'invoice nr', 'invoice #', 'invoice ref', 'rechnungsnummer', 'rechnungs nr', 'rechnung nr', 'beleg nr', 'belegnummer',
    'numero de facture', 'facture n', 'n de facture', 'numero factura', 'factura n', 'numero fattura', 'fattura n', 'factuurnummer', 'credit note number', 'credit note no'],
  ['invoice', 'rechnung', 'facture', 'factura', 'fattura', 'factuur', 'avoir', 'credit note', 'gutschrift'],
];
const DATE_LABELS = [
  ['invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued on', 'rechnungsdatum', 'beleg datum', 'belegdatum', 'date de facture', 'date facture',
    'fecha de factura', 'fecha factura', 'data fattura', 'data della fattura', 'factuurdatum', 'tax point', 'credit note date'],
  ['date', 'datum', 'dated', 'fecha', 'data'],
];
const DUE_LABELS = [['due date', 'payment due', 'date d echeance', 'echeance', 'falligkeitsdatum', 'fallig am', 'zahlbar bis', 'pay by', 'payable by', 'due by', 'fecha de vencimiento', 'scadenza']];
const GROSS_LABELS = [
  ['grand total', 'invoice total', 'total ttc', 'bruttosumme', 'rechnungssumme brutto', 'summe brutto', 'rechnungsbetrag', 'rechnungsbeitrag', 'total amount',
    'total incl vat', 'total including vat', 'total inc vat', 'total gross', 'gross total', 'gesamtbetrag', 'endbetrag', 'importe total', 'totale fattura', 'totaal'],
  ['total', 'summe', 'gesamt'],
  ['total due', 'amount due', 'balance due', 'due payable', 'zahlbetrag', 'zu zahlen', 'solde a payer', 'net a payer', 'amount payable'],
];
const NET_LABELS = [
  ['subtotal', 'sub total', 'net total', 'total net', 'net amount', 'total before tax', 'total excl vat', 'total excluding vat', 'total ht', 'montant ht',
    'nettobetrag', 'summe netto', 'rechnungssumme netto', 'rechnungssumme ohne ust', 'warenwert netto', 'nettosumme', 'totale imponibile', 'base imponible'],
];
const TAX_LABELS = [
  ['total tax', 'tax total', 'total taxes', 'total vat', 'vat total', 'vat amount', 'tax amount', 'ust gesamt', 'steuerbetrag', 'umsatzsteuer betrag',
    'mwst betrag', 'montant tva', 'total tva', 'iva total', 'totale iva', 'versicherungsteuer'],
  ['vat', 'tax', 'ust', 'umsatzsteuer', 'mwst', 'tva', 'iva', 'btw'],
];
const NOT_GROSS = ['net', 'netto', 'ht', 'subtotal', 'sub total', 'tax', 'taxes', 'vat', 'ust', 'steuer', 'tva', 'before', 'excl', 'ohne', 'positionssumme', 'zuschlage', 'abschlage'];
/** Rows that are not line items: totals, taxes, bank and contact details, page footers. */
const SKIP_IN_LINES = [...GROSS_LABELS.flat(), ...NET_LABELS.flat(), ...TAX_LABELS.flat(), 'iban', 'balance', 'saldo', 'page', 'seite', 'payment', 'zahlung', 'tel', 'phone', 'fax'];
const NOT_GROSS_NOR_TAX = NOT_GROSS.filter((w) => !['tax', 'taxes', 'vat', 'ust', 'steuer', 'tva'].includes(w));
const NOT_TAX = ['net', 'netto', 'incl', 'inkl', 'including', 'ttc', 'brutto', 'id', 'idnr', 'nr', 'number', 'no', 'reg', 'identnr', 'basis', 'base', 'satz', 'rate', 'intracommunautaire'];
const CURRENCY_LABELS = [['rechnungswahrung', 'invoice currency', 'currency', 'wahrung', 'devise', 'moneda', 'valuta', 'betrage in', 'amounts in', 'all amounts in']];

/** "Handelsrechnung Nr. TX-471102 vom 30.10.2018", "… 05.03.2018Nr. 471102 vom": a title line with a number after "Nr."/"No.". */
function titleLine(d: DocText): { line: number; number: string } | null {
  for (let i = 0; i < Math.min(d.lines.length, 15); i++) {
    const l = d.lines[i];
    const m = /(?:^|[\s\d)])(?:nr|no|n°|#)\.?\s*:?\s*([A-Za-z0-9][A-Za-z0-9\-\/._]*)/i.exec(l.text);
    if (m && /(rechnung|invoice|facture|gutschrift|avoir|factura|fattura|korrektur|beleg)/i.test(l.fold)) {
      const v = parseReference(m[1]);
      if (v) return { line: i, number: v };
    }
  }
  return null;
}

/** The date written on the title line ("… vom 05.03.2018") or, when the line ends with "vom", on the next one. */
function titleDate(d: DocText, line: number): string | null {
  const own = findDates(d.lines[line].text, d.order)[0]?.iso;
  if (own) return own;
  if (/\b(vom|von|du|del|of|dated|issued at)\s*$/i.test(d.lines[line].text)) return findDates(d.lines[line + 1]?.text ?? '', d.order)[0]?.iso ?? null;
  return null;
}

function findSeller(d: DocText, buyerLine: number): FoundParty | null {
  const labelled = partyAfterLabel(d.lines, SELLER_LABELS, { stopAt: BUYER_LABELS });
  if (labelled) return labelled;
  const ret = returnAddressLine(d.lines);
  if (ret >= 0) return partyAt(d.lines, ret, cleanName(d.lines[ret].text));
  // A letterhead: the first name-like line of the page that is not the buyer.
  for (let i = 0; i < Math.min(d.lines.length, 8); i++) {
    if (i === buyerLine) continue;
    const c = cleanName(d.lines[i].text);
    if (nextNameLine(d.lines, i, 1) === i && !/\b(invoice|rechnung|facture|stylesheet)\b/i.test(c)) return partyAt(d.lines, i, c);
  }
  return null;
}

function findBuyer(d: DocText, sellerName: string | null): FoundParty | null {
  const labelled = partyAfterLabel(d.lines, BUYER_LABELS, { stopAt: SELLER_LABELS });
  if (labelled && labelled.name !== sellerName) return labelled;
  const ret = returnAddressLine(d.lines);
  const from = ret >= 0 ? ret + 1 : 0;
  // The addressee: after a salutation line, or the first name below the letterhead.
  for (let i = from; i < Math.min(d.lines.length, from + 30); i++) {
    if (SALUTATIONS.test(d.lines[i].text)) {
      const k = nextNameLine(d.lines, i + 1, 2, sellerName);
      if (k >= 0) return partyAt(d.lines, k);
    }
  }
  if (ret >= 0) {
    const k = nextNameLine(d.lines, ret + 1, 4, sellerName);
    if (k >= 0) return partyAt(d.lines, k);
  }
  for (let i = 1; i < Math.min(d.lines.length, 25); i++) {
    const k = nextNameLine(d.lines, i, 1, sellerName);
    if (k === i && /\d/.test(d.lines[i + 1]?.text ?? '') && (d.lines[i + 2] ? true : false)) {
      const p = partyAt(d.lines, i);
      if (!p.address) continue;
      // An addressee block starts with the organisation; a person under it is the contact ("Ma jolie boutique / Alexandre Payet").
      let top = i;
      while (top > 1 && i - top < 2 && nextNameLine(d.lines, top - 1, 1, sellerName) === top - 1) top--;
      return top === i ? p : partyAt(d.lines, top);
    }
  }
  return null;
}

/** Table rows: a description followed by quantity, unit price and amount (at least two numbers). */
export function invoiceLines(d: DocText): LineItem[] {
  const out: LineItem[] = [];
  const skip = labelsIn(d.lines, SKIP_IN_LINES);
  const parties = labelsIn(d.lines, PARTY_LABELS);
  for (const l of d.lines) {
    if (matchLabel(l, skip) || looksLikeAddress(l.text) || matchLabel(l, parties)?.start === 0) continue;
    const amounts = findAmounts(l.text, d.style);
    if (amounts.length < 2) continue;
    const last = amounts[amounts.length - 1];
    if (!last.value.includes('.') && !last.currency && !/[.,]\d{2}\b/.test(l.text.slice(last.index, last.index + last.length))) continue;
    let desc = '';
    let at = 0;
    for (const a of amounts) {
      desc += ` ${l.text.slice(at, a.index)}`;
      at = a.index + a.length;
    }
    desc = desc
      .replace(/\d+(?:[.,]\d+)?\s?%/g, ' ')
      .replace(/\b[A-Z]{3}\b|[€$£]/g, ' ')
      .replace(/(^|\s)(x|×|at|@|=|à|a|zu|je|per)(?=\s|$)/gi, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s\d.)-]+|[\s:=-]+$/g, '')
      .trim();
    if (!/\p{L}{3,}/u.test(desc) || findDates(desc, d.order).length) continue;
    const nums = amounts.map((a) => a.value);
    const amount = nums[nums.length - 1];
    let quantity: number | null = null;
    let unit: string | null = null;
    if (nums.length >= 3) {
      quantity = Number(nums[nums.length - 3]);
      unit = nums[nums.length - 2];
    } else if (/^\d{1,5}$/.test(nums[0])) quantity = Number(nums[0]);
    else unit = nums[0];
    out.push({ description: desc, quantity, unit_price: unit, amount });
  }
  return out;
}

/** Without a "total tax" line, the tax lines of each rate added up ("VAT 7% 11.20", "VAT 19% 63.84"). */
function taxLinesTotal(d: DocText): { value: string; currency: string | null } | null {
  let sum = 0;
  let n = 0;
  let currency: string | null = null;
  const taxLabels = labelsIn(d.lines, TAX_LABELS[1]);
  const notTax = labelsIn(d.lines, NOT_TAX);
  const notGross = labelsIn(d.lines, NOT_GROSS_NOR_TAX);
  for (const l of d.lines) {
    const hit = matchLabel(l, taxLabels);
    if (!hit || matchLabel(l, notTax) || matchLabel(l, notGross)) continue;
    const a = lastAmount(l.text.slice(hit.end), d.style);
    if (!a) continue;
    sum += cents(a.value);
    currency ??= a.currency;
    n++;
  }
  return n ? { value: formatAmount(sum / 100), currency } : null;
}

export function extractInvoiceFromText(d: DocText): InvoiceFields {
  const buyerLabelled = partyAfterLabel(d.lines, BUYER_LABELS, { stopAt: SELLER_LABELS });
  const seller = findSeller(d, buyerLabelled?.line ?? -1);
  const buyer = findBuyer(d, seller?.name ?? null);
  const sellerFacts = toPartyFacts(seller);
  const buyerFacts = toPartyFacts(buyer);
  // VAT ids and IBANs outside both blocks: the first belongs to the seller unless it is marked as the client's.
  const vats = findVatIds(d.text);
  if (!sellerFacts.vat_id) sellerFacts.vat_id = vats.find((v) => v !== buyerFacts.vat_id && !new RegExp(`(client|kunde|customer|buyer)[^\\n]{0,20}${v.slice(0, 2)}`, 'i').test(d.text)) ?? null;
  if (!sellerFacts.iban) sellerFacts.iban = findIbans(d.text)[0] ?? null;
  if (!sellerFacts.country_code && sellerFacts.vat_id) sellerFacts.country_code = sellerFacts.vat_id.slice(0, 2);

  const gross = amountAfter(d, [GROSS_LABELS[0]], { byLabel: true, reject: ['zuschlage', 'abschlage', 'rabatt', 'allowance', 'discount'] }) ?? amountAfter(d, [GROSS_LABELS[1]], { reject: NOT_GROSS }) ?? amountAfter(d, [GROSS_LABELS[2]]);
  const net = amountAfter(d, NET_LABELS, { byLabel: true });
  const tax = amountAfter(d, [TAX_LABELS[0]], { byLabel: true }) ?? taxLinesTotal(d);
  const due = amountAfter(d, [GROSS_LABELS[2]]);
  const title = titleLine(d);
  const currency =
    valueAfter(d, CURRENCY_LABELS, (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? gross?.currency ?? net?.currency ?? dominantCurrency(d.text);
  const period = valueAfter(d, [['service period', 'billing period', 'leistungszeitraum', 'liefer leistungszeitraum', 'abrechnungszeitraum', 'periode', 'period']], (t) => parsePeriod(t, d.order), { lookahead: 0 });
  return {
    invoice_number: valueAfter(d, [NUMBER_LABELS[0]], parseReference, { maxStart: 25 }) ?? title?.number ?? valueAfter(d, [NUMBER_LABELS[1]], parseReference, { lookahead: 0, maxStart: 25 }),
    issue_date:
      dateAfter(d, [DATE_LABELS[0]]) ??
      (title ? titleDate(d, title.line) : null) ??
      dateAfter(d, [DATE_LABELS[1]], { lookahead: 0 }) ??
      findDates(d.lines.slice(0, 25).map((l) => l.text).join('\n'), d.order)[0]?.iso ??
      null,
    due_date: dateAfter(d, DUE_LABELS),
    service_period: period,
    currency,
    seller: sellerFacts,
    buyer: buyerFacts,
    lines: invoiceLines(d),
    net_total: net?.value ?? null,
    tax_total: tax?.value ?? null,
    grand_total: gross?.value ?? null,
    amount_due: due?.value ?? gross?.value ?? null,
    references: {
      order: valueAfter(d, [['purchase order', 'order number', 'order no', 'po number', 'your order', 'bestellnummer', 'bestellung', 'bestell nr', 'commande', 'votre reference']], parseReference, { lookahead: 0 }),
      contract: valueAfter(d, [['contract number', 'contract no', 'contract ref', 'contract', 'vertragsnummer', 'vertrag', 'vertrags nr', 'contrat', 'ref marche', 'agreement ref']], parseReference, { lookahead: 0 }),
      bill_of_lading: valueAfter(d, [['bill of lading', 'b l no', 'bl no', 'b l number', 'konnossement']], parseReference, { lookahead: 0 }),
    },
    vessel: valueAfter(d, [['vessel', 'vessel name', 'ship', 'schiff', 'navire']], parsePhrase, { lookahead: 0 }),
    source: 'text',
  };
}

/** The same fields from an embedded e-invoice; the text fills what the XML leaves out (references, vessel). */
export function extractInvoiceFromEInvoice(e: EInvoiceFacts, fromText: InvoiceFields | null): InvoiceFields {
  const fill = (p: EInvoiceFacts['seller']) => ({ ...emptyParty(), ...p });
  return {
    invoice_number: e.invoice_number ?? fromText?.invoice_number ?? null,
    issue_date: e.issue_date ?? fromText?.issue_date ?? null,
    due_date: e.due_date ?? fromText?.due_date ?? null,
    service_period: fromText?.service_period ?? null,
    currency: e.currency ?? fromText?.currency ?? null,
    seller: fill(e.seller),
    buyer: fill(e.buyer),
    lines: e.lines.length ? e.lines : (fromText?.lines ?? []),
    net_total: e.net_total,
    tax_total: e.tax_total,
    grand_total: e.grand_total,
    amount_due: e.due_payable ?? e.grand_total,
    references: fromText?.references ?? { order: null, contract: null, bill_of_lading: null },
    vessel: fromText?.vessel ?? null,
    source: 'einvoice',
  };
}
