// Row types of every table, shared by the repositories. Timestamps are ISO-8601 UTC strings;
// job timing columns are epoch milliseconds; JSON is stored as text; booleans as 0/1 integers,
// so that one code path serves SQLite and PostgreSQL.
import type { Insertable, Selectable, Updateable } from 'kysely';

export interface ApiClientsTable {
  id: string;
  username: string;
  password_hash: string;
  name: string;
  webhook_url: string | null;
  webhook_username: string | null;
  webhook_password: string | null;
  webhook_secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  client_id: string;
  username: string;
  password_hash: string;
  role: 'analyst' | 'admin';
  created_at: string;
}

export type CaseState = 'open' | 'processing' | 'ready';
export interface CasesTable {
  id: string;
  client_id: string;
  case_kind: 'onboarding' | 'monitoring';
  communication_id: string | null;
  company_full_name: string;
  company_country_code: string;
  /** The `case` object as accepted (modules removed), JSON. */
  case_data: string;
  /** {name, email} or null, JSON. */
  case_manager: string | null;
  /** Array of e-mail addresses, JSON. */
  invitation_email_recipients: string;
  state: CaseState;
  main_entity_id: string;
  /** The full case result, JSON, stored when the case becomes ready. */
  result_json: string | null;
  risk_report_blob: string | null;
  created_at: string;
  updated_at: string;
}

export type ConversationState = 'open' | 'completed' | 'ready';
export interface ConversationsTable {
  id: string;
  case_id: string;
  client_id: string;
  conversation_kind: 'onboarding' | 'monitoring' | 'onboarding_follow_up' | 'monitoring_follow_up';
  /** Array of module objects, JSON. */
  modules: string;
  state: ConversationState;
  completed_at: string | null;
  /** The conversation result entry, JSON, stored when the reports are generated. */
  result_json: string | null;
  web_report_blob: string | null;
  pdf_report_blob: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentsTable {
  id: string;
  conversation_id: string;
  case_id: string;
  client_id: string;
  blob_sha256: string;
  size_bytes: number;
  media_type: string;
  file_name: string;
  /** Set by the latest verification, else null. */
  document_type: string | null;
  document_name: string;
  source: 'upload' | 'register';
  source_url: string | null;
  rejected: number;
  /** Facts read from the document, JSON object. */
  extracted_data: string;
  entity_id: string | null;
  created_at: string;
}

export interface VerificationsTable {
  id: string;
  conversation_id: string;
  client_id: string;
  document_id: string;
  document_type: string;
  company_full_name: string;
  status: 'not_ready' | 'ready';
  created_at: string;
  completed_at: string | null;
}

export interface FindingsTable {
  id: string;
  conversation_id: string;
  verification_id: string;
  document_id: string | null;
  issue_id: string;
  code: string;
  severity: 'info' | 'warning' | 'critical';
  text: string;
  position: number;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  conversation_id: string;
  issue_id: string;
  comment_text: string;
  author: string;
  created_at: string;
}

export interface ConversationMessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  author: 'dossier' | 'user' | 'api' | 'analyst';
  module: string | null;
  text: string;
  /** Array of {document_id, file_name}, JSON. */
  attachments: string;
  created_at: string;
}

export interface EntitiesTable {
  id: string;
  case_id: string;
  entity_type: 'company' | 'person';
  /** How the entity came into the case: main_company, account_owner, counterparty or related. */
  role: 'main_company' | 'account_owner' | 'counterparty' | 'related';
  /** The entity_details object of the spec, JSON. */
  details: string;
  created_at: string;
  updated_at: string;
}

export type EventType = 'chat_finished' | 'follow_up_created';
export interface EventsTable {
  id: string;
  client_id: string;
  case_id: string;
  conversation_id: string;
  event_type: EventType;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  created_at: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  api_clients: ApiClientsTable;
  users: UsersTable;
  cases: CasesTable;
  conversations: ConversationsTable;
  documents: DocumentsTable;
  verifications: VerificationsTable;
  findings: FindingsTable;
  comments: CommentsTable;
  conversation_messages: ConversationMessagesTable;
  entities: EntitiesTable;
  events: EventsTable;
  jobs: JobsTable;
}

export type ApiClient = Selectable<ApiClientsTable>;
export type CaseRow = Selectable<CasesTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type VerificationRow = Selectable<VerificationsTable>;
export type FindingRow = Selectable<FindingsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type MessageRow = Selectable<ConversationMessagesTable>;
export type EntityRow = Selectable<EntitiesTable>;
export type EventRow = Selectable<EventsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type CaseUpdate = Updateable<CasesTable>;
