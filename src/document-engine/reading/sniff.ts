// Decides what a file is from its bytes, never from its name.
import { fileTypeFromBuffer } from 'file-type';

export const ACCEPTED_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/webp'] as const;
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number];

export async function sniffMediaType(bytes: Buffer): Promise<{ accepted: AcceptedMediaType | null; detected: string | null }> {
  const ft = await fileTypeFromBuffer(bytes);
  let detected = ft?.mime ?? null;
  // Some PDF writers put a few bytes (or a BOM) before the header; readers accept up to 1 KiB.
  if (!detected && bytes.subarray(0, 1024).includes('%PDF-')) detected = 'application/pdf';
  const accepted = (ACCEPTED_MEDIA_TYPES as readonly string[]).includes(detected ?? '') ? (detected as AcceptedMediaType) : null;
  return { accepted, detected };
}

/** A file name safe to store and to send back in Content-Disposition. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'document';
}
