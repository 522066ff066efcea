// A case report kept while a follow-up conversation of the case is open: the same stored PDF, with
// a banner across the top of every page saying that it is superseded and why. The stored report
// itself never changes; the banner is added when the report is handed out.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const BANNER_HEIGHT = 20;

export function supersededText(reportedAt: string | null): string {
  const when = reportedAt ? ` This report was made on ${reportedAt.slice(0, 10)}, before the follow-up was opened` : ' This report was made before the follow-up was opened';
  return `SUPERSEDED: a follow-up conversation of this case is open.${when}; a new report follows when the follow-up is finished.`;
}

/** The report with the superseded banner on every page. */
export async function markSuperseded(pdf: Buffer, reportedAt: string | null): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = supersededText(reportedAt);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    page.drawRectangle({ x: 0, y: height - BANNER_HEIGHT, width, height: BANNER_HEIGHT, color: rgb(0.99, 0.91, 0.91), borderColor: rgb(0.7, 0.11, 0.11), borderWidth: 0.75 });
    let size = 8.5;
    while (size > 5 && font.widthOfTextAtSize(text, size) > width - 24) size -= 0.25;
    page.drawText(text, { x: 12, y: height - BANNER_HEIGHT + 6.5, size, font, color: rgb(0.55, 0.05, 0.05) });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
