// A passport data page drawn in a monospace type over a patterned background, read through the real
// OCR path: the zone's own reading (MRZ alphabet only) must bring back its fields with valid check digits.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../test/helpers/wait.ts';
import { buildTd3, findMrz } from '../extract/mrz.ts';
import { closeReaders, readDocument } from './index.ts';
import { mayHoldMrz, mrzBand, zoneLines } from './mrz-zone.ts';

afterAll(closeReaders);

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSansMono.ttf'), 'MrzMono');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans.ttf'), 'MrzSans');

function passportPage(lines: [string, string]): Buffer {
  const w = 1250;
  const h = 880;
  const canvas = createCanvas(w, h);
  const g = canvas.getContext('2d');
  g.fillStyle = 'rgb(238,232,220)';
  g.fillRect(0, 0, w, h);
  // A guilloche-like pattern and speckles, as on a security background.
  g.strokeStyle = 'rgba(150,120,170,0.35)';
  for (let k = 0; k < 40; k++) {
    g.beginPath();
    for (let x = 0; x <= w; x += 10) g.lineTo(x, 40 + k * 20 + Math.sin((x + k * 37) / 45) * 14);
    g.stroke();
  }
  let seed = 7;
  for (let k = 0; k < 3000; k++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    g.fillStyle = `rgba(90,80,100,${(seed % 100) / 400})`;
    g.fillRect(seed % w, (seed >> 8) % h, 2, 2);
  }
  g.fillStyle = 'rgb(200,190,180)';
  g.fillRect(60, 120, 300, 380); // the photo
  g.fillStyle = 'rgb(30,30,40)';
  g.font = '34px MrzSans';
  g.fillText('PASSPORT / PASSEPORT', 60, 80);
  g.font = '26px MrzSans';
  [
    ['Surname', 'ERIKSSON'],
    ['Given names', 'ANNA MARIA'],
    ['Date of birth', '12 AUG 1974'],
    ['Date of expiry', '15 APR 2031'],
  ].forEach(([label, value], i) => {
    g.fillText(label, 420, 150 + i * 90);
    g.fillText(value, 420, 185 + i * 90);
  });
  g.font = '36px MrzMono';
  g.fillText(lines[0], 40, h - 110);
  g.fillText(lines[1], 40, h - 45);
  return canvas.toBuffer('image/png');
}

describe('machine-readable zone of a scanned identity page', () => {
  it(
    'reads the zone again on its own and gets its fields with valid check digits',
    async () => {
      const zone = buildTd3({ state: 'UTO', surname: 'Eriksson', given: 'Anna Maria', number: 'R72041358', nationality: 'UTO', birth: '1974-08-12', sex: 'F', expiry: '2031-04-15' });
      const doc = await readDocument(passportPage(zone), 'image/png', { maxPages: 1 });
      const text = doc.pages.map((p) => p.text).join('\n');
      const mrz = findMrz(text, '2026-11-23');
      expect(mrz).not.toBeNull();
      expect(mrz!.document_number).toBe('R72041358');
      expect(mrz!.surname).toBe('ERIKSSON');
      expect(mrz!.birth_date).toBe('1974-08-12');
      expect(mrz!.expiry_date).toBe('2031-04-15');
      expect(mrz!.valid).toBe(true);
      // The page is read by both OCR engines (the second one loads its models on first use).
    },
    scaled(120_000),
  );

  it('looks at the bottom band only, and only on pages that may hold a zone', () => {
    expect(mrzBand({ width: 1000, height: 700 })).toEqual({ top: 420, height: 280 });
    expect(mrzBand({ width: 800, height: 1200 }).top).toBeGreaterThan(900);
    expect(mayHoldMrz('P<UTOERIKSSON<<ANNA')).toBe(true);
    expect(mayHoldMrz('REISEPASS')).toBe(true);
    expect(mayHoldMrz('INVOICE\nTotal due 1,234.50 EUR')).toBe(false);
    // A driving licence is an identity page, also as OCR spells its title; a business licence is not.
    expect(mayHoldMrz('EXAMPLE STATE DRVERLICENSE')).toBe(true);
    expect(mayHoldMrz("Driver's License\n3 DOB 01/02/1990")).toBe(true);
    expect(mayHoldMrz('TRADE LICENCE\nLicence number 12345')).toBe(false);
    // Cards whose title a photo garbled, by their labels and codes; cards without the word "identity".
    expect(mayHoldMrz('(8 XQV QRTZ\nCLASS: A\npos: 01/02/1990 HGT: 5\'11"\nexp: 01/02/2030 WGT: 180LB')).toBe(true);
    expect(mayHoldMrz('UNITED STATES OF AMERICA\nPERMANENT RESIDENT\nGiven Name\nALEX')).toBe(true);
    expect(mayHoldMrz('AUFENTHALTSTITEL\nName SAMPLE')).toBe(true);
    expect(mayHoldMrz('Delivery note\nWeight 12 kg\nHeight 30 cm')).toBe(false);
    expect(zoneLines('P<UTOERIKSSONK<KANNA<MARIA<<LLLLLLLL\nTOTAL 12')).toEqual(['P<UTOERIKSSONK<KANNA<MARIA<<LLLLLLLL']);
  });
});
