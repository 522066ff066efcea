// Documents: uploads checked by content and stored once by hash, and downloads for their owner.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { Readable } from 'node:stream';
import type { ApiClient, DocumentRow } from '../db/schema.ts';
import { AppError, conflict } from '../http/errors.ts';
import { ownedConversation, ownedDocument, type ClientRef } from '../http/access.ts';
import { appendMessage } from '../db/conversations.repo.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { findDocumentById, insertDocument } from '../db/documents.repo.ts';
import { linkTranslation, translationIdsOfConversation } from '../db/translations.repo.ts';
import { isUuid } from '../lib/uuid.ts';
import { ACCEPTED_MEDIA_TYPES, cleanFileName, sniffMediaType } from '../document-engine/index.ts';

export class DocumentsService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Checks that a conversation of this client exists and still takes documents. */
  async openConversation(client: ClientRef, conversationId: string) {
    const conversation = await ownedConversation(this.ctx.db, client.id, conversationId);
    if (conversation.state !== 'open') throw conflict(`Conversation ${conversationId} is completed; it takes no more documents or verifications.`);
    return conversation;
  }

  /** `module` files the upload under a dialog step in the conversation log; `documentName` is the name the client asked for it by (other_document), else the file name. */
  /** `translationOf`: the id of a document of the same conversation this file is a translation of. */
  async upload(
    client: ApiClient,
    conversationId: string,
    file: { bytes: Buffer; fileName: string | undefined },
    author: 'api' | 'user' = 'api',
    module: string | null = null,
    documentName?: string,
    translationOf?: string,
  ) {
    const conversation = await this.openConversation(client, conversationId);
    const original = translationOf === undefined ? undefined : await this.translatable(conversation.id, translationOf);
    if (file.bytes.length === 0) throw new AppError('empty_file', 'The file is empty; send the document itself in the part named "file".');
    const { accepted, detected } = await sniffMediaType(file.bytes);
    if (!accepted) {
      throw new AppError(
        'unsupported_media_type',
        `The file's content is ${detected ? `"${detected}"` : 'not a recognised type'}; accepted types are PDF, PNG, JPEG, TIFF and WEBP (checked by content, not by name).`,
      );
    }
    const blob = await this.ctx.blobs.put(file.bytes);
    const caseRow = await findCaseById(this.ctx.db, conversation.case_id);
    const fileName = cleanFileName(file.fileName);
    const row: DocumentRow = {
      id: newId(),
      conversation_id: conversation.id,
      case_id: conversation.case_id,
      client_id: client.id,
      blob_sha256: blob.sha256,
      size_bytes: blob.size,
      media_type: accepted,
      file_name: fileName,
      document_type: null,
      document_name: documentName?.trim() || (original ? `Translation of ${original.document_name}` : fileName),
      source: 'upload',
      source_url: null,
      rejected: 0,
      extracted_data: '{}',
      entity_id: caseRow?.main_entity_id ?? null,
      created_at: new Date().toISOString(),
      withdrawn_at: null,
      read_megapixels: null,
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertDocument(trx, row);
      if (original) await linkTranslation(trx, { translation_id: row.id, original_id: original.id, case_id: row.case_id, created_at: row.created_at });
      await appendMessage(trx, conversation.id, {
        author,
        module,
        text: `Uploaded ${fileName} (${accepted}, ${blob.size} bytes).`,
        attachments: [{ document_id: row.id, file_name: fileName }],
      });
    });
    this.ctx.log.info({ documentId: row.id, conversationId, bytes: blob.size, mediaType: accepted }, 'document uploaded');
    return { document_id: row.id };
  }

  /** The document a translation is uploaded for: one of the same conversation, not itself a translation. */
  private async translatable(conversationId: string, originalId: string) {
    const original = isUuid(originalId) ? await findDocumentById(this.ctx.db, originalId) : undefined;
    if (!original || original.conversation_id !== conversationId) {
      throw new AppError('unknown_document', `translation_of ${originalId} is not a document of conversation ${conversationId}; upload the original first.`, [
        { path: '/translation_of', message: 'no such document in this conversation' },
      ]);
    }
    if ((await translationIdsOfConversation(this.ctx.db, conversationId)).some((t) => t.translation_id === original.id)) {
      throw new AppError('unknown_document', `Document ${originalId} is itself a translation; give the id of the original document.`, [
        { path: '/translation_of', message: 'a translation, not an original' },
      ]);
    }
    return original;
  }

  /** A document of this client, else 404. */
  ofClient(client: ClientRef, documentId: string) {
    return ownedDocument(this.ctx.db, client.id, documentId);
  }

  /** The stored file of a document already looked up for its client. */
  open(doc: { blob_sha256: string }): Promise<Readable> {
    return this.ctx.blobs.open(doc.blob_sha256);
  }

  async forDownload(client: ClientRef, documentId: string) {
    const doc = await this.ofClient(client, documentId);
    return { doc, stream: await this.ctx.blobs.open(doc.blob_sha256) };
  }
}

export const acceptedTypesText = ACCEPTED_MEDIA_TYPES.join(', ');
