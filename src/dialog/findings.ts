// Which verification findings the user can act on, and how to say them in plain language. The
// findings catalogue (verifications/findings-catalogue.ts) says which codes are for the analyst
// only; the sentence for the user is the message `finding.<code>`. A code without a message of its
// own is still shown (with the engine's own text) when it is a warning or worse, so new rules reach
// users before their wording does.
import { catalogues, t, type Lang, type Params } from './i18n.ts';
import { FINDINGS } from '../verifications/findings-catalogue.ts';

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

export function isForUser(f: Pick<StoredFinding, 'code' | 'severity'>): boolean {
  if (!FINDINGS.forUser(f.code)) return false;
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
