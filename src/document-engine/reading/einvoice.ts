// Finds the structured invoice embedded in a hybrid PDF (Factur-X, ZUGFeRD, XRechnung) and reads
// it: when present it is the most reliable source of the invoice's fields.
import type { EInvoiceFacts } from '../document-model.ts';
import { parseCii } from './einvoice-cii.ts';
import { parseUbl } from './einvoice-ubl.ts';
import { first, parseXml, xmlBytesToString } from './xml-nodes.ts';

export interface Attachment {
  name: string;
  data: Buffer | null;
}

// In this order when a PDF carries several (a ZUGFeRD 1 file beside a Factur-X one, say).
const PREFERRED = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml'];

function rank(name: string): number {
  const i = PREFERRED.indexOf(name.toLowerCase().split(/[\\/]/).pop() ?? '');
  return i === -1 ? PREFERRED.length : i;
}

/** Reads an e-invoice XML document; null when it is not CII, ZUGFeRD 1 or UBL. */
export function parseEInvoiceXml(xml: string, sourceFile: string): EInvoiceFacts | null {
  const doc = parseXml(xml);
  if (!doc) return null;
  const cii = first(doc, 'CrossIndustryInvoice') ?? first(doc, 'CrossIndustryDocument');
  if (cii !== undefined) return parseCii(cii, sourceFile);
  const invoice = first(doc, 'Invoice');
  if (invoice !== undefined) return parseUbl(invoice, false, sourceFile);
  const credit = first(doc, 'CreditNote');
  if (credit !== undefined) return parseUbl(credit, true, sourceFile);
  return null;
}

/** The e-invoice among a PDF's attachments: the known names first, then any XML with an invoice root. */
export function eInvoiceFromAttachments(attachments: Attachment[]): EInvoiceFacts | null {
  const xmls = attachments.filter((a) => a.data && (a.name.toLowerCase().endsWith('.xml') || rank(a.name) < PREFERRED.length)).sort((a, b) => rank(a.name) - rank(b.name));
  for (const a of xmls) {
    const facts = parseEInvoiceXml(xmlBytesToString(a.data!), a.name);
    if (facts) return facts;
  }
  return null;
}
