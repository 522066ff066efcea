// Renders the web and PDF reports of a conversation and the case report once, from the report data
// the completion builds, and stores them as blobs; serves them back to the right people.
import type { ServiceContext } from '../context.ts';
import type { CaseReportData, ConversationReportData } from './report-data.ts';
import { renderWebReport } from './web-report.ts';
import { renderCaseReport, renderPdfReport } from './pdf-report.ts';

export class ReportsService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Renders and stores both reports of a conversation; returns their blob addresses. */
  async renderConversation(report: ConversationReportData): Promise<{ web: string; pdf: string }> {
    const [web, pdf] = await Promise.all([this.ctx.blobs.put(Buffer.from(renderWebReport(report), 'utf8')), renderPdfReport(report).then((b) => this.ctx.blobs.put(b))]);
    return { web: web.sha256, pdf: pdf.sha256 };
  }

  async renderCase(data: CaseReportData): Promise<string> {
    return (await this.ctx.blobs.put(await renderCaseReport(data))).sha256;
  }

  blob(sha256: string) {
    return this.ctx.blobs.stream(sha256);
  }
}
