// What a verification answers, from the engine's findings: the translation rule (a document in a
// language the client does not accept asks for an English translation), the sentence prefix that
// names the file on reading's findings, and issue ids that stay the same when a verification runs
// again. Pure: findings in, check results out.
import crypto from 'node:crypto';
import type { Finding } from './document-model.ts';
import { engineFindings, RULES } from './rules/catalogue.ts';
import type { FindingDeclaration } from '../findings/catalogue.ts';

/** `<rule code>-<8 hex>`, derived from the verification and position so re-runs keep the ids. */
export function issueIdFor(verificationId: string, position: number, code: string): string {
  const h = crypto.createHash('sha256').update(`${verificationId}:${position}`).digest('hex').slice(0, 8);
  return `${code}-${h}`;
}

/** The id of a stored finding row: the verification (or completion) and the position. */
export function findingRowId(verificationId: string, position: number): string {
  return crypto.createHash('sha256').update(`${verificationId}:${position}:row`).digest('hex').slice(0, 32);
}

/** The finding of a document in a language the client does not accept: the dialog asks for an English translation. */
export const TRANSLATION_NEEDED = 'document_translation_needed';

/** The translation request in the findings catalogue. */
const TRANSLATION_RULE: FindingDeclaration = {
  code: TRANSLATION_NEEDED,
  severity: 'info',
  when: 'the document is in a language the client does not accept documents in (`DOCUMENT_LANGUAGES` or its own list): the dialog asks for an English translation',
};

/** Every code the document engine raises, as entries of the findings catalogue. */
export const ENGINE_FINDINGS = engineFindings([TRANSLATION_RULE]);

/**
 * A document read in a language the client does not accept documents in (DOCUMENT_LANGUAGES or the
 * client's own list) asks for an English translation; the dialog shows it, and a file uploaded next
 * in the same step is taken as that translation. Nothing when the language could not be told. An
 * information, not a warning: a document in another language is no sign of risk.
 */
export function translationNeeded(language: string | null, accepted: string[], fileName: string): Finding[] {
  if (!language || accepted.includes(language)) return [];
  const name = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  return [
    {
      code: TRANSLATION_NEEDED,
      severity: 'info',
      text: `${fileName} is in ${name(language)}, not in ${accepted.map(name).join(' or ')}; please also upload an English translation of it (in the dialog: in the same step).`,
    },
  ];
}

/** Codes of findings the reading layer raises about the file itself. */
const READING_PROBLEMS = new Set(RULES.filter((r) => r.scope === 'file').map((r) => r.code));

export interface CheckResult extends Finding {
  issue_id: string;
  position: number;
}

/** The findings of one verification as numbered check results; reading's sentences about the file never name it, so they are prefixed with its name. */
export function checkResults(verificationId: string, fileName: string, findings: Finding[]): CheckResult[] {
  return findings.map((f, position) => ({
    issue_id: issueIdFor(verificationId, position, f.code),
    position,
    code: f.code,
    severity: f.severity,
    text: READING_PROBLEMS.has(f.code) ? `${fileName}: ${f.text}` : f.text,
  }));
}
