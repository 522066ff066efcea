// The fast way to the picture on a scanned PDF page: when the page only paints one upright JPEG
// (or plain Flate) image over the whole page, decode that image with sharp instead of rendering
// the page with pdfjs, which decodes JPEG in JavaScript and takes ten times as long.
import sharp, { type Sharp } from 'sharp';
import { rotate, type GrayImage, type QuarterTurn } from './gray-image.ts';
import { ocrScale } from './image.ts';
import type { PdfFile } from './pdf-objects.ts';
import { PdfLexer, PdfName, PdfOp, nameOf, type PdfDict, type PdfValue } from './pdf-syntax.ts';

type Matrix = [number, number, number, number, number, number];
const ALLOWED_OPS = new Set(['q', 'Q', 'cm', 'Do', 'gs', 'w', 'J', 'j', 'M', 'd', 'ri', 'i']);
/** Text and its colours, allowed beside the image when the caller reads the text layer too (a scan app's footer). */
const TEXT_OPS = new Set(['BT', 'ET', 'Tf', 'Td', 'TD', 'Tm', 'T*', 'Tj', 'TJ', "'", '"', 'Tc', 'Tw', 'Tz', 'TL', 'Tr', 'Ts', 'g', 'G', 'rg', 'RG', 'k', 'K', 'cs', 'CS', 'sc', 'scn', 'SC', 'SCN']);

function mul(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
}

/** The page's box: its CropBox or MediaBox, or one it inherits from the page tree; null when none is readable. */
function pageBox(file: PdfFile, page: PdfDict): [number, number, number, number] | null {
  let node: PdfDict | null = page;
  for (let depth = 0; node && depth < 16; depth++) {
    const box = file.resolve(node.get('CropBox')) ?? file.resolve(node.get('MediaBox'));
    if (Array.isArray(box) && box.length === 4 && box.every((v) => typeof v === 'number')) {
      const [a, b, c, d] = box as number[];
      return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
    }
    node = file.dict(node.get('Parent'));
  }
  return null;
}

/** The one image the page paints, with the matrix it is painted with; null for anything else. */
function soleImage(file: PdfFile, page: PdfDict, resources: PdfDict | null, withText: boolean): { name: string; ctm: Matrix } | null {
  const lexer = new PdfLexer(file.pageContent(page));
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let operands: PdfValue[] = [];
  let found: { name: string; ctm: Matrix } | null = null;
  for (let i = 0; i < (withText ? 5000 : 1000); i++) {
    const token = lexer.next();
    if (token === undefined) return found;
    if (!(token instanceof PdfOp)) {
      operands.push(token);
      continue;
    }
    if (!ALLOWED_OPS.has(token.op) && !(withText && TEXT_OPS.has(token.op))) return null;
    if (token.op === 'q') stack.push(ctm);
    else if (token.op === 'Q') ctm = stack.pop() ?? ctm;
    else if (token.op === 'cm' && operands.length === 6 && operands.every((v) => typeof v === 'number')) ctm = mul(operands as Matrix, ctm);
    else if (token.op === 'Do') {
      if (found || !(operands[0] instanceof PdfName)) return null;
      found = { name: operands[0].name, ctm };
    }
    operands = [];
  }
  return resources ? found : null;
}

/**
 * The page's scan as a grayscale image ready for OCR, or null when the page is not a plain scan
 * (several images, vector drawing, a rotated or partial image, an unusual encoding; text too,
 * unless `withText`: then the caller reads the text layer beside the image).
 */
export async function scanImageOfPage(file: PdfFile, page: PdfDict, resources: PdfDict | null, pageRotation: number, maxPixels: number, withText = false): Promise<GrayImage | null> {
  if (file.encrypted) return null;
  const sole = soleImage(file, page, resources, withText);
  if (!sole) return null;
  const obj = file.objectOf(file.dict(resources?.get('XObject'))?.get(sole.name));
  const dict = obj && file.dict(obj.value);
  if (!obj || !dict || nameOf(dict.get('Subtype')) !== 'Image' || dict.has('Decode') || dict.has('SMask') || dict.has('Mask') || dict.get('ImageMask') === true) return null;
  const width = file.resolve(dict.get('Width'));
  const height = file.resolve(dict.get('Height'));
  if (typeof width !== 'number' || typeof height !== 'number' || width * height > maxPixels) return null;
  const [a, b, c, d, e, f] = sole.ctm;
  const box = pageBox(file, page);
  if (!box) return null;
  const [x0, y0, x1, y1] = box;
  // Upright, unmirrored and covering (almost) the whole page, not much beyond it (what lies outside is
  // not shown, so it must not be read): the layout of a scanner's output.
  const [mx, my] = [0.05 * (x1 - x0), 0.05 * (y1 - y0)];
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0 || a * d < 0.9 * (x1 - x0) * (y1 - y0) || e > x0 + mx || f > y0 + my || e < x0 - mx || f < y0 - my || e + a > x1 + mx || f + d > y1 + my) return null;
  const filter = file.resolve(dict.get('Filter'));
  const filterName = Array.isArray(filter) ? (filter.length === 1 ? nameOf(file.resolve(filter[0])) : null) : nameOf(filter);
  const colorSpace = nameOf(file.resolve(dict.get('ColorSpace')));
  let input: Sharp;
  if (filterName === 'DCTDecode') {
    input = sharp(file.bytes.subarray(obj.stream!.start, obj.stream!.end), { limitInputPixels: maxPixels, failOn: 'error' });
  } else if (filterName === 'FlateDecode' && !dict.has('DecodeParms') && file.resolve(dict.get('BitsPerComponent')) === 8 && (colorSpace === 'DeviceGray' || colorSpace === 'DeviceRGB')) {
    const channels = colorSpace === 'DeviceGray' ? 1 : 3;
    const raw = file.streamData(obj, width * height * channels);
    if (!raw || raw.length < width * height * channels) return null;
    input = sharp(raw, { raw: { width, height, channels } });
  } else return null;
  const scale = ocrScale(width, height);
  let pipeline = input.grayscale();
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.round(width * scale), height: Math.round(height * scale), fit: 'fill', kernel: 'lanczos3' });
  const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const image: GrayImage = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, dpi: Math.round((info.width / a) * 72) };
  const turn = (((pageRotation % 360) + 360) % 360) as QuarterTurn;
  return [0, 90, 180, 270].includes(turn) ? rotate(image, turn) : null;
}

/** Whether a page paints any picture (an image, a form that may hold one, an inline image). */
export function pageMayHoldImages(file: PdfFile, page: PdfDict, resources: PdfDict | null): boolean {
  const xobjects = file.dict(resources?.get('XObject'));
  for (const ref of xobjects?.values() ?? []) {
    const subtype = nameOf(file.dict(ref)?.get('Subtype'));
    if (subtype === 'Image' || subtype === 'Form') return true;
  }
  try {
    return /(^|[\s\0])BI[\s\0]/.test(file.pageContent(page));
  } catch {
    return true;
  }
}

const MAX_COVERAGE_TOKENS = 200_000;
const MAX_FORM_DEPTH = 3;

/**
 * The share (0–1) of the page box that pictures cover: image XObjects, images inside forms and inline
 * images, each through the matrix it is painted with. Overlaps count twice (a rough share is
 * enough to tell a photographed page from a page with a logo); 0 when the content cannot be read.
 */
export function imageCoverage(file: PdfFile, page: PdfDict, resources: PdfDict | null): number {
  const box = pageBox(file, page);
  if (!box) return 0;
  const [bx0, by0, bx1, by1] = box;
  const pageArea = (bx1 - bx0) * (by1 - by0);
  if (pageArea <= 0) return 0;
  let covered = 0;
  let tokens = 0;
  const paint = (m: Matrix) => {
    const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
    const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
    const w = Math.min(Math.max(...xs), bx1) - Math.max(Math.min(...xs), bx0);
    const h = Math.min(Math.max(...ys), by1) - Math.max(Math.min(...ys), by0);
    if (w > 0 && h > 0) covered += w * h;
  };
  const walk = (content: string, res: PdfDict | null, start: Matrix, depth: number) => {
    const lexer = new PdfLexer(content);
    const xobjects = file.dict(res?.get('XObject'));
    const stack: Matrix[] = [];
    let ctm = start;
    let operands: PdfValue[] = [];
    for (;;) {
      if (++tokens > MAX_COVERAGE_TOKENS) return;
      const token = lexer.next();
      if (token === undefined) return;
      if (!(token instanceof PdfOp)) {
        operands.push(token);
        continue;
      }
      if (token.op === 'q') stack.push(ctm);
      else if (token.op === 'Q') ctm = stack.pop() ?? ctm;
      else if (token.op === 'cm' && operands.length === 6 && operands.every((v) => typeof v === 'number')) ctm = mul(operands as Matrix, ctm);
      else if (token.op === 'BI') {
        // Inline image: painted on the unit square; its data runs up to "EI".
        const id = content.indexOf('ID', lexer.pos);
        const ei = id === -1 ? -1 : content.slice(id + 3).search(/[\s\0]EI(?=[\s\0]|$)/);
        if (ei === -1) return;
        paint(ctm);
        lexer.pos = id + 3 + ei + 3;
      } else if (token.op === 'Do' && operands[0] instanceof PdfName) {
        const obj = file.objectOf(xobjects?.get(operands[0].name));
        const dict = obj && file.dict(obj.value);
        const subtype = nameOf(dict?.get('Subtype'));
        if (subtype === 'Image') paint(ctm);
        else if (subtype === 'Form' && obj && dict && depth < MAX_FORM_DEPTH) {
          const data = file.streamData(obj);
          const matrix = file.resolve(dict.get('Matrix'));
          const fm = Array.isArray(matrix) && matrix.length === 6 && matrix.every((v) => typeof v === 'number') ? (matrix as Matrix) : ([1, 0, 0, 1, 0, 0] as Matrix);
          if (data) walk(data.toString('latin1'), file.dict(dict.get('Resources')) ?? res, mul(fm, ctm), depth + 1);
        }
      }
      operands = [];
    }
  };
  try {
    walk(file.pageContent(page), resources, [1, 0, 0, 1, 0, 0], 0);
  } catch {
    // A damaged stream gives what was found before the damage.
  }
  return Math.min(1, covered / pageArea);
}
