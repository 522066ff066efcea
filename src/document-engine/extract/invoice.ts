// biome-ignore-all format: tables and word lists read better packed than one item a line
// Invoice fields from text: number, dates, parties, totals, currency, lines and references; or, when
// the PDF carries an e-invoice (Factur-X, ZUGFeRD, XRechnung), from its XML, which is more reliable.
import type { EInvoiceFacts } from '../document-model.ts';
import { currencyWord, numberAndDateWritten } from './invoice-intl.ts';
import { BUYER_LABELS, CURRENCY_LABELS, DATE_LABELS, DISCOUNT_LABELS, DUE_LABELS, GROSS_LABELS, NAME_LABELS, NET_LABELS, NOT_GROSS, NOT_GROSS_NOR_TAX, NOT_ISSUE_DATE, NOT_TAX, NUMBER_LABELS, PARTY_LABELS, SELLER_LABELS, SKIP_IN_LINES, TAX_LABELS } from './invoice-labels.ts';
import { cents, currencyIn, dominantCurrency, findAmounts, formatAmount, lastAmount, resolveCurrency, totalLike, type FoundAmount } from './amounts.ts';
import { findDates, parseDate, parsePeriod, type FoundDate } from './dates.ts';
import { pairedValue } from './layout-pairs.ts';
import { amountAfter, dateAfter, parsePhrase, parseReference, standaloneReference, valueAfter, type DocText } from './doc-text.ts';
import type { InvoiceFields, LineItem } from './fields.ts';
import { findIbans, findVatIds } from './identifiers.ts';
import { textConfidence } from './layout.ts';
import { cleanName, emptyParty, fullerName, hasLegalForm, isLegalFormOnly, looksLikeAddress, looksLikeOrganisation, nextNameLine, partyAfterLabel, partyAt, returnAddressLine, SALUTATIONS, toPartyFacts, type FoundParty } from './parties.ts';
import { dollarCurrency } from './issuer-facts.ts';
import { cjkParties } from './cjk-parties.ts';
import { japaneseParties } from './jp-parties.ts';
import { seriesNumber } from './invoice-numbers.ts';
import { payeeParty } from './payee.ts';
import { fold, labelsIn, matchLabel } from './text.ts';
import { lastAmountRow, singleRowTableAmount, totalBySum } from './total-fallbacks.ts';


/** "Handelsrechnung Nr. TX-471102 vom 30.10.2018", "… 05.03.2018Nr. 471102 vom": a title line with a number after "Nr."/"No.". */
function titleLine(d: DocText): { line: number; number: string } | null {
  for (let i = 0; i < Math.min(d.lines.length, 15); i++) {
    const l = d.lines[i];
    // "č." is the Czech and Slovak "No." ("FAKTURA – DAŇOVÝ DOKLAD č. 2026-0417").
    // "br." is the Croatian, Serbian and Bosnian "No." ("RAČUN br. 148-1-1").
    const m = /(?:^|[\s\d)])(?:nr|no|n°|#|č|br)\.?\s*:?\s*([A-Za-z0-9][A-Za-z0-9\-\/._]*)/i.exec(l.text);
    if (m && /(rechnung|invoice|facture|gutschrift|avoir|factura|fattura|korrektur|beleg|faktura|doklad|racun|faktur)/i.test(l.fold)) {
      const v = parseReference(m[1]);
      if (v) return { line: i, number: v };
    }
  }
  return null;
}

/**
 * The invoice number: after its label; on the title line ("Rechnung Nr. 471102"); after the title word
 * itself; standing alone under the title (a boxed number under "Tax Invoice"); or after a bare
 * "Number:" near the top of the page.
 */
function invoiceNumber(d: DocText, fromTitle: string | null): string | null {
  return (
    valueAfter(d, [NUMBER_LABELS[0]], parseReference, { maxStart: 25 }) ??
    seriesNumber(d, isTitle) ??
    fromTitle ??
    valueAfter(d, [NUMBER_LABELS[1]], parseReference, { lookahead: 0, maxStart: 25 }) ??
    valueAfter(d, [NUMBER_LABELS[1]], standaloneReference, { layoutOnly: true, maxStart: 25, to: 15 }) ??
    valueAfter(d, [['numero', 'number', 'nummer', 'numer']], standaloneReference, { lookahead: 0, maxStart: 0, to: 15 })
  );
}

/** The date written on the title line ("… vom 05.03.2018") or, when the line ends with "vom", on the next one. */
function titleDate(d: DocText, line: number): string | null {
  const own = findDates(d.lines[line].text, d.order)[0]?.iso;
  if (own) return own;
  if (/\b(vom|von|du|del|of|dated|issued at)\s*$/i.test(d.lines[line].text)) return findDates(d.lines[line + 1]?.text ?? '', d.order)[0]?.iso ?? null;
  return null;
}

/** A clock time right after a date ("7/26/26, 1:29 AM", "2024-03-01 14:05") or right before it. */
const TIME_AFTER = /^[\s,]*(?:at\s+|um\s+|à\s+)?\d{1,2}:\d{2}(?!\d)/i;
const TIME_BEFORE = /\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?[\s,]*$/i;

/**
 * With no label for it, the first date near the top of the page that is not a timestamp: a date with
 * its time is when the page was printed or sent (a browser's print header, an e-mail's), which may be
 * days after the invoice's date printed below it. A timestamp is taken only when no other date is there.
 */
function firstUntimedDate(d: DocText): string | null {
  const text = d.lines.slice(0, 25).map((l) => l.text).join('\n');
  const dates = findDates(text, d.order);
  const timed = (x: FoundDate) => TIME_AFTER.test(text.slice(x.index + x.length, x.index + x.length + 16)) || TIME_BEFORE.test(text.slice(Math.max(0, x.index - 14), x.index));
  return (dates.find((x) => !timed(x)) ?? dates[0])?.iso ?? null;
}

function findSeller(d: DocText, buyerLine: number, buyerName: string | null): FoundParty | null {
  const labelled = partyAfterLabel(d.lines, SELLER_LABELS, { stopAt: BUYER_LABELS });
  if (labelled) return labelled;
  const ret = returnAddressLine(d.lines);
  if (ret >= 0) return partyAt(d.lines, ret, cleanName(d.lines[ret].text));
  // A letterhead: the first line of the page that reads as an organisation's name, above the buyer's
  // block (lines under a buyer label are the buyer's), and read with fair confidence when it was OCR'd.
  const last = Math.min(d.lines.length, 8, buyerLine >= 0 ? buyerLine : Infinity);
  for (let i = 0; i < last; i++) {
    const c = letterheadCell(d.lines[i].text);
    if (!looksLikeOrganisation(c) || /\b(stylesheet)\b/i.test(c)) {
      // The letterhead comes before its address: a name under an address line is an addressee's.
      if (d.lines[i].text.split('\t').some((cell) => looksLikeAddress(cell))) break;
      continue;
    }
    // Deeper down the page, a name without a legal form is as likely a line of an address block.
    if (i > 1 && !hasLegalForm(c)) continue;
    if (nameConfidence(d, i, c) < MIN_NAME_CONFIDENCE) continue;
    return partyAt(d.lines, i, c);
  }
  return payeeParty(d.lines, buyerName);
}

/** A document's title alone in its cell: "INVOICE", "Tax Invoice", "FACTURA", "Credit note". */
function isTitle(cell: string): boolean {
  const f = fold(cell).replace(/[^\p{L}\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return f !== '' && (NUMBER_LABELS[1].includes(f) || /^(?:(?:tax|sales|commercial|proforma) invoice|faktura(?: vat)?|factura(?: fiscala)?)$/.test(f));
}

/**
 * The name a letterhead row holds: its first cell, or the first after a title standing on its left
 * ("INVOICE	Example Print Ltd": the title printed large at the left, the firm's name at the right).
 */
function letterheadCell(text: string): string {
  const cells = text.split('\t');
  let k = 0;
  while (k < cells.length - 1 && isTitle(cells[k])) k++;
  return cleanName(cells.slice(k).join('\t'));
}

/** Below this mean OCR confidence a line is too doubtful to be a party's name. */
const MIN_NAME_CONFIDENCE = 60;

/**
 * How sure OCR was of a name read from line `i` (100 when the line was not OCR'd). The legal form at
 * its end does not count: OCR scores abbreviations and dotted words low ("PVT.", "LIMITED" at single
 * figures beside the name at ninety), and a legal form spelled right is itself a sign of a good reading.
 */
function nameConfidence(d: DocText, i: number, name: string): number {
  const words = name.split(/\s+/);
  let core = words.length;
  for (let k = 1; k < words.length; k++) {
    if (isLegalFormOnly(words.slice(k).join(' '))) {
      core = k;
      break;
    }
  }
  return textConfidence(d.layout ?? [], d.lines, i, words.slice(0, core).join(' ')) ?? 100;
}

function findBuyer(d: DocText, seller: FoundParty | null): FoundParty | null {
  const sellerName = seller?.name ?? null;
  const labelled = partyAfterLabel(d.lines, BUYER_LABELS, { stopAt: SELLER_LABELS });
  if (labelled && labelled.name !== sellerName) return { ...labelled, name: (labelled.name && fullerName(d.lines, labelled.name, sellerName)) ?? labelled.name };
  // The seller's own block (a letterhead and its address) holds no addressee.
  const sellerEnd = seller && seller.line < 10 ? (seller.end ?? seller.line) : -1;
  const named = partyAfterLabel(d.lines, NAME_LABELS, { from: sellerEnd + 1, stopAt: [...SELLER_LABELS, ...BUYER_LABELS] });
  if (named && named.name !== sellerName && named.line > sellerEnd) return named;
  const ret = returnAddressLine(d.lines);
  const from = Math.max(ret >= 0 ? ret + 1 : 0, sellerEnd + 1);
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
  for (let i = Math.max(1, sellerEnd + 1); i < Math.min(d.lines.length, 25); i++) {
    const k = nextNameLine(d.lines, i, 1, sellerName);
    if (k === i && /\d/.test(d.lines[i + 1]?.text ?? '') && (!!d.lines[i + 2])) {
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

const TWO_DIGITS = /\d\D*\d/;

/** Table rows: a description followed by quantity, unit price and amount (at least two numbers). */
export function invoiceLines(d: DocText): LineItem[] {
  const out: LineItem[] = [];
  const skip = labelsIn(d.lines, SKIP_IN_LINES);
  const parties = labelsIn(d.lines, PARTY_LABELS);
  for (const l of d.lines) {
    // A row has two numbers at least: a line with fewer than two digits is none.
    if (!TWO_DIGITS.test(l.text)) continue;
    if (matchLabel(l, skip) || looksLikeAddress(l.text) || matchLabel(l, parties)?.start === 0) continue;
    // A time of day ("Time: 10:29 PM", a till receipt's or an ERP print's header) is no quantity and price.
    const text = l.text.replace(/(?<![\d.,:])\d{1,2}:\d{2}(?::\d{2})?(?![\d.,:])/g, (t) => ' '.repeat(t.length));
    const amounts = findAmounts(text, d.style);
    if (amounts.length < 2) continue;
    const last = amounts[amounts.length - 1];
    if (!last.value.includes('.') && !last.currency && !/[.,]\d{2}\b/.test(text.slice(last.index, last.index + last.length))) continue;
    let desc = '';
    let at = 0;
    for (const a of amounts) {
      desc += ` ${text.slice(at, a.index)}`;
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
    if (!a || !totalLike(a, a.currency)) continue;
    sum += cents(a.value);
    currency ??= a.currency;
    n++;
  }
  return n ? { value: formatAmount(sum / 100), currency } : null;
}

/**
 * An amount with three decimals whose last is 0 and no currency beside it: maybe a two-decimal amount
 * whose currency sign OCR read as a "0" ("40,00€" read "40,000").
 */
function signReadAsZero(a: FoundAmount): boolean {
  return a.decimals === 3 && a.currency === null && (a.value.split('.')[1]?.length ?? 0) <= 2;
}

export function extractInvoiceFromText(d: DocText): InvoiceFields {
  const buyerLabelled = partyAfterLabel(d.lines, BUYER_LABELS, { stopAt: SELLER_LABELS });
  const seller = findSeller(d, buyerLabelled?.line ?? -1, buyerLabelled?.name ?? null);
  const buyer = findBuyer(d, seller);
  for (const p of [seller, buyer]) {
    // A name OCR was unsure of is more likely debris than the party's name.
    if (p?.name && nameConfidence(d, p.line, p.name) < MIN_NAME_CONFIDENCE) p.name = null;
  }
  const sellerFacts = toPartyFacts(seller);
  const buyerFacts = toPartyFacts(buyer);
  // A Japanese invoice's client by its "御中" and its issuer by its company form, where no label named them.
  const jp = !sellerFacts.name || !buyerFacts.name ? japaneseParties(d.lines) : null;
  if (jp?.seller && !sellerFacts.name) sellerFacts.name = jp.seller.name;
  if (jp?.buyer && !buyerFacts.name) buyerFacts.name = jp.buyer.name;
  // A Chinese or Korean invoice's blocks side by side under their role words (销售方 / 购买方, 공급자 / 공급받는자).
  const cjk = !sellerFacts.name || !buyerFacts.name ? cjkParties(d.lines) : null;
  if (cjk?.seller && !sellerFacts.name) sellerFacts.name = cjk.seller.name;
  if (cjk?.buyer && !buyerFacts.name) buyerFacts.name = cjk.buyer.name;
  // VAT ids and IBANs outside both blocks: the first belongs to the seller unless it is marked as the client's.
  const vats = findVatIds(d.text);
  if (!sellerFacts.vat_id) sellerFacts.vat_id = vats.find((v) => v !== buyerFacts.vat_id && !new RegExp(`(client|kunde|customer|buyer)[^\\n]{0,20}${v.slice(0, 2)}`, 'i').test(d.text)) ?? null;
  if (!sellerFacts.iban) sellerFacts.iban = findIbans(d.text)[0] ?? null;
  if (!sellerFacts.country_code && sellerFacts.vat_id) sellerFacts.country_code = sellerFacts.vat_id.slice(0, 2);

  // A figure with more decimals than money has ("118.2600") is a misread total, not a total.
  const total = (a: FoundAmount | null) => (a && totalLike(a, a.currency) ? a : null);
  const grossRead = total(amountAfter(d, [GROSS_LABELS[0]], { byLabel: true, reject: ['zuschlage', 'abschlage', 'rabatt', 'allowance', 'discount'] }) ?? amountAfter(d, [GROSS_LABELS[1]], { reject: NOT_GROSS }) ?? amountAfter(d, [GROSS_LABELS[2]]));
  const netRead = amountAfter(d, NET_LABELS, { byLabel: true });
  const net = total(netRead);
  // A net whose currency sign was read as a third decimal ("40,000" for "40,00€"): not stored, but it
  // still tells a total misread a thousand times larger.
  const netSeen = net ?? (netRead && signReadAsZero(netRead) ? netRead : null);
  // A total of nothing, or below the (positive) net amount it includes, was misread ("97,500.00" read
  // as "97.400 00"); a credit note's negative figures are left as read.
  const grossCents = grossRead ? cents(grossRead.value) : null;
  // A discount printed under the net ("Subtotal 1,500 / Discount -100 / Total 1,400") lowers the total below it by as much.
  const discount = amountAfter(d, [DISCOUNT_LABELS], { reject: NOT_GROSS_NOR_TAX });
  const netAfterDiscount = netSeen ? cents(netSeen.value) - (discount ? Math.abs(cents(discount.value)) : 0) : 0;
  // A hundred times the net or more: a separator misread ("40,00 €" read as "40.000"), not a total.
  const misread =
    grossCents === 0 ||
    (grossCents !== null && grossCents > 0 && netSeen !== null && ((net !== null && netAfterDiscount > grossCents) || (netAfterDiscount > 0 && grossCents >= 100 * netAfterDiscount)));
  const taxRead = total(amountAfter(d, [TAX_LABELS[0]], { byLabel: true })) ?? taxLinesTotal(d);
  // A (positive) total below the tax it includes: one of the two is another label's amount, so neither is kept.
  const taxAbove = grossCents !== null && grossCents > 0 && taxRead !== null && cents(taxRead.value) > grossCents;
  const tax = taxAbove ? null : taxRead;
  const due = total(amountAfter(d, [GROSS_LABELS[2]]));
  // No total named anywhere: the total as the layout gives it (total-fallbacks.ts); a table's one row
  // only where no net or tax is named either, the last row of a totals block when it is not below its net.
  const bareRow = !grossRead && !due ? lastAmountRow(d) : null;
  const bare = grossRead || due ? null : ((!net && !tax ? singleRowTableAmount(d) : null) ?? (bareRow && (!net || cents(bareRow.value) >= cents(net.value)) ? bareRow : null));
  // Still none, under a net: the amount that adds up to it with the line between (a misread "Total" label).
  const summed = !grossRead && !due && !bare && net ? totalBySum(d, net) : null;
  const gross = misread || taxAbove ? null : (grossRead ?? bare ?? summed?.gross ?? null);
  const title = titleLine(d);
  // "$" alone is the dollar of the country the page is from (an ABN, "(AUD)", a Canadian postcode), US dollars when it names none.
  const currency = dollarCurrency(
    resolveCurrency(
      valueAfter(d, CURRENCY_LABELS, (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? gross?.currency ?? net?.currency ?? dominantCurrency(d.text) ?? currencyWord(d.text),
      d.text,
    ),
    d.text,
  );
  const written = numberAndDateWritten(d);
  const period = valueAfter(d, [['service period', 'billing period', 'leistungszeitraum', 'liefer leistungszeitraum', 'abrechnungszeitraum', 'periode', 'period']], (t) => parsePeriod(t, d.order), { lookahead: 0 });
  const issueDate =
    dateAfter(d, [DATE_LABELS[0]]) ??
    (title ? titleDate(d, title.line) : null) ??
    written?.date ??
    dateAfter(d, [DATE_LABELS[1]], { layoutOnly: true, notAfter: NOT_ISSUE_DATE }) ??
    firstUntimedDate(d) ??
    null;
  // A bare "Due" labels a date only on its own line, or beside it in the next cell.
  const dueAfter = dateAfter(d, DUE_LABELS) ?? dateAfter(d, [['due']], { lookahead: 0 });
  // In a row of labels over a row of values ("Nº factura | Fecha | Vencimiento"), the date after the
  // label is the next row's first, the invoice's own: the one under the label, when later, is the due date.
  const dueUnder = dueAfter && issueDate && dueAfter <= issueDate ? pairedValue(d, DUE_LABELS[0], (t) => parseDate(t, d.order))?.value : null;
  return {
    invoice_number: invoiceNumber(d, title?.number ?? null) ?? written?.number ?? null,
    issue_date: issueDate,
    due_date: dueUnder && issueDate && dueUnder > issueDate ? dueUnder : dueAfter,
    service_period: period,
    currency,
    seller: sellerFacts,
    buyer: buyerFacts,
    lines: invoiceLines(d),
    net_total: net?.value ?? null,
    tax_total: tax?.value ?? summed?.tax.value ?? null,
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
