// Decodes PNG, JPEG, TIFF and WEBP files into grayscale pages for OCR with sharp: turned upright
// from EXIF, flattened on white, sized for tesseract, never decoded past the pixel limit.
import { createInflate, constants as zlibConstants } from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import type { GrayImage } from './gray-image.ts';
import { MAX_OCR_PIXELS, MAX_STREAM_BYTES } from './limits.ts';

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  pages: number;
}

export async function imageHeader(bytes: Buffer): Promise<ImageHeader> {
  // Reads the header only: safe on a 30000×30000 claim.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  return { format: meta.format ?? 'unknown', width: meta.width ?? 0, height: meta.height ?? 0, pages: meta.pages ?? 1 };
}

/** Whether the PNG's compressed image data (IDAT) inflates past `limit` bytes; counted, not kept. */
export function pngDataInflatesBeyond(bytes: Buffer, limit: number): Promise<boolean> {
  const parts: Buffer[] = [];
  for (let p = 8; p + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(p);
    const type = bytes.toString('latin1', p + 4, p + 8);
    if (type === 'IDAT') parts.push(bytes.subarray(p + 8, Math.min(bytes.length, p + 8 + length)));
    if (type === 'IEND') break;
    p += 12 + length;
  }
  if (parts.length === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    let total = 0;
    let done = false;
    const finish = (v: boolean) => {
      if (!done) (done = true), resolve(v);
    };
    const inflater = createInflate({ finishFlush: zlibConstants.Z_SYNC_FLUSH, chunkSize: 1 << 20 });
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        finish(true);
        inflater.destroy();
      }
    });
    inflater.on('end', () => finish(false));
    inflater.on('error', () => finish(total > limit));
    inflater.on('close', () => finish(total > limit));
    inflater.end(Buffer.concat(parts));
  });
}

export class ImageTooLargeError extends Error {
  override name = 'ImageTooLargeError';
}

// Tesseract reads 10-point text best with glyphs 20–40 pixels high: about 200–300 dpi on a page.
const MAX_LONG_SIDE = 3600;
const MIN_LONG_SIDE = 1600;

/** Scale that brings a page image into the size range tesseract reads best (1 = leave it). */
export function ocrScale(width: number, height: number): number {
  const long = Math.max(width, height);
  let scale = 1;
  if (long > MAX_LONG_SIDE) scale = MAX_LONG_SIDE / long;
  else if (long > 0 && long < MIN_LONG_SIDE) scale = Math.min(2, MIN_LONG_SIDE / long);
  if (width * height * scale * scale > MAX_OCR_PIXELS) scale = Math.sqrt(MAX_OCR_PIXELS / (width * height));
  return Math.abs(scale - 1) > 0.02 ? scale : 1;
}

const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** Bytes one page decodes to (pixels × channels × bytes per sample), from the header alone. */
export function decodedBytes(meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number {
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 1);
}

/** One page (frame) of an image file as an upright, flattened grayscale image; a page that would decode past 128 MB is refused. */
export async function decodeImagePage(bytes: Buffer, page: number, maxImagePixels: number): Promise<GrayImage> {
  const input = { page, limitInputPixels: maxImagePixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (error) {
    throw translate(error);
  }
  // The same bound as a PDF stream, for every format: under the pixel limit a page may still
  // decode to more (49 megapixels of RGB are 147 MB).
  if (decodedBytes(meta) > MAX_STREAM_BYTES) throw new ImageTooLargeError(`the image decodes to ${Math.round(decodedBytes(meta) / 1048576)} MB, beyond ${MAX_STREAM_BYTES / 1048576} MB`);
  const swap = (meta.orientation ?? 1) >= 5;
  const w = (swap ? meta.height : meta.width) ?? 0;
  const h = (swap ? meta.width : meta.height) ?? 0;
  const scale = ocrScale(w, h);
  const density = meta.density && meta.density >= 72 && meta.density <= 1200 ? meta.density : 300;
  let pipeline = sharp(bytes, input).rotate().flatten({ background: '#ffffff' }).grayscale();
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)), fit: 'fill', kernel: 'lanczos3' });
  try {
    const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, dpi: Math.round(density * scale) };
  } catch (error) {
    throw translate(error);
  }
}

function translate(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError(message);
  return error instanceof Error ? error : new Error(message);
}
