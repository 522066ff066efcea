// Documents: uploads checked by content and stored once by hash, and downloads for their owner.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { ApiClient, DocumentRow } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { appendMessage, findConversation } from '../db/conversations.repo.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { findDocument, insertDocument } from '../db/documents.repo.ts';
import { ACCEPTED_MEDIA_TYPES, cleanFileName, sniffMediaType } from '../document-engine/reading/sniff.ts';

export class DocumentsService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Checks that a conversation of this client exists and still takes documents. */
  async openConversation(client: ApiClient, conversationId: string) {
    const conversation = isUuid(conversationId) ? await findConversation(this.ctx.db, client.id, conversationId) : undefined;
    if (!conversation) throw notFound(`Conversation ${conversationId}`);
    if (conversation.state !== 'open') throw conflict(`Conversation ${conversationId} is completed; it takes no more documents or verifications.`);
    return conversation;
  }

  /** `module` files the upload under a dialog step in the conversation log. */
  async upload(client: ApiClient, conversationId: string, file: { bytes: Buffer; fileName: string | undefined }, author: 'api' | 'user' = 'api', module: string | null = null) {
    const conversation = await this.openConversation(client, conversationId);
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
      document_name: fileName,
      source: 'upload',
      source_url: null,
      rejected: 0,
      extracted_data: '{}',
      entity_id: caseRow?.main_entity_id ?? null,
      created_at: new Date().toISOString(),
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertDocument(trx, row);
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

  async forDownload(client: ApiClient, documentId: string) {
    const doc = isUuid(documentId) ? await findDocument(this.ctx.db, client.id, documentId) : undefined;
    if (!doc) throw notFound(`Document ${documentId}`);
    return { doc, stream: this.ctx.blobs.stream(doc.blob_sha256) };
  }
}

export const acceptedTypesText = ACCEPTED_MEDIA_TYPES.join(', ');
