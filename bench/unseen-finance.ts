// First sight on invented bills, bank statements and invoices in layouts the real-documents set does
// not hold (test/fixtures/unseen-finance-documents.ts): each is read as a PDF with a text layer and
// as a rendered page image, in-process as the service reads, and scored by the real-documents scorer.
//
//   npx tsx bench/unseen-finance.ts [--only NAME,…] [--as pdf|png|photo|all] [--verbose]
//
// Prints the figures; writes nothing.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { layoutPdf, layoutPdfUnicode, layoutPng } from '../test/fixtures/layout-pages.ts';
import { UNSEEN_FINANCE_DOCUMENTS, type UnseenDocument } from '../test/fixtures/unseen-finance-documents.ts';
import { scoreDocument, type Expected } from './realdocs/score.ts';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, as: { type: 'string', default: 'all' }, verbose: { type: 'boolean', default: false } } });

async function render(doc: UnseenDocument, as: string): Promise<{ bytes: Buffer; mediaType: string }> {
  if (as === 'pdf') return { bytes: doc.unicode ? await layoutPdfUnicode(doc.pieces) : await layoutPdf(doc.pieces), mediaType: 'application/pdf' };
  const png = layoutPng(doc.pieces);
  if (as === 'png') return { bytes: png, mediaType: 'image/png' };
  // As the real-documents bench's photo variant: smaller, tilted, darker, blurred, JPEG'd.
  const width = (await sharp(png).metadata()).width ?? 1000;
  const bytes = await sharp(png)
    .resize({ width: Math.round(width * 0.75) })
    .rotate(-1.5, { background: '#f4f1ea' })
    .modulate({ brightness: 0.92 })
    .blur(0.6)
    .jpeg({ quality: 55 })
    .png()
    .toBuffer();
  return { bytes, mediaType: 'image/png' };
}

async function main() {
  const { readDocument, closeReaders } = await import('../src/document-engine/reading/index.ts');
  (await import('./reading-settings.ts')).configureReadersAsService();
  const { verifyRead } = await import('../src/document-engine/engine.ts');
  const { caseFactsFrom } = await import('../src/document-engine/rules/context.ts');
  const modes = args.as === 'all' ? ['pdf', 'png', 'photo'] : args.as.split(',');
  const docs = UNSEEN_FINANCE_DOCUMENTS.filter((d) => !args.only || args.only.split(',').some((o) => d.name.includes(o)));
  for (const as of modes) {
    let classified = 0;
    let fields = 0;
    let correct = 0;
    for (const doc of docs) {
      const { bytes, mediaType } = await render(doc, as);
      const started = performance.now();
      const read = await readDocument(bytes, mediaType, { maxPages: 5 });
      const company = 'Unrelated Client Ltd';
      const out = verifyRead({
        read,
        documentId: doc.name,
        ctx: {
          case: caseFactsFrom({ company_full_name: company, user_full_name: 'Unrelated Person' }, company),
          task: { requested_type: doc.expected.requested_type, company_full_name: company, file_name: `${doc.name}.${as === 'pdf' ? 'pdf' : 'png'}` },
          today: '2024-06-01',
        },
      });
      const expected: Expected = { file: doc.name, case: { company_full_name: company, user_full_name: 'Unrelated Person' }, genuine_findings: [], ...doc.expected };
      const s = scoreDocument(doc.name, expected, { extracted: out.extracted, findings: [] }, (performance.now() - started) / 1000);
      const ok = s.fields.filter((f) => f.ok).length;
      classified += s.classified ? 1 : 0;
      fields += s.fields.length;
      correct += ok;
      console.log(`${as.padEnd(5)} ${doc.name.padEnd(30)} class ${s.classified ? 'ok' : `WRONG (${s.classifiedAs})`.padEnd(20)} fields ${ok}/${s.fields.length}`);
      for (const f of s.fields.filter((x) => args.verbose || !x.ok)) console.log(`    ${f.ok ? ' ' : '✗'} ${f.field}: got ${JSON.stringify(f.got)} want ${JSON.stringify(f.want)}`);
    }
    console.log(`== ${as}: classified ${classified}/${docs.length}, fields ${correct}/${fields}`);
  }
  await closeReaders();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
