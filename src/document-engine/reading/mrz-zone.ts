// A second reading of the machine-readable zone of an identity page. The zone is the bottom band of a
// passport page or ID card; read with the page it comes out with its fillers as K, L, C or «. Read
// alone, enlarged, with only the MRZ alphabet allowed and as one block of lines, it comes out close
// to what is printed (the repair of what remains is in extract/mrz-repair.ts).
import sharp from 'sharp';
import { findMrz } from '../extract/mrz.ts';
import { rotate, type GrayImage, type QuarterTurn } from './gray-image.ts';

export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The tesseract parameters for the band: one uniform block of text, MRZ characters only. */
export const MRZ_PARAMS: Record<string, string> = {
  tessedit_char_whitelist: MRZ_ALPHABET,
  tessedit_pageseg_mode: '6',
  tessedit_do_invert: '0',
};

/**
 * Whether a page's first reading suggests a machine-readable zone: runs of fillers (or what OCR makes
 * of them), or the words of an identity document.
 */
export function mayHoldMrz(text: string): boolean {
  if (/[<«‹]{2}|[<«‹][A-Z0-9<«‹]*[KLC<«‹]{4}/.test(text)) return true;
  const folded = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  // Driving licences carry no zone but are read like the rest: their title (also as OCR spells it,
  // "DRVER LICENSE"), or the US card's "DOB", height and weight codes; a business licence is no
  // identity page. Cards without the word "identity" by their titles and labels (a resident card,
  // a residence permit, Aadhaar).
  return /passport|passeport|pasaporte|passaporto|paspoort|paszport|reisepass|identity card|identite|identidad|identita|personalausweis|date of birth|nationality|nationalite|surname|given names?\b|dri?v\w{0,3}(?:'?s| s)? ?licen[cs]e|fuhrerschein|permis de conduire|permiso de conduc|patente di guida|rijbewijs|prawo jazdy|carta de conducao|\bdob\b|\bhgt\b|\bwgt\b|permanent resident|residence permit|aufenthaltstitel|titre de sejour|permesso di soggiorno|aadhaar/.test(
    folded,
  );
}

/**
 * The band at the bottom of the page that holds the zone: a third of a landscape page (a card or a
 * passport's data page), a fifth of a portrait one (a whole passport spread).
 */
export function mrzBand(img: Pick<GrayImage, 'width' | 'height'>): { top: number; height: number } {
  const share = img.height > img.width * 1.2 ? 0.22 : 0.4;
  const height = Math.max(1, Math.round(img.height * share));
  return { top: img.height - height, height };
}

/** The band cut out, contrast stretched and enlarged so that a character is about 30 pixels wide. */
export async function bandImage(img: GrayImage): Promise<Buffer> {
  const { top, height } = mrzBand(img);
  const scale = Math.min(2, Math.max(1, 1200 / img.width));
  let band = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } }).extract({
    left: 0,
    top,
    width: img.width,
    height,
  });
  if (scale > 1.05) band = sharp(await band.png({ compressionLevel: 0 }).toBuffer()).resize({ width: Math.round(img.width * scale), kernel: 'lanczos3' });
  return band.normalise().png({ compressionLevel: 1 }).toBuffer();
}

/** Lines of the band's reading that may be MRZ lines (long, with fillers or filler-like runs). */
export function zoneLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ''))
    .filter((l) => l.length >= 26 && /[<KLC]{3}/.test(l));
}

export type BandReader = (png: Buffer, params: Record<string, string>) => Promise<string>;

/**
 * Looks for the zone at the bottom of the page turned each way given (first the one its text was read
 * in); returns the turn it was found in and its lines (two or three), or null. A zone read upright
 * tells which way the page is up, whatever its photo and background made the page's layout suggest.
 */
export async function findMrzZone(page: GrayImage, turns: QuarterTurn[], recognize: BandReader): Promise<{ turn: QuarterTurn; lines: string[] } | null> {
  for (const turn of [...new Set(turns)]) {
    const img = rotate(page, turn);
    if (img.width < 100 || img.height < 60) continue;
    const lines = zoneLines(await recognize(await bandImage(img), MRZ_PARAMS));
    if (lines.length >= 2) return { turn, lines };
  }
  return null;
}

/**
 * Whether a page's text holds a machine-readable zone whose check digits all pass: its reading is
 * then confirmed, whatever tesseract's mean confidence over the photo and background says.
 */
export function zoneConfirmed(text: string): boolean {
  return findMrz(text, new Date().toISOString().slice(0, 10))?.valid === true;
}
