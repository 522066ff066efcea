// SQL for document translations and the languages a client accepts documents in (website checks: website-checks.repo.ts).
import type { Db } from './db.ts';
import type { DocumentTranslationRow } from './schema.ts';
import { storedStrings } from '../lib/stored-json.ts';

export async function linkTranslation(db: Db, row: DocumentTranslationRow): Promise<void> {
  await db
    .insertInto('document_translations')
    .values(row)
    .onConflict((oc) => oc.column('translation_id').doNothing())
    .execute();
}

export function listTranslationsOfCase(db: Db, caseId: string): Promise<DocumentTranslationRow[]> {
  return db.selectFrom('document_translations').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('translation_id').execute();
}

/** Ids of the documents of a conversation that are translations of another. */
export async function translationIdsOfConversation(db: Db, conversationId: string): Promise<{ translation_id: string; original_id: string }[]> {
  return db
    .selectFrom('document_translations')
    .innerJoin('documents', 'documents.id', 'document_translations.translation_id')
    .select(['document_translations.translation_id', 'document_translations.original_id'])
    .where('documents.conversation_id', '=', conversationId)
    .execute();
}

export async function findDocumentLanguages(db: Db, clientId: string): Promise<string[] | null> {
  const row = await db.selectFrom('client_document_languages').select('languages').where('client_id', '=', clientId).executeTakeFirst();
  return row ? storedStrings(row.languages, 'client_document_languages.languages') : null;
}

/** `null` removes the client's own list (the DOCUMENT_LANGUAGES setting applies again). */
export async function saveDocumentLanguages(db: Db, clientId: string, languages: string[] | null): Promise<void> {
  if (languages === null) {
    await db.deleteFrom('client_document_languages').where('client_id', '=', clientId).execute();
    return;
  }
  const values = { client_id: clientId, languages: JSON.stringify(languages), updated_at: new Date().toISOString() };
  await db
    .insertInto('client_document_languages')
    .values(values)
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ languages: values.languages, updated_at: values.updated_at }))
    .execute();
}
