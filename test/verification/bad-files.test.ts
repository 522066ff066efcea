// Bad files end to end: damaged, encrypted, hostile, huge, scanned, rotated, empty-texted, with
// scripts or embedded e-invoices. Each one is uploaded and verified through the API and must come
// back ready with findings, never a 500 and never a verification stuck in not_ready.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { corruptPdf, makeImageOnlyPdf, makePng, makeTextPdf } from '../fixtures/documents.ts';
import { makeHugeHeaderPng, makeManyPagesPdf, makePdfBomb, makePngBomb } from '../fixtures/hostile-files.ts';
import { makeExifRotatedJpeg, makeScanImage, makeScannedPdf } from '../fixtures/scans.ts';
import { makeHybridInvoicePdf } from '../fixtures/einvoices.ts';
import { makeJavaScriptPdf, makeWhiteBoxPdf } from '../fixtures/tampered-pdfs.ts';
import { verifier } from './helpers.ts';
import { sharedData } from '../helpers/shared-data.ts';

const einvoices = sharedData('einvoices', 'manifest.csv');

let s: TestServer;
let conv: string;
let verify: ReturnType<typeof verifier>;
setupAll(async () => {
  s = await startServer({ MAX_PDF_PAGES: 20, JOBS_BACKEND: 'table' }); // failed jobs are read from the jobs table
  conv = (await flows(s.api).createCase(monitoringCase())).conversation_id;
  verify = verifier(s.api);
});
afterAll(() => s?.close());

async function truncated(): Promise<Buffer> {
  const whole = await makeTextPdf({ lines: ['Acme Trading Ltd', 'INVOICE 7', 'Total due 15,250.75 EUR'] });
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** name, bytes, codes that must be among the findings (any subset of the answer). */
const BAD: [string, () => Promise<Buffer> | Buffer, string[]][] = [
  ['corrupt PDF (header, then noise)', () => corruptPdf(), ['file_unreadable']],
  ['truncated PDF', truncated, []],
  ['PDF with a user password', () => makeTextPdf({ lines: ['Acme Trading Ltd'], userPassword: 'secret' }), ['file_encrypted']],
  ['PDF encrypted with an empty password', () => makeTextPdf({ lines: ['Acme Trading Ltd invoice'], ownerPassword: 'owner' }), ['file_encrypted_no_password']],
  ['PDF with a blank page only', () => makeImageOnlyPdf(), ['no_text_layer']],
  ['PDF of 60 pages (over MAX_PDF_PAGES)', () => makeManyPagesPdf(60), ['page_limit_reached']],
  ['PDF whose stream inflates to 1.1 GB', () => makePdfBomb(), []],
  ['PNG whose pixels inflate to 1.6 GB', () => makePngBomb(), []],
  ['PNG claiming 30000×30000 pixels', () => makeHugeHeaderPng(), []],
  ['truncated PNG', () => makePng(40, 40).subarray(0, 60), []],
  ['JPEG marker followed by noise', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]), []],
  ['PDF with JavaScript', () => makeJavaScriptPdf(), []],
  ['PDF with a white box over an amount', () => makeWhiteBoxPdf(), []],
  ['scanned PDF (image, no text layer)', () => makeScannedPdf(), []],
  ['sideways JPEG (EXIF rotation)', () => makeExifRotatedJpeg(), []],
  ['TIFF scan', () => makeScanImage('tiff'), []],
  ['WEBP scan', () => makeScanImage('webp'), []],
  ['hybrid e-invoice PDF', () => makeHybridInvoicePdf(), []],
];

describe('bad files through the API', () => {
  for (const [name, make, expected] of BAD) {
    it(`answers ${name}`, async () => {
      const bytes = await make();
      const v = await verify(conv, Buffer.from(bytes), { fileName: 'bad-file.bin' });
      expect(v.codes).toEqual(expect.arrayContaining(expected));
      for (const r of v.results) {
        expect(r.issue_id).toMatch(/^[a-z_]+-[0-9a-f]{8}$/);
        expect(['info', 'warning', 'critical']).toContain(r.severity);
        expect(r.text.length).toBeGreaterThan(10);
      }
      const reading = v.results.filter((r) => /^(file_|no_text|page_|read_|reader_|image_|decompression)/.test(r.issue_id));
      // A file that gives no usable text must say why.
      if (expected.length) expect(reading.length).toBeGreaterThan(0);
    }, 180_000);
  }

  it.skipIf(!einvoices.present)(
    `answers every e-invoice of the shared collection, valid or not${einvoices.absent}`,
    async () => {
      const dir = einvoices.dir;
      const files = fs
        .readFileSync(path.join(dir, 'manifest.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0])
        .filter((f) => f.startsWith('incorrect/'));
      for (const file of files) {
        const v = await verify(conv, fs.readFileSync(path.join(dir, file)), { fileName: path.basename(file) });
        expect(Array.isArray(v.results), file).toBe(true);
      }
    },
    300_000,
  );

  it('leaves no verification not_ready and no job failed', async () => {
    const pending = await s.d.ctx.db.selectFrom('verifications').select('id').where('conversation_id', '=', conv).where('status', '!=', 'ready').execute();
    expect(pending).toEqual([]);
    const failed = await s.d.ctx.db.selectFrom('jobs').select(['name', 'last_error']).where('status', '=', 'failed').execute();
    expect(failed).toEqual([]);
  });
});
