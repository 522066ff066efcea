// First sight on invented bills, bank statements and invoices in layouts the real-documents set does
// not hold (test/fixtures/unseen-finance-documents.ts): each is read as a PDF with a text layer and
// as a rendered page image, in-process as the service reads, and scored by the real-documents scorer.
//
// --set 2 reads the second set (test/fixtures/unseen-finance-documents-2.ts: Indian, Mexican,
// Brazilian, Swedish, Turkish, Greek, Japanese, Canadian, Australian, British invoices, bills of six more
// countries, six more statements); a document of several pages is scanned as a PDF of page images.
// Besides the right fields it counts the wrong ones (a value read that is not the one printed).
//
// --set 3 reads the third set (test/fixtures/unseen-finance-documents-3.ts: British council tax and
// water bills, a US electric bill with its stub, Irish, German, Belgian, Emirati and South African
// bills; US, Swiss, Singaporean, Nigerian and Kenyan statements; Polish, Czech, Romanian, Danish,
// Norwegian, Austrian, Hong Kong, Chinese and Korean invoices).
//
// --set 4 reads the fourth set (test/fixtures/unseen-finance-documents-4.ts: Swedish, New Zealand,
// Brazilian, Indian, Québec, Portuguese, Mexican and Hungarian bills; Indian, Canadian, Emirati, Belgian,
// Mexican and a fintech's statements; Portuguese, Hungarian, Israeli, Vietnamese, Thai and Finnish invoices).
//
// --set 5 reads the fifth set (test/fixtures/unseen-finance-documents-5.ts: Polish, Singaporean, Kenyan,
// Nigerian, Greek, Czech and Philippine bills; Hong Kong, US credit union, Brazilian digital bank, South
// African and Turkish statements; Russian, Bulgarian, bilingual Saudi, Indonesian, Spanish, Swiss and
// Croatian invoices).
//
// --set 6 reads the sixth set (test/fixtures/unseen-finance-documents-6.ts: Argentine, Chilean, Colombian,
// Peruvian, Moroccan, Pakistani, Malaysian and Liechtenstein bills; German savings bank, Moroccan,
// Chilean, Egyptian and Vietnamese statements; Slovak, Lithuanian, Ukrainian, Kazakh, Chilean,
// Argentine and Egyptian invoices).
//
// --set 7 reads the seventh set (test/fixtures/unseen-finance-documents-7.ts: Italian, French, Japanese,
// Thai, Saudi, Israeli and Ukrainian bills; Norwegian, Irish, Portuguese, Argentine, Israeli and Danish
// statements; Estonian, Latvian, Slovenian, Serbian, Colombian, Ecuadorian and Uruguayan invoices).
//
//   npx tsx bench/unseen-finance.ts [--set 1|2|3|4|5|6|7] [--only NAME,…] [--as pdf|png|photo|all] [--verbose]
//
// Prints the figures; writes nothing.
import { parseArgs } from 'node:util';
import { degrade } from '../test/fixtures/degrade.ts';
import { layoutPdf, layoutPdfCid, layoutPdfUnicode, layoutPng, layoutScanPdf } from '../test/fixtures/layout-pages.ts';
import { UNSEEN_FINANCE_DOCUMENTS } from '../test/fixtures/unseen-finance-documents.ts';
import { UNSEEN_FINANCE_DOCUMENTS_2, UNSEEN_FINANCE_TODAY_2, type UnseenDocument2 } from '../test/fixtures/unseen-finance-documents-2.ts';
import { UNSEEN_FINANCE_DOCUMENTS_3, UNSEEN_FINANCE_TODAY_3 } from '../test/fixtures/unseen-finance-documents-3.ts';
import { UNSEEN_FINANCE_DOCUMENTS_4, UNSEEN_FINANCE_TODAY_4 } from '../test/fixtures/unseen-finance-documents-4.ts';
import { UNSEEN_FINANCE_DOCUMENTS_5, UNSEEN_FINANCE_TODAY_5 } from '../test/fixtures/unseen-finance-documents-5.ts';
import { UNSEEN_FINANCE_DOCUMENTS_6, UNSEEN_FINANCE_TODAY_6 } from '../test/fixtures/unseen-finance-documents-6.ts';
import { UNSEEN_FINANCE_DOCUMENTS_7, UNSEEN_FINANCE_TODAY_7 } from '../test/fixtures/unseen-finance-documents-7.ts';
import { scoreDocument } from './realdocs/score.ts';
import { serviceEngine, unseenExpected } from './unseen-reading.ts';

const { values: args } = parseArgs({
  options: { set: { type: 'string', default: '1' }, only: { type: 'string' }, as: { type: 'string', default: 'all' }, verbose: { type: 'boolean', default: false } },
});

async function render(doc: UnseenDocument2, as: string): Promise<{ bytes: Buffer; mediaType: string }> {
  if (as === 'pdf' && doc.cid) return { bytes: layoutPdfCid(doc.pieces), mediaType: 'application/pdf' };
  if (as === 'pdf') return { bytes: doc.unicode ? await layoutPdfUnicode(doc.pieces, doc.wide) : await layoutPdf(doc.pieces), mediaType: 'application/pdf' };
  if (doc.pieces.some((p) => (p.page ?? 1) > 1)) return { bytes: await layoutScanPdf(doc.pieces, doc.wide), mediaType: 'application/pdf' };
  const png = layoutPng(doc.pieces, 200, doc.wide);
  if (as === 'png') return { bytes: png, mediaType: 'image/png' };
  // As the real-documents bench's photo variant: smaller, tilted, darker, blurred, JPEG'd.
  const bytes = await degrade(png, 'photo');
  return { bytes, mediaType: 'image/png' };
}

async function main() {
  const { readAndVerify, closeReaders } = await serviceEngine();
  const modes = args.as === 'all' ? ['pdf', 'png', 'photo'] : args.as.split(',');
  const sets: Record<string, [UnseenDocument2[], string]> = {
    '1': [UNSEEN_FINANCE_DOCUMENTS, '2024-06-01'],
    '2': [UNSEEN_FINANCE_DOCUMENTS_2, UNSEEN_FINANCE_TODAY_2],
    '3': [UNSEEN_FINANCE_DOCUMENTS_3, UNSEEN_FINANCE_TODAY_3],
    '4': [UNSEEN_FINANCE_DOCUMENTS_4, UNSEEN_FINANCE_TODAY_4],
    '5': [UNSEEN_FINANCE_DOCUMENTS_5, UNSEEN_FINANCE_TODAY_5],
    '6': [UNSEEN_FINANCE_DOCUMENTS_6, UNSEEN_FINANCE_TODAY_6],
    '7': [UNSEEN_FINANCE_DOCUMENTS_7, UNSEEN_FINANCE_TODAY_7],
  };
  const [set, today] = sets[args.set] ?? sets['1'];
  const docs = set.filter((d) => !args.only || args.only.split(',').some((o) => d.name.includes(o)));
  for (const as of modes) {
    let classified = 0;
    let fields = 0;
    let correct = 0;
    let wrong = 0;
    let count = 0;
    for (const doc of docs) {
      if (as !== 'pdf' && doc.pdfOnly) continue;
      count++;
      const { bytes, mediaType } = await render(doc, as);
      const started = performance.now();
      const out = await readAndVerify({
        name: doc.name,
        bytes,
        mediaType,
        maxPages: 5,
        requestedType: doc.expected.requested_type,
        fileName: `${doc.name}.${as === 'pdf' ? 'pdf' : 'png'}`,
        today,
      });
      const expected = unseenExpected(doc.name, doc.expected);
      const s = scoreDocument(doc.name, expected, { extracted: out.extracted, findings: [] }, (performance.now() - started) / 1000);
      const ok = s.fields.filter((f) => f.ok).length;
      const bad = s.fields.filter((f) => !f.ok && f.got !== null && f.got !== undefined && f.got !== '').length;
      wrong += bad;
      classified += s.classified ? 1 : 0;
      fields += s.fields.length;
      correct += ok;
      console.log(`${as.padEnd(5)} ${doc.name.padEnd(30)} class ${s.classified ? 'ok' : `WRONG (${s.classifiedAs})`.padEnd(20)} fields ${ok}/${s.fields.length}${bad ? ` (${bad} wrong)` : ''}`);
      for (const f of s.fields.filter((x) => args.verbose || !x.ok)) console.log(`    ${f.ok ? ' ' : '✗'} ${f.field}: got ${JSON.stringify(f.got)} want ${JSON.stringify(f.want)}`);
    }
    console.log(`== ${as}: classified ${classified}/${count}, fields ${correct}/${fields}, wrong values ${wrong}`);
  }
  await closeReaders();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
