// Small images of documents' first pages, drawn beside each document in the reports so a reader
// sees at a glance what was sent: a PDF's first page rendered at a low resolution, an image scaled
// down. A file that cannot be drawn simply has no thumbnail.
import sharp from 'sharp';
import { DEFAULT_MAX_IMAGE_PIXELS, openPdf, renderPage } from '../document-engine/index.ts';
import type { ReportDocument } from './report-data.ts';

/** Resolution of a PDF's first page: an A4 page becomes about 330 pixels wide. */
const THUMB_DPI = 40;
const THUMB_WIDTH_PX = 330;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/tiff']);
/** Thumbnails per report at most: a report with many files stays quick to make. */
const MAX_THUMBNAILS = 20;

export async function firstPageThumbnail(bytes: Buffer, mediaType: string): Promise<Buffer | null> {
  try {
    if (mediaType === 'application/pdf') {
      const { pdf, close } = await openPdf(bytes, DEFAULT_MAX_IMAGE_PIXELS);
      try {
        const page = await renderPage(pdf, 1, THUMB_DPI);
        return await sharp(Buffer.from(page.data), { raw: { width: page.width, height: page.height, channels: 1 } })
          .png()
          .toBuffer();
      } finally {
        await close();
      }
    }
    if (IMAGE_TYPES.has(mediaType)) {
      return await sharp(bytes).rotate().resize({ width: THUMB_WIDTH_PX, withoutEnlargement: true }).flatten({ background: '#ffffff' }).png().toBuffer();
    }
  } catch {
    // An unreadable or encrypted file: the report shows the document without its picture.
  }
  return null;
}

/** Thumbnails of a report's documents by document id, each file drawn once. */
export async function documentThumbnails(documents: ReportDocument[], read: (sha256: string) => Promise<Buffer>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const bySha = new Map<string, Buffer | null>();
  for (const d of documents.slice(0, MAX_THUMBNAILS)) {
    if (!bySha.has(d.sha256))
      bySha.set(
        d.sha256,
        await read(d.sha256)
          .then((bytes) => firstPageThumbnail(bytes, d.media_type))
          .catch(() => null),
      );
    const png = bySha.get(d.sha256);
    if (png) out.set(d.document_id, png);
  }
  return out;
}
