// Page images prepared for OCR: light text on dark fills turned dark on light, small print
// enlarged, and the words read on the prepared image placed back on the page.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { docText } from '../extract/doc-text.ts';
import { extractInvoiceFromText } from '../extract/invoice.ts';
import { findDarkFills, invertDarkFills } from './dark-fills.ts';
import type { GrayImage } from './gray-image.ts';
import { closeReaders, readDocument } from './index.ts';
import { placeBack } from './preprocess.ts';
import { letterHeight, smallPrintEnlargement } from './small-print.ts';

afterAll(closeReaders);

const FONT = 'DossierPrintSans';
GlobalFonts.registerFromPath(path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT);

interface Text {
  text: string;
  x: number;
  y: number;
  size: number;
  color?: string;
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

function drawPage(width: number, height: number, boxes: Box[], texts: Text[]): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  for (const b of boxes) {
    ctx.fillStyle = b.color;
    ctx.fillRect(b.x, b.y, b.width, b.height);
  }
  for (const t of texts) {
    ctx.fillStyle = t.color ?? '#000000';
    ctx.font = `${t.size}px ${FONT}`;
    ctx.fillText(t.text, t.x, t.y);
  }
  return canvas.toBuffer('image/png');
}

async function gray(png: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(png).grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

// An invoice page whose table header row is printed white on a blue band, its values black below.
const BAND: Box = { x: 100, y: 700, width: 1400, height: 110, color: '#4682b4' };
const HEADER = ['Invoice Number', 'Invoice Date', 'Due Date', 'Charges'];
function headerBandPage(): Buffer {
  const texts: Text[] = [
    { text: 'Brightmoor Limited', x: 110, y: 200, size: 48 },
    { text: 'Invoice For: Fabrikam Holdings', x: 900, y: 300, size: 30 },
    ...HEADER.map((text, i) => ({ text, x: 115 + i * 350, y: 760, size: 30, color: '#ffffff' })),
    ...['61730245', '11/03/2019', '25/03/2019', '23,418.06'].map((text, i) => ({ text, x: 115 + i * 350, y: 880, size: 30 })),
  ];
  return drawPage(1654, 2339, [BAND], texts);
}

describe('dark fills', () => {
  it('finds a coloured band holding light text and turns it dark on light', async () => {
    const page = await gray(headerBandPage());
    const fills = findDarkFills(page);
    expect(fills).toHaveLength(1);
    const [f] = fills;
    expect(f.x).toBeLessThanOrEqual(BAND.x + 6);
    expect(f.x + f.width).toBeGreaterThanOrEqual(BAND.x + BAND.width - 6);
    const { image } = invertDarkFills(page);
    // Inside the band: the fill is now paper, the letters ink.
    const at = (x: number, y: number) => image.data[y * image.width + x];
    expect(at(BAND.x + 1300, BAND.y + 90)).toBeGreaterThan(230);
    let dark = 0;
    for (let x = 115; x < 400; x++) for (let y = 735; y < 765; y++) if (at(x, y) < 100) dark++;
    expect(dark).toBeGreaterThan(300);
    // Outside: untouched.
    expect(at(1000, 1200)).toBe(255);
  });

  it('reads the labels of a header row printed white on a coloured band', async () => {
    const doc = await readDocument(headerBandPage(), 'image/png', { maxPages: 1 });
    const text = doc.pages[0].text;
    for (const label of HEADER) expect(text).toContain(label);
    expect(text).toContain('25/03/2019');
    expect(text).toContain('Brightmoor Limited');
    // Each value is taken from under its own label, though the band puts the labels some six lines above.
    const fields = extractInvoiceFromText(docText({ pages: doc.pages, language: 'en' }));
    expect(fields.invoice_number).toBe('61730245');
    expect(fields.issue_date).toBe('2019-03-11');
    expect(fields.due_date).toBe('2019-03-25');
  }, 60_000);

  it('leaves solid boxes, bold headings, dark text on light fills and photos alone', async () => {
    const png = drawPage(
      1654,
      2339,
      [
        { x: 100, y: 400, width: 600, height: 120, color: '#1a1a1a' },
        { x: 100, y: 700, width: 1400, height: 110, color: '#d8d8d8' },
        { x: 100, y: 2000, width: 1400, height: 110, color: '#a0a0a0' },
      ],
      [
        { text: 'INVOICE BOOK', x: 100, y: 300, size: 120 },
        { text: 'Invoice Number', x: 115, y: 760, size: 30 },
        { text: 'Amount Due Date Total', x: 115, y: 2060, size: 30 },
        { text: 'Name Surname Other', x: 100, y: 1000, size: 30 },
      ],
    );
    const page = await gray(png);
    // A dark photo: tones all over the range, no even fill.
    let seed = 7;
    for (let y = 1300; y < 1800; y++) {
      for (let x = 900; x < 1300; x++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        page.data[y * page.width + x] = (seed >> 8) % 200;
      }
    }
    expect(findDarkFills(page)).toEqual([]);
  });
});

// A letter-size invoice saved 1200 pixels wide on a landscape canvas: capitals about 6–7 pixels high.
const SMALL_LINES = [
  'Northwind Traders Limited',
  '12 Harbour Road, Southampton SO14 3TJ',
  'Invoice number: 4477120',
  'Invoice date: 19/01/2023',
  'Account reference: NWT-88213',
  'Net amount GBP 81,250.00',
  'VAT at 20% GBP 16,250.00',
  'Total due GBP 97,500.00',
  'Payment within 30 days by bank transfer',
  'Sort code 20-20-15 Account 55555555',
];
function smallPrintPage(size: number): Buffer {
  const texts: Text[] = SMALL_LINES.map((text, i) => ({ text, x: 420 + (i % 2) * 200, y: 80 + i * 2.4 * size, size }));
  for (let i = 0; i < 12; i++) texts.push({ text: `Item ${i + 1} consulting services, hours and expenses 1,250.00`, x: 420, y: 120 + (SMALL_LINES.length + i) * 2.4 * size, size });
  return drawPage(1200, 893, [], texts);
}

describe('small print', () => {
  it('measures the height of the print', async () => {
    const h = letterHeight(await gray(smallPrintPage(9)));
    expect(h).toBeGreaterThanOrEqual(6);
    expect(h).toBeLessThanOrEqual(9);
  });

  it('enlarges only pages whose print is small, cut to their inked part', async () => {
    const small = await gray(smallPrintPage(9));
    const e = smallPrintEnlargement(small);
    expect(e).not.toBeNull();
    expect(e?.scale).toBeGreaterThan(2);
    expect(e?.left).toBeGreaterThan(300);
    expect((e?.width ?? 0) * (e?.height ?? 0) * (e?.scale ?? 0) ** 2).toBeLessThanOrEqual(12_000_000);
    expect(smallPrintEnlargement(await gray(smallPrintPage(24)))).toBeNull();
    expect(smallPrintEnlargement(await gray(headerBandPage()))).toBeNull();
  });

  it('reads small print', async () => {
    const doc = await readDocument(smallPrintPage(9), 'image/png', { maxPages: 1 });
    const page = doc.pages[0];
    expect(page.text).toContain('Invoice number: 4477120');
    expect(page.text).toContain('19/01/2023');
    expect(page.text).toMatch(/Total due GBP 97,500\.00/);
    expect(page.ocrConfidence).toBeGreaterThan(85);
    // Word boxes are in the page's pixels (the page is decoded at 1600 pixels wide).
    const word = page.words?.find((w) => w.text === 'Northwind');
    expect(word?.x).toBeGreaterThan(540);
    expect(word?.x).toBeLessThan(580);
  }, 60_000);

  it('places words read on the enlarged part back on the page, whichever way it was turned', () => {
    const e = { left: 100, top: 50, width: 400, height: 300, scale: 2 };
    const page = { width: 1000, height: 800 };
    const word = { text: 'x', x: 20, y: 40, width: 10, height: 8 };
    expect(placeBack([word], e, page, 0)[0]).toMatchObject({ x: 110, y: 70, width: 5, height: 4 });
    // Turned a quarter clockwise, the kept part's top-left corner is at (800 - 350, 100).
    expect(placeBack([word], e, page, 90)[0]).toMatchObject({ x: 460, y: 120 });
    expect(placeBack([word], e, page, 180)[0]).toMatchObject({ x: 510, y: 470 });
    expect(placeBack([word], e, page, 270)[0]).toMatchObject({ x: 60, y: 520 });
  });
});
