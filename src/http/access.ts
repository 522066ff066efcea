// Access to one API client's data: each helper looks a row up for THIS client and answers the
// standard not-found error when it is not there. Another client's id gets the same 404 as an id that
// never existed (never a 403, so no one can confirm someone else's ids), and a text that is not a
// UUID cannot name anything, so it is a 404 too. Services call these; nothing else writes the guard.
import type { Db } from '../db/db.ts';
import type { CaseRow, ConversationRow, DeliveryRow, DocumentRow, VerificationRow } from '../db/schema.ts';
import type { UserRow } from '../db/users.repo.ts';
import { findCase } from '../db/cases.repo.ts';
import { findConversation } from '../db/conversations.repo.ts';
import { findDelivery } from '../db/deliveries.repo.ts';
import { findDocument } from '../db/documents.repo.ts';
import { findUserById } from '../db/users.repo.ts';
import { findVerification } from '../db/verifications.repo.ts';
import { isUuid } from '../lib/uuid.ts';
import { notFound } from './errors.ts';

/** Who is asking: an API client, or the API client a back-office user belongs to. Only the id counts. */
export interface ClientRef {
  id: string;
}

/** The case `caseId` of this client, else 404 "Case {id} was not found." */
export async function ownedCase(db: Db, clientId: string, caseId: string): Promise<CaseRow> {
  const row = isUuid(caseId) ? await findCase(db, clientId, caseId) : undefined;
  if (!row) throw notFound(`Case ${caseId}`);
  return row;
}

/** The conversation of this client, else 404 naming `what` (by default "Conversation {id}"). */
export async function ownedConversation(db: Db, clientId: string, conversationId: string, what = `Conversation ${conversationId}`): Promise<ConversationRow> {
  const row = isUuid(conversationId) ? await findConversation(db, clientId, conversationId) : undefined;
  if (!row) throw notFound(what);
  return row;
}

/** The document of this client, else 404 "Document {id} was not found." */
export async function ownedDocument(db: Db, clientId: string, documentId: string): Promise<DocumentRow> {
  const row = isUuid(documentId) ? await findDocument(db, clientId, documentId) : undefined;
  if (!row) throw notFound(`Document ${documentId}`);
  return row;
}

/** A verification of a conversation of this client: the conversation is checked first, as the path reads. */
export async function ownedVerification(db: Db, clientId: string, conversationId: string, verificationId: string): Promise<VerificationRow> {
  const conversation = await ownedConversation(db, clientId, conversationId);
  const row = isUuid(verificationId) ? await findVerification(db, conversation.id, verificationId) : undefined;
  if (!row) throw notFound(`Verification ${verificationId}`);
  return row;
}

/** A back-office user of this client, else 404 "User {id} was not found." */
export async function ownedUser(db: Db, clientId: string, userId: string): Promise<UserRow> {
  const row = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!row || row.client_id !== clientId) throw notFound(`User ${userId}`);
  return row;
}

/** A delivery (webhook or e-mail) of this client, else 404 "Delivery {id} was not found." */
export async function ownedDelivery(db: Db, clientId: string, deliveryId: string): Promise<DeliveryRow> {
  const row = isUuid(deliveryId) ? await findDelivery(db, deliveryId) : undefined;
  if (!row || row.client_id !== clientId) throw notFound(`Delivery ${deliveryId}`);
  return row;
}
