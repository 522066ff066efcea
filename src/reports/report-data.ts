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

export interface ScoreFactorView {
  factor: string;
  points: number;
  detail: string;
}

/** A case's score with the policy version it was given under. */
export interface ReportScoring {
  score: number;
  risk_level: string;
  factors: ScoreFactorView[];
  policy_version: string;
  /** In a conversation report: the points this conversation's own findings and unusable documents add to the case score. */
  conversation?: { points: number; factors: ScoreFactorView[] };
}

/** The accepted answer to one question of the dialog, with how many attempts were refused before it. */
export interface ReportAnswer {
  module: string;
  /** The question as the user saw it (its title). */
  question: string;
  /** The question asked, for follow-up questions and requested documents. */
  prompt?: string;
  status: 'answered' | 'skipped' | 'pending';
  /** The accepted answer, or the reason given for skipping; form answers as one line per answer. */
  answer: string[];
  refused_attempts: number;
}

/** An explanation the user (or the integrator) gave for a finding. */
export interface ReportExplanation {
  issue_id: string;
  finding: string;
  document: string | null;
  text: string;
  author: string;
}

/** One check Dossier runs on a case, and whether it ran: shown under "Checks performed". */
export interface ReportCheck {
  check: 'screening' | 'registers' | 'website' | 'identity' | 'reading';
  label: string;
  /** `not_run`: the check did not run (and why is in `text`); `not_needed`: nothing asked for it. */
  status: 'done' | 'not_run' | 'not_needed';
  text: string;
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
  /** The case's score when the report was made (one score per case, under one policy). */
  scoring: ReportScoring;
  documents: ReportDocument[];
  /** Findings not tied to one document (for example cross-document checks). */
  other_findings: ReportFinding[];
  conversation_log: ReportLogEntry[];
  completed_at: string | null;
  /** The user's accepted answers, step by step (empty for a conversation held only over the API). */
  answers?: ReportAnswer[];
  /** Explanations given for findings. */
  explanations?: ReportExplanation[];
  /** A decision on the case, when one has been recorded. */
  decision?: { outcome: string; by: string | null; at: string | null; reason: string | null } | null;
  /** The case's ownership structure as known when the report was generated; absent in older data. */
  ownership?: OwnershipData | null;
  /** The checks Dossier ran, or did not run, on the case; absent in older data. */
  checks?: ReportCheck[];
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
  /** A decision on the case, when one has been recorded. */
  decision?: ConversationReportData['decision'];
  ownership?: OwnershipData | null;
}
