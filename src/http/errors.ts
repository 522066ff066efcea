// The typed error catalogue: every error a client can meet has a stable code, an HTTP status and a
// sentence that says what to fix. One handler (http/error-handler.ts) formats them all.

export interface ErrorDetail {
  path: string;
  message: string;
}

export const errorCatalogue = {
  invalid_request: 400,
  invalid_json: 400,
  unknown_document: 400,
  unknown_issue: 400,
  empty_file: 400,
  unauthorized: 401,
  not_found: 404,
  file_missing: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  not_ready: 503,
  database_busy: 503,
  storage_full: 503,
  storage_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[];
  /** Sent as Retry-After (seconds) when set. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.statusCode = errorCatalogue[code];
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const invalid = (message: string, details: ErrorDetail[] = []) => new AppError('invalid_request', message, details);
export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
export const conflict = (message: string) => new AppError('conflict', message);

/** Seconds from now until `epochMs`, at least 1: a Retry-After value. */
export function secondsUntil(epochMs: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((epochMs - now) / 1000));
}
