// A one-page PDF standing in for a register filing whose document the register does not serve
// (not scanned yet, withheld, or a register without documents): what was filed, when, by which
// company, and the permanent public link where the register shows it. The bytes depend only on the
// filing, so the same filing is stored once.
import PDFDocument from 'pdfkit';

export interface FilingRecord {
  register: string;
  companyName: string;
  companyNumber: string;
  filingId: string;
  date: string;
  description: string;
  category: string;
  type: string;
  sourceUrl: string | null;
}

export function renderFilingRecord(r: FilingRecord): Promise<Buffer> {
  const fixed = new Date(Date.parse(r.date) || 0);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${r.companyName} ${r.companyNumber}: ${r.description}`, Author: 'Dossier', Producer: 'Dossier', Creator: 'Dossier', CreationDate: fixed, ModDate: fixed },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(16).text('Register filing record', { underline: false });
  doc
    .moveDown(0.5)
    .fontSize(10)
    .fillColor('#444')
    .text(`This page records a filing of ${r.register}; the register did not serve the filed document itself. The public link below opens the filing on the register's own site.`);
  doc.moveDown(1).fillColor('#000').fontSize(11);
  for (const [label, value] of [
    ['Company', `${r.companyName} (${r.companyNumber})`],
    ['Filing', r.description],
    ['Date', r.date],
    ['Category / type', [r.category, r.type].filter(Boolean).join(' / ')],
    ['Transaction id', r.filingId],
    ['Public link', r.sourceUrl ?? 'none'],
  ] as const) {
    doc.font('Helvetica-Bold').text(label, { continued: false });
    doc.font('Helvetica').text(value || '—');
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
