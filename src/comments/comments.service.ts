// Comments on issues found by verifications; accepted until the conversation's report exists,
// and shown beside their issue in both reports.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { CommentRow } from '../db/schema.ts';
import { AppError, conflict } from '../http/errors.ts';
import { ownedConversation, type ClientRef } from '../http/access.ts';
import { appendMessage } from '../db/conversations.repo.ts';
import { findExistingIssueIds } from '../db/verifications.repo.ts';
import { insertComments } from '../db/comments.repo.ts';
import { checkDeclaredAnswers, isDeclaredAnswer } from './declared-answers.ts';

export interface CommentInput {
  issue_id: string;
  comment_text: string;
}

export class CommentsService {
  constructor(private readonly ctx: ServiceContext) {}

  async add(client: ClientRef, conversationId: string, comments: CommentInput[], author = 'api', module: string | null = null) {
    const conversation = await ownedConversation(this.ctx.db, client.id, conversationId);
    if (conversation.state === 'ready') throw conflict(`The report of conversation ${conversationId} is already generated; comments can no longer be added.`);
    const indexed = comments.map((c, i) => ({ c, i }));
    // Declarations and questionnaire answers given without the dialog (declared-answers.ts).
    await checkDeclaredAnswers(
      this.ctx.db,
      conversation,
      indexed.filter(({ c }) => isDeclaredAnswer(c.issue_id)),
    );
    const known = await findExistingIssueIds(this.ctx.db, conversation.id, [...new Set(comments.map((c) => c.issue_id))]);
    const unknown = indexed.filter(({ c }) => !isDeclaredAnswer(c.issue_id) && !known.has(c.issue_id));
    if (unknown.length) {
      throw new AppError(
        'unknown_issue',
        `issue_id "${unknown[0]!.c.issue_id}" was not produced by any verification of conversation ${conversationId}.`,
        unknown.map(({ c, i }) => ({ path: `/${i}/issue_id`, message: `unknown issue_id "${c.issue_id}"` })),
      );
    }
    // Distinct, increasing instants keep the order of comments within a request and across
    // requests of this process: a request within a few milliseconds of the last one starts after it.
    const base = Math.max(Date.now(), lastCommentInstant + 1);
    lastCommentInstant = base + comments.length - 1;
    const rows: CommentRow[] = comments.map((c, i) => ({
      id: newId(),
      conversation_id: conversation.id,
      issue_id: c.issue_id,
      comment_text: c.comment_text,
      author,
      created_at: new Date(base + i).toISOString(),
    }));
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertComments(trx, rows);
      for (const r of rows) await appendMessage(trx, conversation.id, { author: logAuthorOf(author), module, text: `Comment on ${r.issue_id}: ${r.comment_text}` });
    });
    return { result: 'comments_saved' as const, count: rows.length };
  }
}

/** The instant given to the last comment this process stored (see the comments' created_at). */
let lastCommentInstant = 0;

/** Who a comment's author is in the conversation log: the API, the client's user, or an analyst. */
function logAuthorOf(author: string): 'api' | 'user' | 'analyst' {
  if (author === 'api' || author === 'user') return author;
  return 'analyst';
}
