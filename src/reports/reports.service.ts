// Renders the web and PDF reports of a conversation and the case report once, from the report data
// the completion builds, and stores them as blobs; serves them back to the right people.
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';
import type { CaseReportData, ConversationReportData, ReportBrand } from './report-data.ts';
import { findClientWithBrand } from '../db/clients.repo.ts';
import { resolveBrand } from '../clients/brand.ts';
import { renderWebReport } from './web-report.ts';
import { renderCaseReport, renderPdfReport } from './pdf-report.ts';

export class ReportsService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Renders and stores both reports of a conversation; returns their blob addresses. */
  async renderConversation(report: ConversationReportData, brand?: ReportBrand | null): Promise<{ web: string; pdf: string }> {
    const [web, pdf] = await Promise.all([this.ctx.blobs.put(Buffer.from(renderWebReport(report, brand), 'utf8')), renderPdfReport(report, brand).then((b) => this.ctx.blobs.put(b))]);
    return { web: web.sha256, pdf: pdf.sha256 };
  }

  async renderCase(data: CaseReportData, brand?: ReportBrand | null): Promise<string> {
    return (await this.ctx.blobs.put(await renderCaseReport(data, brand))).sha256;
  }

  /** The header of a client's reports: its display name and logo (read once per completion). */
  async brandFor(clientId: string): Promise<ReportBrand | null> {
    const row = await findClientWithBrand(this.ctx.db, clientId);
    if (!row) return null;
    const brand = resolveBrand(row, row);
    return { displayName: brand.displayName, logoPng: row.logo ? Buffer.from(row.logo) : null };
  }

  /** A stored report, streamed; rejects with BlobMissingError (answered 404 file_missing) when its file is gone. */
  blob(sha256: string): Promise<Readable> {
    return this.ctx.blobs.open(sha256);
  }
}
