// Writes a small sample invoice PDF to stdout, for trying the API by hand:
//   npx tsx scripts/sample-invoice.ts > invoice.pdf
// Other scripts import sampleInvoicePdf() to make the same invoice in memory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/** Draws the sample invoice into a new PDF document (the caller pipes or collects it). */
export function sampleInvoiceDocument(): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Invoice INV-2026-0042', Producer: 'Dossier sample' } });
  doc.fontSize(18).text('Acme Trading Ltd');
  doc.fontSize(10).text('1 Example Street, London EC1A 1AA, United Kingdom').moveDown(2);
  doc.fontSize(14).text('INVOICE INV-2026-0042').moveDown();
  doc.fontSize(10).text('Date: 2026-09-28').text('Bill to: Globex GmbH, Beispielstrasse 5, 10115 Berlin, Germany').moveDown();
  doc.text('200 x Industrial pump model P-20 at 63.54 EUR = 12708.00 EUR');
  doc.text('VAT 20%: 2542.75 EUR');
  doc.fontSize(12).text('Total: 15250.75 EUR').moveDown();
  doc.fontSize(9).text('Pay to IBAN GB33BUKB20201555555555 by 2026-10-28.');
  return doc;
}

/** The sample invoice as bytes. */
export function sampleInvoicePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = sampleInvoiceDocument();
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.end();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = sampleInvoiceDocument();
  doc.pipe(process.stdout);
  doc.end();
}
