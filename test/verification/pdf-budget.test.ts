// A scanned PDF counts against the reading budget too: each page that needs OCR (no text layer)
// costs the pixels it is decoded at (its scan, or the page rendered at the OCR resolution), checked
// before it is decoded. A 60-page image-only PDF under a budget of 30 megapixels is read for its
// first pages only, never beyond the budget, with a finding in plain words; the document's cost is
// recorded against its conversation and its API client.
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows } from '../helpers/factories.ts';

const BUDGET = 30;
let s: TestServer;
setupAll(async () => {
  s = await startServer({ READ_MAX_DOCUMENT_MEGAPIXELS: BUDGET });
});
afterAll(async () => {
  await s?.close();
});

/** A PDF of `pages` A4 pages, each only a scan (one 2000×2800 picture of a blank sheet, stored once). */
async function makeScannedPdf(pages: number): Promise<Buffer> {
  const scan = await sharp({ create: { width: 2000, height: 2800, channels: 3, background: '#f2f2f0' } })
    .jpeg({ quality: 60 })
    .toBuffer();
  const pdf = await PDFDocument.create();
  const image = await pdf.embedJpg(scan);
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await pdf.save());
}

describe('reading budget of a scanned PDF', { timeout: scaled(300_000) }, () => {
  it('reads a 60-page image-only PDF only as far as its budget of megapixels, and says so', async () => {
    const f = flows(s.api);
    const { conversation_id } = await f.createCase();
    const up = await f.upload(conversation_id, await makeScannedPdf(60), 'archive-scan.pdf');
    expect(up.status).toBe(201);
    const verificationId = await f.verify(conversation_id, up.body.document_id as string);
    const results: { issue_id: string; severity: string; text: string }[] = await f.verificationResult(conversation_id, verificationId);
    const budget = results.find((r) => r.issue_id.startsWith('read_budget_reached-'));
    expect(budget?.severity).toBe('warning');
    expect(budget?.text).toMatch(
      /^archive-scan\.pdf: Pages \d+, .* and \d+ more of the PDF need OCR, which would decode more pixels than the reading budget of one document \(30 megapixels\) allows after the [\d.]+ megapixels decoded for the pages before, so they were not read\.$/,
    );
    const row = await s.d.ctx.db
      .selectFrom('documents')
      .select('read_megapixels')
      .where('id', '=', up.body.document_id as string)
      .executeTakeFirstOrThrow();
    expect(row.read_megapixels).toBeGreaterThan(0);
    expect(row.read_megapixels).toBeLessThanOrEqual(BUDGET);
  });
});
