// Row types of every table, shared by the repositories. Timestamps are ISO-8601 UTC strings;
// job timing columns are epoch milliseconds; JSON is stored as text; booleans as 0/1 integers,
// so that one code path serves SQLite and PostgreSQL.
import type { ColumnType, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DecisionTables } from './decisions.schema.ts';
import type { ScreeningTables } from './screening-schema.ts';

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
  /** The username folded (lib/usernames.ts), unique; null only for a name that clashed when migration 020 ran. */
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  client_id: string;
  username: string;
  password_hash: string;
  role: 'analyst' | 'admin';
  created_at: string;
  last_login_at: string | null;
  password_changed_at: string | null;
  /** The username folded (lib/usernames.ts), unique; null only for a name that clashed when migration 020 ran. */
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Back-office list columns (migration 006): normalised name and registration number, set on insert. */
  company_name_search: string | null;
  reg_number_search: string | null;
  /** The case scoring, set when the case result becomes ready. */
  risk_level: 'low' | 'medium' | 'high' | null;
  score: number | null;
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
  /** Set when the sender removed the file in the dialog: no longer one of the conversation's documents (migration 011). */
  withdrawn_at: string | null;
  /** Megapixels reading the document decoded (pages × pixels), set by its verification (migration 021); null before. */
  read_megapixels: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The verification that raised it; `completion-<conversation id>` for findings of source 'completion'. */
  verification_id: string;
  document_id: string | null;
  issue_id: string;
  code: string;
  severity: 'info' | 'warning' | 'critical';
  text: string;
  position: number;
  created_at: string;
  /** 'verification' (one document's checks) or 'completion' (cross-document rules when the conversation completes). */
  source: 'verification' | 'completion' | 'screening';
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

/** case.decided: opt-in per client, not in the contract's list of events (migration 016). */
export type EventType = 'chat_finished' | 'follow_up_created' | 'case.decided';
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
  /** When the job first failed (epoch ms), null until it does; its retries are bounded from here. */
  first_failed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whose work the job is (an API client), or null: a key with a job running yields to keys with none (migration 021). */
  fair_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DeliveryChannel = 'webhook' | 'email';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';
export interface DeliveriesTable {
  id: string;
  channel: DeliveryChannel;
  /** The outbox event a webhook delivery carries (null for e-mail). */
  event_id: string | null;
  client_id: string;
  case_id: string;
  conversation_id: string;
  /** E-mail: the one recipient address; webhook: the client's webhook URL when the event happened (null: it had none). */
  recipient: string | null;
  /** E-mail: 'invitation' or 'follow_up'. */
  template: string | null;
  status: DeliveryStatus;
  attempts: number;
  /** Attempts since the current retry round started (creation or the last re-send). */
  round_attempts: number;
  round_started_at: number;
  next_attempt_at: number | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  target: string | null;
  job_id: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  latency_ms: number;
  outcome: 'delivered' | 'retry' | 'failed' | 'skipped';
  status_code: number | null;
  target: string | null;
  error: string | null;
  response_excerpt: string | null;
}

export interface DialogStepsTable {
  conversation_id: string;
  /** `<module position>:<module>`, stable for the conversation's module list. */
  step_key: string;
  position: number;
  module: string;
  status: 'pending' | 'done' | 'skipped';
  /** The accepted answer (text, URL) or the reason given for skipping; null for upload steps. */
  answer: string | null;
  /** Rejected attempts, JSON array of {text, reason, at}. */
  attempts: string;
  flagged: number;
  flag_reason: string | null;
  /** Bumped on every change, so two tabs cannot both move a step on. */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface DialogFilesTable {
  document_id: string;
  conversation_id: string;
  step_key: string;
  verification_id: string | null;
  file_name: string;
  /** 1 once the findings were written to the conversation log. */
  announced: number;
  created_at: string;
}

/** How an API client is named and shown to the people it asks (migration 008). */
export interface ClientBrandsTable {
  client_id: string;
  display_name: string | null;
  /** #rrggbb, dark enough for white text on it. */
  primary_colour: string | null;
  support_email: string | null;
  support_phone: string | null;
  support_url: string | null;
  privacy_url: string | null;
  /** A PNG re-encoded from the upload. */
  logo: Buffer | null;
  logo_type: string | null;
  logo_sha256: string | null;
  updated_at: string;
}

/** A document that is a translation of another (migration 010). */
export interface DocumentTranslationsTable {
  translation_id: string;
  original_id: string;
  case_id: string;
  created_at: string;
}

/** What was found on the website a user gave in the dialog (migration 010). */
export interface WebsiteChecksTable {
  id: string;
  conversation_id: string;
  case_id: string;
  /** The address as the user gave it (normalised). */
  url: string;
  status: 'pending' | 'done';
  /** The check's outcome, JSON; null while pending. */
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** Languages (ISO 639-1, JSON array) an API client accepts documents in without a translation. */
export interface ClientDocumentLanguagesTable {
  client_id: string;
  languages: string;
  updated_at: string;
}

export interface DialogClientSettingsTable {
  client_id: string;
  /** Origins allowed to embed this client's dialogs, JSON array. */
  origins: string;
  updated_at: string;
}

/** A company or person of the local register (imported PSC snapshots and BODS files). */
export interface RegisterEntitiesTable {
  id: string;
  source: 'psc' | 'bods';
  entity_type: 'company' | 'person';
  name: string;
  /** Normalised name for look-ups by name. */
  name_key: string;
  country_code: string;
  reg_number: string | null;
  /** Register facts (address, birth month, nationality, identifiers…), JSON. */
  details: string;
  updated_at: string;
}

/** An interest of a party in a subject company of the local register. */
export interface RegisterRelationshipsTable {
  id: string;
  source: 'psc' | 'bods';
  subject_id: string;
  /** The party's entity; null for a statement, or when the party is written inline (`party`). */
  party_id: string | null;
  /** A party that exists only in this relationship (a PSC individual), as JSON {entity_type, name, details}. */
  party: string | null;
  unspecified_reason: string | null;
  /** {fraction} or {range} of shares held, JSON; null when the interest carries no shares. */
  ownership: string | null;
  /** The register's natures of control or interest types, JSON array. */
  natures: string;
  /** direct | indirect | unknown | statement */
  kind: string;
  start_date: string | null;
  end_date: string | null;
  updated_at: string;
}

/** Answers of register APIs, kept to spare the register's rate limit. */
export interface RegisterCacheTable {
  key: string;
  status: number;
  body: string;
  fetched_at: number;
}

/** Where a legal entity of a case came from: case data, a register answer, a document. */
export interface EntitySourcesTable {
  id: string;
  case_id: string;
  entity_id: string;
  source: string;
  source_ref: string;
  source_url: string | null;
  created_at: string;
}

/** A back-office session; the cookie holds the token, the table only its SHA-256. Times in epoch ms. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  client_id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

/** One back-office sign-in attempt (username lower-cased, whether or not it exists). */
export interface LoginAttemptsTable {
  id: string;
  username: string;
  ip: string;
  succeeded: number;
  created_at: number;
}

/** The risk score of a case with every factor's contribution and the policy version that gave it. */
export interface CaseScoresTable {
  case_id: string;
  policy_version: string;
  score: number;
  risk_level: string;
  /** [{factor, points, detail}], JSON. */
  factors: string;
  scored_at: string;
}

/** One version of an API client's questionnaire (migration 009); versions are never changed. */
export interface QuestionnairesTable {
  client_id: string;
  version: number;
  /** The validated definition, JSON. */
  definition: string;
  /** Who uploaded it: a back-office username or "cli". */
  created_by: string;
  created_at: string;
}

/** A blob folder processes sharing this database write to (migration 012; STORAGE=fs). */
export interface StorageMarkersTable {
  /** Name of the marker file in that folder. */
  name: string;
  created_at: string;
}

/** A request counter shared by every process (migration 013): one fixed window per key. */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch ms at which the window ends. */
  reset_at: number;
}

/** The searchable names of a case's parties (migration 017): one row per case, names separated by " | ". */
export interface CasePartiesTable {
  case_id: string;
  client_id: string;
  created_at: string;
  names: string;
}

/** The one row /readyz writes (migration 020): proof that a write gets through quickly. */
export interface HealthProbeTable {
  id: string;
  /** Epoch ms of the last probe. */
  at: number;
}

export interface Database extends DecisionTables, ScreeningTables {
  health_probe: HealthProbeTable;
  rate_limits: RateLimitsTable;
  case_parties: CasePartiesTable;
  questionnaires: QuestionnairesTable;
  storage_markers: StorageMarkersTable;
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
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  dialog_steps: DialogStepsTable;
  dialog_files: DialogFilesTable;
  dialog_client_settings: DialogClientSettingsTable;
  document_translations: DocumentTranslationsTable;
  website_checks: WebsiteChecksTable;
  client_document_languages: ClientDocumentLanguagesTable;
  client_brands: ClientBrandsTable;
  register_entities: RegisterEntitiesTable;
  register_relationships: RegisterRelationshipsTable;
  register_cache: RegisterCacheTable;
  entity_sources: EntitySourcesTable;
  case_scores: CaseScoresTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
}

export type ApiClient = Selectable<ApiClientsTable>;
export type ClientBrandRow = Selectable<ClientBrandsTable>;
export type CaseRow = Selectable<CasesTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentTranslationRow = Selectable<DocumentTranslationsTable>;
export type WebsiteCheckRow = Selectable<WebsiteChecksTable>;
export type VerificationRow = Selectable<VerificationsTable>;
export type FindingRow = Selectable<FindingsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type MessageRow = Selectable<ConversationMessagesTable>;
export type EntityRow = Selectable<EntitiesTable>;
export type EventRow = Selectable<EventsTable>;
export type JobRow = Selectable<JobsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptsTable>;
export type NewJob = Insertable<JobsTable>;
export type CaseUpdate = Updateable<CasesTable>;

/** A connection (or transaction) typed by the tables. */
export type Db = Kysely<Database>;
