// A client's logo: only PNG and JPEG files are taken, recognised by their bytes (not by name or
// declared type; SVG is refused, since it can carry script), within a size limit, and decoded and
// re-encoded as a small PNG, which drops anything hidden in the file besides the picture.
import sharp from 'sharp';
import { AppError, type ErrorDetail, invalid } from '../http/errors.ts';
import { sha256Hex } from '../storage/blobs.ts';

export const MAX_LOGO_BYTES = 1024 * 1024;
/** The stored logo fits in this box; the dialog header shows it at most 48 px high. */
const BOX = { width: 600, height: 200 };
const MAX_INPUT_PIXELS = 40_000_000;

function kindOf(bytes: Buffer): 'png' | 'jpeg' | 'svg' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<?xml') || head.startsWith('<svg') || head.includes('<svg')) return 'svg';
  return null;
}

const refuse = (message: string): never => {
  const detail: ErrorDetail = { path: '/logo', message };
  throw invalid(`logo: ${message}`, [detail]);
};

/** The logo as stored (a PNG), or a 400 saying why the file is not taken. */
export async function prepareLogo(bytes: Buffer): Promise<{ png: Buffer; sha256: string; width: number; height: number }> {
  if (bytes.length === 0) refuse('the file is empty');
  if (bytes.length > MAX_LOGO_BYTES) refuse(`the file has ${Math.ceil(bytes.length / 1024)} kB; a logo may have at most ${MAX_LOGO_BYTES / 1024} kB`);
  const kind = kindOf(bytes);
  if (kind === 'svg') refuse('SVG files are not taken (they can carry script); export the logo as PNG or JPEG');
  if (!kind) refuse('the file is not a PNG or JPEG image');
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== kind) refuse('the file is not a PNG or JPEG image');
    if ((meta.width ?? 0) < 16 || (meta.height ?? 0) < 16) refuse('the image is smaller than 16 × 16 pixels');
    png = await image
      .rotate()
      .resize({ ...BOX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    return refuse('the image cannot be read (damaged, or larger than 40 megapixels)');
  }
  const out = await sharp(png).metadata();
  return { png, sha256: sha256Hex(png), width: out.width ?? 0, height: out.height ?? 0 };
}
