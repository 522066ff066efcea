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

function mul(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
}

/** The one image the page paints, with the matrix it is painted with; null for anything else. */
function soleImage(file: PdfFile, page: PdfDict, resources: PdfDict | null): { name: string; ctm: Matrix } | null {
  const lexer = new PdfLexer(file.pageContent(page));
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let operands: PdfValue[] = [];
  let found: { name: string; ctm: Matrix } | null = null;
  for (let i = 0; i < 1000; i++) {
    const token = lexer.next();
    if (token === undefined) return found;
    if (!(token instanceof PdfOp)) {
      operands.push(token);
      continue;
    }
    if (!ALLOWED_OPS.has(token.op)) return null;
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
 * (several images, text, vector drawing, a rotated or partial image, an unusual encoding).
 */
export async function scanImageOfPage(file: PdfFile, page: PdfDict, resources: PdfDict | null, pageRotation: number, maxPixels: number): Promise<GrayImage | null> {
  if (file.encrypted) return null;
  const sole = soleImage(file, page, resources);
  if (!sole) return null;
  const obj = file.objectOf(file.dict(resources?.get('XObject'))?.get(sole.name));
  const dict = obj && file.dict(obj.value);
  if (!obj || !dict || nameOf(dict.get('Subtype')) !== 'Image' || dict.has('Decode') || dict.has('SMask') || dict.has('Mask') || dict.get('ImageMask') === true) return null;
  const width = file.resolve(dict.get('Width'));
  const height = file.resolve(dict.get('Height'));
  if (typeof width !== 'number' || typeof height !== 'number' || width * height > maxPixels) return null;
  const [a, b, c, d, e, f] = sole.ctm;
  const box = file.resolve(page.get('MediaBox'));
  if (!Array.isArray(box) || box.length !== 4 || !box.every((v) => typeof v === 'number')) return null;
  const [x0, y0, x1, y1] = box as number[];
  // Upright, unmirrored and covering (almost) the whole page: the layout of a scanner's output.
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0 || a * d < 0.9 * (x1 - x0) * (y1 - y0) || e > x0 + 0.05 * (x1 - x0) || f > y0 + 0.05 * (y1 - y0)) return null;
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
