// The generated corpus through the real reader and the engine: text PDFs read almost perfectly,
// every trap raises its finding and genuine documents raise none, edited copies are flagged, and
// noisy scans are still read well enough.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { closeReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { buildCorpus, isEdited } from './corpus.ts';
import { editPdf } from './edit.ts';
import type { CorpusDoc } from './model.ts';
import { renderPdf } from './render-pdf.ts';
import { renderScan } from './render-scan.ts';
import { runEngine, scoreCorpus, scoreDoc, type DocScore } from './score.ts';

const corpus = buildCorpus({ perType: 4, scans: 2 });
const scores = new Map<string, DocScore & { edited: boolean }>();

async function pdfOf(d: CorpusDoc): Promise<Buffer> {
  const r = await renderPdf(d);
  return d.edit ? editPdf(r.bytes, r.placed, d.edit, d.meta.created) : r.bytes;
}

setupAll(async () => {
  for (const d of corpus) {
    const read = await readDocument(await pdfOf(d), 'application/pdf', { maxPages: 100 });
    scores.set(d.id, { ...scoreDoc(d, runEngine(d, read)), edited: isEdited(d) });
  }
}, 300_000);
afterAll(() => closeReaders());

describe('the generated corpus as text PDFs', () => {
  it('covers every document type, traps for the rules, and edited copies', () => {
    expect(new Set(corpus.map((d) => d.kind)).size).toBe(14);
    expect(corpus.filter((d) => d.expectFindings.length && !d.edit).length).toBeGreaterThanOrEqual(20);
    expect(corpus.filter(isEdited).length).toBeGreaterThanOrEqual(10);
  });

  it('reads at least 98% of the labelled fields', () => {
    const s = scoreCorpus([...scores.values()]);
    const wrong = [...scores.values()].filter((x) => !x.edited).flatMap((x) => x.wrong.map((w) => ({ id: x.id, ...w })));
    expect(s.accuracy, JSON.stringify(wrong.slice(0, 10))).toBeGreaterThanOrEqual(0.98);
  });

  it('raises every expected finding and no warning on genuine documents', () => {
    const s = scoreCorpus([...scores.values()]);
    expect(s.falseNegatives).toEqual([]);
    expect(s.falsePositives).toEqual([]);
  });

  it('flags at least 95% of the edited copies', () => {
    const s = scoreCorpus([...scores.values()]);
    expect(s.editedFlagged / s.editedTotal).toBeGreaterThanOrEqual(0.95);
  });
});

describe('the generated corpus as scans', () => {
  it('reads at least 90% of the fields of noisy scanned pages', async () => {
    const results: (DocScore & { edited: boolean })[] = [];
    for (const d of corpus.filter((x) => x.scan)) {
      const [jpeg] = await renderScan(d);
      const read = await readDocument(jpeg, 'image/jpeg', { maxPages: 100 });
      results.push({ ...scoreDoc(d, runEngine(d, read, `${d.id}.jpg`)), edited: false });
    }
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(scoreCorpus(results).accuracy, JSON.stringify(results.flatMap((r) => r.wrong))).toBeGreaterThanOrEqual(0.9);
  }, 180_000);
});
