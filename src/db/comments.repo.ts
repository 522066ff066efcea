// SQL for comments on issues.
import type { Db } from './db.ts';
import type { CommentRow } from './schema.ts';

export async function insertComments(db: Db, rows: CommentRow[]): Promise<void> {
  if (rows.length) await db.insertInto('comments').values(rows).execute();
}

export function listCommentsOfConversation(db: Db, conversationId: string): Promise<CommentRow[]> {
  return db.selectFrom('comments').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('id').execute();
}

/** The comments of several conversations, oldest first. */
export function listCommentsOfConversations(db: Db, conversationIds: string[]): Promise<CommentRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('comments').selectAll().where('conversation_id', 'in', conversationIds).orderBy('created_at').orderBy('id').execute();
}
