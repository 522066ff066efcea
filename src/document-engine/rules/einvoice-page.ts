// A hybrid e-invoice (ZUGFeRD, Factur-X: a PDF page with the invoice's XML attached) is read from
// its XML. A doctored page over genuine XML, or XML that does not describe the page, is a known way
// to pass off one invoice as another: the facts of the XML (number, date, total, parties) must be
// printed on the page. Each is compared only when the page shows something of its kind to compare.
import { cents, decimalStyle, findAmounts } from '../extract/amounts.ts';
import { findDates, slashOrder } from '../extract/dates.ts';
import type { InvoiceFields } from '../extract/fields.ts';
import { locateCompanyName } from '../../lib/names.ts';
import { finding } from './catalogue.ts';
import type { Finding } from '../document-model.ts';

/** Below this many characters the page has too little text to say what it shows (a scan read badly, a cover). */
const MIN_PAGE_TEXT = 60;

const squeeze = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The XML's facts that the printed page does not show, as short phrases ("the total 1234.50 EUR"). */
function einvoiceFactsNotPrinted(f: InvoiceFields, pageText: string): string[] {
  if (f.source !== 'einvoice' || pageText.trim().length < MIN_PAGE_TEXT) return [];
  const out: string[] = [];
  const rows = pageText.split('\n');
  if (f.invoice_number && squeeze(f.invoice_number).length >= 3 && !squeeze(pageText).includes(squeeze(f.invoice_number))) out.push(`the number ${f.invoice_number}`);
  const order = slashOrder(pageText);
  const dates = rows.flatMap((r) => findDates(r, order).map((d) => d.iso));
  if (f.issue_date && dates.length > 0 && !dates.includes(f.issue_date)) out.push(`the date ${f.issue_date}`);
  const style = decimalStyle(pageText);
  const amounts = new Set(rows.flatMap((r) => findAmounts(r, style).map((a) => Math.abs(cents(a.value)))));
  if (f.grand_total && amounts.size > 0 && !amounts.has(Math.abs(cents(f.grand_total)))) out.push(`the total ${f.grand_total}${f.currency ? ` ${f.currency}` : ''}`);
  for (const [role, p] of [
    ['seller', f.seller],
    ['buyer', f.buyer],
  ] as const) {
    if (p.name && locateCompanyName(pageText, p.name).match === 'absent') out.push(`the ${role} "${p.name}"`);
  }
  return out;
}

/** A finding when the embedded XML describes another invoice than the page shows. */
export function einvoicePageRule(f: InvoiceFields, pageText: string, file: string): Finding[] {
  const missing = einvoiceFactsNotPrinted(f, pageText);
  if (missing.length === 0) return [];
  return [
    finding(
      'einvoice_page_mismatch',
      `In "${file}", the invoice data attached to the file (e-invoice XML) does not match the printed page: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not on the page. One of the two may have been changed.`,
    ),
  ];
}
