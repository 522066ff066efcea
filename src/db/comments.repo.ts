// SQL for comments on issues.
import type { Db } from './db.ts';
import type { CommentRow } from './schema.ts';

export async function insertComments(db: Db, rows: CommentRow[]): Promise<void> {
  if (rows.length) await db.insertInto('comments').values(rows).execute();
}

export function listCommentsOfConversation(db: Db, conversationId: string): Promise<CommentRow[]> {
  return db.selectFrom('comments').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('id').execute();
}
