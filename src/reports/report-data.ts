// What a report shows: everything is gathered from the case file when the conversation completes
// (src/completion/conversation-report.ts), then rendered once as HTML (web report) and PDF and
// stored unchanged.
import type { OwnershipData } from './ownership.ts';

export type { OwnershipData };

export type Severity = 'info' | 'warning' | 'critical';

export interface ReportFinding {
  issue_id: string;
  code: string;
  severity: Severity;
  text: string;
  /** Comments given on this issue (API, dialog or back office), oldest first. */
  comments: { comment_text: string; author: string; created_at: string }[];
}

export interface ReportDocument {
  document_id: string;
  file_name: string;
  document_type: string | null;
  document_name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  source: 'upload' | 'register';
  source_url: string | null;
  rejected: boolean;
  uploaded_at: string;
  extracted_data: Record<string, unknown>;
  findings: ReportFinding[];
}

export interface ReportLogEntry {
  at: string;
  author: string;
  module: string | null;
  text: string;
  attachments: { document_id: string; file_name: string }[];
}

export interface ConversationReportData {
  generated_at: string;
  case_id: string;
  conversation_id: string;
  communication_id: string | null;
  case_kind: string;
  conversation_kind: string;
  company_full_name: string;
  company_country_code: string;
  /** The `case` object as submitted at creation (without modules). */
  case_data: Record<string, unknown>;
  modules: { module: string; [extra: string]: unknown }[];
  scoring: { score: number; risk_level: string; factors: { factor: string; points: number; detail: string }[] };
  documents: ReportDocument[];
  /** Findings not tied to one document (for example cross-document checks). */
  other_findings: ReportFinding[];
  conversation_log: ReportLogEntry[];
  completed_at: string | null;
  /** The case's ownership structure as known when the report was generated; absent in older data. */
  ownership?: OwnershipData | null;
}

/** Who the report is made for, shown in its header: the API client's display name and logo. */
export interface ReportBrand {
  /** null: the report's header says only what it is. */
  displayName: string | null;
  /** A PNG (re-encoded when it was set). */
  logoPng: Buffer | null;
}

export interface CaseReportData {
  generated_at: string;
  case_id: string;
  company_full_name: string;
  scoring: ConversationReportData['scoring'];
  conversations: ConversationReportData[];
  ownership?: OwnershipData | null;
}
