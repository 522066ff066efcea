// The layout-based orientation guess and the cleaning decision, on rendered pages (no OCR).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { layoutPng } from '../../../test/fixtures/layout-pages.ts';
import { makeScanPng } from '../../../test/fixtures/scans.ts';
import { UNSEEN_FINANCE_DOCUMENTS } from '../../../test/fixtures/unseen-finance-documents.ts';
import { inkStats, needsCleaning, rotate, type GrayImage } from './gray-image.ts';
import { acceptTurn, LOW_CONFIDENCE } from './ocr.ts';
import { guessOrientation } from './orientation.ts';

async function gray(png: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(png).grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('guessOrientation', () => {
  it.each([0, 90, 180, 270] as const)('turns a page scanned %s° off back upright', async (scanned) => {
    const page = await gray(await makeScanPng({ rotate: scanned, dpi: 150 }));
    const guess = guessOrientation(page);
    expect(guess).toEqual({ turn: (360 - scanned) % 360, sure: true, axisSure: true });
    // Turning by the guess gives back the page as written.
    expect(guessOrientation(rotate(page, guess.turn)).turn).toBe(0);
  });

  it('is not sure about capitals only (no ascenders to tell up from down), but keeps the axis', async () => {
    const page = await gray(await makeScanPng({ lines: ['ACME TRADING LTD', 'INVOICE NO 42', 'TOTAL DUE 1,234.50 EUR'], total: null, rotate: 90, dpi: 150 }));
    const guess = guessOrientation(page);
    expect(guess.sure).toBe(false);
    expect([90, 270]).toContain(guess.turn);
  });
});

describe('guessOrientation on a small, soft page', () => {
  // At 72 dpi and a little blur the letters of each word touch: each word is one blob, whose nearest
  // neighbour is the word on the next line. The words' shape still says which way the lines run.
  it.each(['uk-bank-statement', 'es-factura-luz'])('keeps %s upright, and finds it when turned sideways', async (name) => {
    const doc = UNSEEN_FINANCE_DOCUMENTS.find((d) => d.name === name)!;
    const soft = sharp(layoutPng(doc.pieces, 72)).blur(0.8);
    expect(guessOrientation(await gray(await soft.clone().png().toBuffer())).turn).toBe(0);
    expect(guessOrientation(await gray(await soft.clone().rotate(90).png().toBuffer())).turn).toBe(270);
  });
});

describe('cleaning before OCR', () => {
  it('leaves a clear page alone and cleans a washed-out one', async () => {
    expect(needsCleaning(inkStats(await gray(await makeScanPng({ dpi: 100 }))))).toBe(false);
    expect(needsCleaning(inkStats(await gray(await makeScanPng({ dpi: 100, lowContrast: true }))))).toBe(true);
  });
});

describe('a reading at another turn', () => {
  const guess = { turn: 0, sure: true, axisSure: true } as const;
  it('replaces the best so far only when clearly more confident', () => {
    expect(acceptTurn(guess, 40, { confidence: 44, rotation: 180 })).toBe(false);
    expect(acceptTurn(guess, 40, { confidence: 46, rotation: 180 })).toBe(true);
  });
  it('across an axis the layout was sure of, only when confident in itself: a quarter turn of a card photo read as noise is not evidence', () => {
    expect(acceptTurn(guess, 33, { confidence: 39, rotation: 90 })).toBe(false);
    expect(acceptTurn(guess, 33, { confidence: LOW_CONFIDENCE, rotation: 90 })).toBe(true);
    expect(acceptTurn({ ...guess, axisSure: false }, 33, { confidence: 39, rotation: 90 })).toBe(true);
  });
});
