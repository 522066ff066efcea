// The layout-based orientation guess and the cleaning decision, on rendered pages (no OCR).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeScanPng } from '../../../test/fixtures/scans.ts';
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
