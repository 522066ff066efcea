// Which verification findings the user can act on, and how to say them in plain language. Findings
// are matched by code; a code this catalogue does not know is still shown (with the engine's own
// text) when it is a warning or worse, so new rules reach users before their wording does.
import { catalogues, t, type Lang, type Params } from './i18n.ts';

export interface StoredFinding {
  issue_id: string;
  code: string;
  severity: 'info' | 'warning' | 'critical';
  text: string;
}

export interface UserFinding {
  issue_id: string;
  code: string;
  severity: string;
  message: string;
}

/**
 * For the analyst only: how a file was read, close matches that change nothing the user could do,
 * and fraud signals (editing traces, a file reused for another company), which a user must not
 * learn to avoid.
 */
const NOT_FOR_USER = new Set([
  'text_not_read',
  'page_limit_reached',
  'file_encrypted_no_password',
  'company_name_without_legal_form',
  'company_name_close',
  'name_close_match',
  'registration_number_absent',
  'document_edited',
  'document_possibly_edited',
  'edit_signals',
  'file_submitted_for_other_company',
]);

export function isForUser(f: Pick<StoredFinding, 'code' | 'severity'>): boolean {
  if (NOT_FOR_USER.has(f.code)) return false;
  return f.severity !== 'info' || catalogues.en[`finding.${f.code}`] !== undefined;
}

/** The findings of one file the user should see, in their language. */
export function presentFindings(lang: Lang, findings: StoredFinding[], ctx: { file: string; name: string; params?: Params }): UserFinding[] {
  return findings.filter(isForUser).map((f) => {
    const key = `finding.${f.code}`;
    const known = catalogues.en[key] !== undefined;
    return {
      issue_id: f.issue_id,
      code: f.code,
      severity: f.severity,
      message: known ? t(lang, key, { ...ctx.params, file: ctx.file, name: ctx.name }) : t(lang, 'finding.unknown', { file: ctx.file, text: f.text }),
    };
  });
}
