// The second OCR engine's budget within one reading: time left, and pages.
import { describe, expect, it } from 'vitest';
import { ReadContext, SECOND_ENGINE_PAGES } from './read-context.ts';

const context = (secondsLeft: number) =>
  new ReadContext({ maxPages: 1000, ocr: true, maxImagePixels: 1e8, softDeadline: Date.now() + secondsLeft * 1000, deadline: Date.now() + secondsLeft * 2000 }, {});

describe("the second OCR engine's budget for a page", () => {
  it('is given to SECOND_ENGINE_PAGES pages of a document, then no more', () => {
    const ctx = context(120);
    for (let i = 0; i < SECOND_ENGINE_PAGES; i++) expect(ctx.secondEngineBudget()).not.toBeNull();
    expect(ctx.secondEngineBudget()).toBeNull();
  });
  it('is not given when less than two seconds are left before the soft deadline', () => {
    expect(context(1).secondEngineBudget()).toBeNull();
  });
});
