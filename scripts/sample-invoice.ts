// Writes a small sample invoice PDF to stdout, for trying the API by hand:
//   npx tsx scripts/sample-invoice.ts > invoice.pdf
import PDFDocument from 'pdfkit';

const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Invoice INV-2026-0042', Producer: 'Dossier sample' } });
doc.pipe(process.stdout);
doc.fontSize(18).text('Acme Trading Ltd');
doc.fontSize(10).text('1 Example Street, London EC1A 1AA, United Kingdom').moveDown(2);
doc.fontSize(14).text('INVOICE INV-2026-0042').moveDown();
doc.fontSize(10).text('Date: 2026-09-28').text('Bill to: Globex GmbH, Beispielstrasse 5, 10115 Berlin, Germany').moveDown();
doc.text('200 x Industrial pump model P-20 at 63.54 EUR = 12708.00 EUR');
doc.text('VAT 20%: 2542.75 EUR');
doc.fontSize(12).text('Total: 15250.75 EUR').moveDown();
doc.fontSize(9).text('Pay to IBAN GB33BUKB20201555555555 by 2026-10-28.');
doc.end();
