// The findings the verifications feature raises itself (beside the document engine's catalogue,
// document-engine/rules/catalogue.ts), with their code, severity and sentences. Other features
// refer to these codes through the constants here, never by a string of their own.
import type { Severity } from '../document-engine/document-model.ts';

export interface FindingSpec {
  code: string;
  severity: Severity;
  /** Which feature raises it. */
  owner: 'verifications' | 'screening' | 'website';
  /** For the analyst: when it is raised. */
  analyst: string;
}

/** A document in a language the client does not accept: the dialog asks for an English translation. */
export const TRANSLATION_NEEDED = 'document_translation_needed';

export const VERIFICATION_FINDINGS: FindingSpec[] = [
  {
    code: TRANSLATION_NEEDED,
    severity: 'info',
    owner: 'verifications',
    analyst: 'the document is in a language the client does not accept documents in (DOCUMENT_LANGUAGES or its own list); the dialog asks for an English translation',
  },
];
