// A tesseract worker's failures come back as rejected promises: data that cannot be loaded (never an
// uncaught error in the reading thread, never a promise left pending), and a job given to a worker
// whose thread has ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTesseract } from './tesseract-worker.ts';

const require = createRequire(import.meta.url);
const ENGLISH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** A small white PGM image. */
const blank = () => Buffer.concat([Buffer.from('P5\n64 32\n255\n'), Buffer.alloc(64 * 32, 255)]);

describe('a tesseract worker', () => {
  it('is refused with a rejected promise when its language data is missing', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'dossier-no-tessdata-'));
    try {
      await expect(startTesseract('ara+eng', empty, 30_000)).rejects.toThrow();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads, and once its thread has ended says so and rejects the next job', async () => {
    const worker = await startTesseract('eng', ENGLISH);
    await expect(worker.recognize(blank())).resolves.toBeTruthy();
    expect(worker.dead).toBe(false);
    await worker.terminate();
    await expect(worker.recognize(blank())).rejects.toThrow(/ended/);
    expect(worker.dead).toBe(true);
  });
});
