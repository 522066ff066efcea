// Renders the web and PDF reports of a conversation and the case report once, from the report data
// the completion builds, and stores them as blobs; serves them back to the right people.
import { Readable } from 'node:stream';
import { markSuperseded } from './superseded.ts';
import type { ServiceContext } from '../context.ts';
import type { CaseReportData, ConversationReportData, ReportBrand, ReportDocument } from './report-data.ts';
import { documentThumbnails } from './thumbnails.ts';
import { findClientWithBrand } from '../db/clients.repo.ts';
import { resolveBrand } from '../clients/brand.ts';
import { renderWebReport } from './web-report.ts';
import { renderCaseReport, renderPdfReport } from './pdf-report.ts';

export class ReportsService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Renders and stores both reports of a conversation; returns their blob addresses. */
  async renderConversation(report: ConversationReportData, brand?: ReportBrand | null): Promise<{ web: string; pdf: string }> {
    const thumbnails = await this.thumbnails(report.documents);
    const [web, pdf] = await Promise.all([
      this.ctx.blobs.put(Buffer.from(renderWebReport(report, brand, thumbnails), 'utf8')),
      renderPdfReport(report, brand, thumbnails).then((b) => this.ctx.blobs.put(b)),
    ]);
    return { web: web.sha256, pdf: pdf.sha256 };
  }

  async renderCase(data: CaseReportData, brand?: ReportBrand | null): Promise<string> {
    const thumbnails = await this.thumbnails(data.conversations.flatMap((c) => c.documents));
    return (await this.ctx.blobs.put(await renderCaseReport(data, brand, thumbnails))).sha256;
  }

  /** The documents' first pages, small; a file missing from the store has none. */
  private thumbnails(documents: ReportDocument[]): Promise<Map<string, Buffer>> {
    return documentThumbnails(documents, (sha256) => this.ctx.blobs.get(sha256));
  }

  /** The header of a client's reports: its display name and logo (read once per completion). */
  async brandFor(clientId: string): Promise<ReportBrand | null> {
    const row = await findClientWithBrand(this.ctx.db, clientId);
    if (!row) return null;
    const brand = resolveBrand(row, row);
    return { displayName: brand.displayName, logoPng: row.logo ? Buffer.from(row.logo) : null };
  }

  /**
   * The case report as handed out: the stored file, or while a follow-up is open the last report
   * with a banner saying it is superseded. Rejects with BlobMissingError like blob().
   */
  async caseReport(report: { sha256: string; superseded?: boolean; reportedAt?: string | null }): Promise<Readable> {
    if (!report.superseded) return this.blob(report.sha256);
    return Readable.from([await markSuperseded(await this.ctx.blobs.get(report.sha256), report.reportedAt ?? null)]);
  }

  /** A stored report, streamed; rejects with BlobMissingError (answered 404 file_missing) when its file is gone. */
  blob(sha256: string): Promise<Readable> {
    return this.ctx.blobs.open(sha256);
  }
}
