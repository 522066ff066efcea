// The PDF reports' fonts: DejaVu Sans (regular, bold, oblique) and DejaVu Sans Mono from the
// dejavu-fonts-ttf package, embedded (subset) in every report so Latin, Greek and Cyrillic names
// print as written. Characters the fonts do not cover fall back to their unaccented form or "?".
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

export type FontRole = keyof typeof FILES;

/** The names fonts are registered under in every report document. */
export const FONT: Record<FontRole, string> = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique', mono: 'DejaVuSansMono' };

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string, features?: unknown): unknown;
}

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit also takes a font fontkit has parsed (anything with layout()), which its own types leave out. */
      registerFont(name: string, src: FontkitFont): this;
    }
  }
}

let buffers: Record<FontRole, Buffer> | undefined;
let parsed: Record<FontRole, FontkitFont> | undefined;

function fontDir(): string {
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** The font files, read once per process. */
export function fontBuffers(): Record<FontRole, Buffer> {
  if (!buffers) {
    const dir = fontDir();
    const read = (role: FontRole) => fs.readFileSync(path.join(dir, FILES[role]));
    buffers = { regular: read('regular'), bold: read('bold'), italic: read('italic'), mono: read('mono') };
  }
  return buffers;
}

/** The fonts parsed once per process, to ask which characters they can draw (never to lay out a document). */
function fonts(): Record<FontRole, FontkitFont> {
  if (!parsed) {
    // fontkit is what pdfkit itself embeds fonts with; resolve it from pdfkit so both agree.
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): FontkitFont };
    const files = fontBuffers();
    parsed = { regular: fontkit.create(files.regular), bold: fontkit.create(files.bold), italic: fontkit.create(files.italic), mono: fontkit.create(files.mono) };
  }
  return parsed;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  // Each document parses its own font objects: fontkit caches glyphs with the characters they were
  // first laid out for, and a glyph shared between documents could carry another document's
  // characters into this one's text layer (what copying or searching the PDF gives).
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): FontkitFont };
  const files = fontBuffers();
  const parsedFonts: Record<FontRole, FontkitFont> = {
    regular: fontkit.create(files.regular),
    bold: fontkit.create(files.bold),
    italic: fontkit.create(files.italic),
    mono: fontkit.create(files.mono),
  };
  for (const role of Object.keys(FILES) as FontRole[]) doc.registerFont(FONT[role], parsedFonts[role]);
  doc.font(FONT.regular);
}

const covered = new Map<number, boolean>();

/** Whether the report fonts can draw this character. */
export function canDraw(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  let known = covered.get(cp);
  if (known === undefined) {
    known = fonts().regular.hasGlyphForCodePoint(cp);
    covered.set(cp, known);
  }
  return known;
}
