// Draws corpus documents as scanned pages: 200 dpi greyscale, a slight skew, paper tint, speckles,
// blur and JPEG compression, the way a phone or an office scanner delivers them.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { CorpusDoc } from './model.ts';
import { PAGE } from './render-pdf.ts';
import { Rng } from './random.ts';

const DPI = 200;
const SCALE = DPI / 72;
let fontsReady = false;

function registerFonts(): void {
  if (fontsReady) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans.ttf'), 'ScanSans');
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans-Bold.ttf'), 'ScanSansBold');
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSansMono.ttf'), 'ScanMono');
  fontsReady = true;
}

/** One JPEG per page. */
export async function renderScan(d: CorpusDoc, seed = 7): Promise<Buffer[]> {
  registerFonts();
  const rng = new Rng(seed + d.id.length * 131 + d.id.charCodeAt(0));
  const pages: Buffer[] = [];
  for (const lines of d.pages) {
    const w = Math.round(PAGE.width * SCALE);
    const h = Math.round(PAGE.height * SCALE);
    const canvas = createCanvas(w, h);
    const g = canvas.getContext('2d');
    const tint = 235 + rng.int(0, 15);
    g.fillStyle = `rgb(${tint},${tint},${tint - 4})`;
    g.fillRect(0, 0, w, h);
    g.translate(w / 2, h / 2);
    g.rotate(((rng.next() - 0.5) * 1.6 * Math.PI) / 180);
    g.translate(-w / 2, -h / 2);
    g.fillStyle = 'rgb(25,25,30)';
    g.textBaseline = 'top';
    let y = PAGE.margin;
    for (const l of lines) {
      const size = l.size ?? 10;
      y += l.gap ?? 0;
      g.font = `${size * SCALE}px ${l.mono ? 'ScanMono' : l.bold ? 'ScanSansBold' : 'ScanSans'}`;
      if (l.cols) {
        for (const [x, t] of l.cols) g.fillText(t, x * SCALE, y * SCALE);
        y += size * 1.45;
      } else {
        // Wrap like the PDF renderer does, word by word within the margins.
        const maxW = (PAGE.width - 2 * PAGE.margin) * SCALE;
        let line = '';
        for (const word of (l.text ?? '').split(' ')) {
          const tryLine = line ? `${line} ${word}` : word;
          if (g.measureText(tryLine).width > maxW && line) {
            g.fillText(line, PAGE.margin * SCALE, y * SCALE);
            y += size * 1.2;
            line = word;
          } else line = tryLine;
        }
        g.fillText(line, PAGE.margin * SCALE, y * SCALE);
        y += size * 1.45;
      }
    }
    g.setTransform(1, 0, 0, 1, 0, 0);
    // Speckles and dust.
    g.fillStyle = 'rgba(40,40,40,0.5)';
    for (let i = 0; i < 1500; i++) g.fillRect(rng.int(0, w), rng.int(0, h), rng.int(1, 3), rng.int(1, 2));
    const png = await canvas.encode('png');
    const jpeg = await sharp(png)
      .grayscale()
      .blur(0.6)
      .jpeg({ quality: 70 + rng.int(0, 15) })
      .toBuffer();
    pages.push(jpeg);
  }
  return pages;
}
