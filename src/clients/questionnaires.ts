// Storing and reading API clients' questionnaires: an upload is checked and kept as the next
// version; a conversation answers the version in force when it was created, or the default when
// the client had none. A plain module shared by the dialog, comments, completion, the back office
// and the command line.
import type { Db } from '../db/db.ts';
import { findLatestQuestionnaire, findQuestionnaireAt, insertQuestionnaire, listQuestionnaireVersions } from '../db/questionnaires.repo.ts';
import { AppError, conflict } from '../http/errors.ts';
import { DEFAULT_QUESTIONNAIRE, isQuestionnaireDefinition, validateDefinition, type QuestionnaireDefinition } from './questionnaire.ts';
import { storedAs } from '../lib/stored-json.ts';

export const MAX_DEFINITION_BYTES = 256 * 1024;

export interface StoredQuestionnaire {
  definition: QuestionnaireDefinition;
  /** False for the default, used while the client has set none. */
  custom: boolean;
  created_by: string | null;
  created_at: string | null;
}

const defaultOne = (): StoredQuestionnaire => ({ definition: DEFAULT_QUESTIONNAIRE, custom: false, created_by: null, created_at: null });

/** A stored version's definition (checked in full when it was saved). */
function definitionOf(row: { definition: string }): QuestionnaireDefinition {
  return storedAs(row.definition, 'client_questionnaires.definition', isQuestionnaireDefinition);
}

export async function latestQuestionnaire(db: Db, clientId: string): Promise<StoredQuestionnaire> {
  const row = await findLatestQuestionnaire(db, clientId);
  return row ? { definition: definitionOf(row), custom: true, created_by: row.created_by, created_at: row.created_at } : defaultOne();
}

/** The questionnaire a conversation created at `createdAt` answers. */
export async function questionnaireInForce(db: Db, clientId: string, createdAt: string): Promise<QuestionnaireDefinition> {
  const row = await findQuestionnaireAt(db, clientId, createdAt);
  return row ? definitionOf(row) : DEFAULT_QUESTIONNAIRE;
}

export function questionnaireVersions(db: Db, clientId: string) {
  return listQuestionnaireVersions(db, clientId);
}

/**
 * Checks a definition given as JSON text and stores it as the client's next version. Refused with
 * `invalid_request` and one detail per problem (a JSON pointer and what to fix).
 */
export async function saveQuestionnaire(db: Db, clientId: string, text: string, by: string): Promise<QuestionnaireDefinition> {
  if (Buffer.byteLength(text) > MAX_DEFINITION_BYTES) throw new AppError('invalid_request', `The questionnaire is larger than ${MAX_DEFINITION_BYTES / 1024} KiB.`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new AppError('invalid_json', `The questionnaire is not valid JSON: ${(err as Error).message}`);
  }
  const latest = await findLatestQuestionnaire(db, clientId);
  const next = (latest?.version ?? 0) + 1;
  const checked = validateDefinition(raw, next);
  if (!checked.ok) {
    const first = checked.problems[0]!;
    throw new AppError(
      'invalid_request',
      `The questionnaire is not valid: ${first.path || '(top)'} ${first.message}${checked.problems.length > 1 ? ` (and ${checked.problems.length - 1} more)` : ''}.`,
      checked.problems,
    );
  }
  try {
    await insertQuestionnaire(db, { client_id: clientId, version: next, definition: JSON.stringify(checked.definition), created_by: by, created_at: new Date().toISOString() });
  } catch (err) {
    if ((await findLatestQuestionnaire(db, clientId))?.version === next) throw conflict('Another version of the questionnaire was saved at the same time; try again.');
    throw err;
  }
  return checked.definition;
}
