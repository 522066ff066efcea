// The second OCR engine (PaddleOCR through onnxruntime-node): it reads a machine-readable zone
// drawn here, the reading keeps whichever engine measured more confident, the threads that may run
// it at once are bounded, and OCR_SECOND_ENGINE=false turns it off.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { acquireSlot, createEngineSlots } from './engine-slots.ts';
import type { GrayImage } from './gray-image.ts';
import { closeReaders, configureReaders, readDocument } from './index.ts';
import { CONFIDENT_LINE, chooseReading, inScriptTesseractLacks, SECOND_ENGINE_MARGIN, type OcrResult } from './ocr.ts';
import { recognizeWithSecondEngine, secondEngineAvailable, SLANT_DEGREES, slantOf, type SecondEngineResult } from './paddle-ocr.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSansMono.ttf'), 'Zone Mono');

// ICAO 9303's own specimen (a fictitious Utopian passport), whose check digits all pass.
const ZONE = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** A passport data page: a title, two labelled fields and the zone at the bottom. */
function passportPage(): { png: Buffer; gray: GrayImage } {
  const width = 1100;
  const height = 520;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000000';
  g.font = 'bold 40px Zone Mono';
  g.fillText('PASSPORT', 60, 80);
  g.font = '28px Zone Mono';
  g.fillText('Surname: ERIKSSON', 60, 170);
  g.fillText('Given names: ANNA MARIA', 60, 220);
  g.font = '36px Zone Mono';
  g.fillText(ZONE[0], 40, 400);
  g.fillText(ZONE[1], 40, 460);
  const rgba = g.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  return { png: canvas.toBuffer('image/png'), gray: { data, width, height } };
}

/** 1 − edit distance / length of the expected line. */
function similarity(got: string, want: string): number {
  let prev = Array.from({ length: want.length + 1 }, (_, j) => j);
  for (let i = 1; i <= got.length; i++) {
    const row = [i];
    for (let j = 1; j <= want.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (got[i - 1] === want[j - 1] ? 0 : 1));
    prev = row;
  }
  return 1 - prev[want.length] / want.length;
}

afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('the second OCR engine', () => {
  // First in the file, so that the engine is loaded here: opencv.js would make any unhandled rejection abort the process.
  it('leaves the process no handler of unhandled rejections or uncaught exceptions of its own once loaded', async () => {
    const count = () => [process.listeners('unhandledRejection').length, process.listeners('uncaughtException').length];
    const before = count();
    expect(await secondEngineAvailable()).toBe(true);
    expect(count()).toEqual(before);
  });

  it('reads a machine-readable zone, fillers included, with its confidence', async () => {
    const result = await recognizeWithSecondEngine(passportPage().gray, { timeoutMs: 120_000 });
    const lines = result.lines.map((l) => l.text.replace(/\s+/g, ''));
    // The first line up to its name (the detector may cut a long run of trailing fillers), the second
    // whole; O and 0 look alike in a monospaced font, everything else reads as drawn.
    const first = lines.find((l) => l.startsWith('P<')) ?? '';
    expect(first.replace(/0/g, 'O')).toContain('P<UTOERIKSSON<<ANNA<MARIA<<');
    const second = lines.find((l) => l.startsWith('L89')) ?? '';
    expect(similarity(second.replace(/0/g, 'O'), ZONE[1].replace(/0/g, 'O'))).toBeGreaterThan(0.95);
    expect(result.confidence).toBeGreaterThan(80);
    expect(result.lines.every((l) => l.box.length === 4)).toBe(true);
  });

  it('is asked for an identity page read through the reading pool, and not once it is turned off', async () => {
    const { png } = passportPage();
    configureReaders({ threads: 1, secondEngine: true });
    const on = await readDocument(png, 'image/png', { maxPages: 1, timeoutMs: 240_000 });
    expect(on.readable).toBe(true);
    expect(on.pages[0].ocrEngines).toContain('paddle');
    // Whichever engine was kept, the zone's lines are in the text.
    expect(on.pages[0].text.replace(/0/g, 'O')).toContain(ZONE[0].slice(0, 20));

    configureReaders({ threads: 1, secondEngine: false });
    const off = await readDocument(png, 'image/png', { maxPages: 1, timeoutMs: 240_000 });
    expect(off.readable).toBe(true);
    expect(off.pages[0].ocrEngines).toEqual(['tesseract']);
  });

  it('is on by default and turned off by OCR_SECOND_ENGINE=false; a bad value is refused with the variable named', () => {
    expect(loadConfig({}).OCR_SECOND_ENGINE).toBe(true);
    expect(loadConfig({ OCR_SECOND_ENGINE: 'true' }).OCR_SECOND_ENGINE).toBe(true);
    expect(loadConfig({}).OCR_SECOND_ENGINE_THREADS).toBe(1);
    expect(loadConfig({ OCR_SECOND_ENGINE: 'false' }).OCR_SECOND_ENGINE).toBe(false);
    expect(() => loadConfig({ OCR_SECOND_ENGINE: 'paddle' })).toThrow(/OCR_SECOND_ENGINE/);
    expect(() => loadConfig({ OCR_SECOND_ENGINE_THREADS: '0' })).toThrow(/OCR_SECOND_ENGINE_THREADS/);
  });
});

describe('choosing between the two readings', () => {
  const tesseract = (confidence: number): OcrResult => ({ text: 'PASSP0RT\nP<UT0ERIKSS0NK<ANNA', confidence, rotation: 0, words: 3, cleaned: false, placed: [], engines: ['tesseract'] });
  const paddle = (confidence: number, lines: string[]): SecondEngineResult => ({
    text: lines.join('\n'),
    confidence,
    lines: lines.map((text, i) => ({
      text,
      confidence,
      box: [
        [10, 10 + 40 * i],
        [400, 10 + 40 * i],
        [400, 40 + 40 * i],
        [10, 40 + 40 * i],
      ],
    })),
  });
  const same = (words: OcrResult['placed']) => words;

  it("keeps the second engine's reading, placed by its boxes, when it is clearly more confident, then tesseract's lines that add words", () => {
    const chosen = chooseReading(tesseract(40), paddle(40 + SECOND_ENGINE_MARGIN, ['PASSPORT', ZONE[0], ZONE[1]]), 0, same, false);
    expect(chosen.engines).toEqual(['paddle', 'tesseract']);
    // Tesseract's misread title is a word the second reading lacks; its misread zone line is not.
    expect(chosen.text.split('\n')).toEqual(['PASSPORT', ZONE[0], ZONE[1], 'PASSP0RT', 'P<UT0ERIKSS0NK<ANNA']);
    expect(chosen.placed[1]).toMatchObject({ text: ZONE[0], x: 10, y: 80 });
  });

  it("keeps tesseract's reading otherwise, with the zone lines and the confident new lines the second engine read added", () => {
    const chosen = chooseReading(tesseract(70), paddle(79, ['PASSPORT', ZONE[0], ZONE[1]]), 0, same, false);
    expect(chosen.engines).toEqual(['tesseract', 'paddle']);
    expect(chosen.text).toBe(`${tesseract(70).text}\n${ZONE[0]}\n${ZONE[1]}`);
    // On an identity page, a line below CONFIDENT_LINE is not added; one at it that says something new is.
    expect(chooseReading(tesseract(70), paddle(CONFIDENT_LINE - 1, ['DRIVERLICENSE']), 0, same, false, true).text).toBe(tesseract(70).text);
    expect(chooseReading(tesseract(70), paddle(CONFIDENT_LINE, ['DRIVERLICENSE']), 0, same, false, true).text).toBe(`${tesseract(70).text}\nDRIVERLICENSE`);
    // A line whose words tesseract read already adds nothing; on another page, no line but the zone's is added.
    expect(chooseReading(tesseract(70), paddle(95, ['PASSP0RT']), 0, same, false, true).text).toBe(tesseract(70).text);
    expect(chooseReading(tesseract(85), paddle(95, ['Total due 120.00']), 0, same, false).text).toBe(tesseract(85).text);
  });

  it('keeps the second reading of a page in Chinese or Japanese, which tesseract cannot read, whatever confidence tesseract claims', () => {
    const han = '营业执照统一社会信用代码有限责任公司成立日期';
    expect(inScriptTesseractLacks(`${han}\n2013年05月21日`)).toBe(true);
    expect(inScriptTesseractLacks('INVOICE 2013-05-21 Total 120.00 EUR with one 日 sign')).toBe(false);
    const chosen = chooseReading(tesseract(70), paddle(60, [han, '2013年05月21日']), 180, same, false);
    expect(chosen.engines[0]).toBe('paddle');
    expect(chosen.rotation).toBe(180);
  });
});

describe('threads that may run the second engine at once', () => {
  it('gives out as many slots as set, takes a released one again, and takes back one whose holder passed its deadline', () => {
    const slots = createEngineSlots(1);
    const release = acquireSlot(slots, 0, Date.now() + 60_000);
    expect(release).not.toBeNull();
    expect(acquireSlot(slots, 0, Date.now() + 60_000)).toBeNull();
    release?.();
    const again = acquireSlot(slots, 0, Date.now() + 60_000);
    expect(again).not.toBeNull();
    again?.();

    const two = createEngineSlots(2);
    expect(acquireSlot(two, 0, Date.now() + 60_000)).not.toBeNull();
    expect(acquireSlot(two, 0, Date.now() + 60_000)).not.toBeNull();
    expect(acquireSlot(two, 0, Date.now() + 60_000)).toBeNull();

    // A holder stopped before it could release: its slot is free once its deadline has passed.
    const stale = createEngineSlots(1);
    Atomics.store(stale, 1, Math.floor(Date.now() / 1000) - 5);
    expect(acquireSlot(stale, 0, Date.now() + 60_000)).not.toBeNull();
  });
});

describe('a photo taken at a slant', () => {
  const line = (degrees: number, length: number) => {
    const r = (degrees * Math.PI) / 180;
    return {
      text: 'X',
      confidence: 90,
      box: [
        [100, 200],
        [100 + length * Math.cos(r), 200 + length * Math.sin(r)],
        [0, 0],
        [0, 0],
      ] as [number, number][],
    };
  };
  it("is told by the median tilt of its longer lines' boxes, weighted by length; short pieces and a lone line do not count", () => {
    expect(slantOf([line(-17, 400), line(-18, 200), line(-16, 300), line(0, 40)])).toBeCloseTo(-17, 0);
    expect(Math.abs(slantOf([line(1, 400), line(-1, 300), line(0.5, 200)]))).toBeLessThan(SLANT_DEGREES);
    expect(slantOf([line(-20, 400)])).toBe(0);
  });
});
