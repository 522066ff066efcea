// The document types Dossier tells apart and how the `verification_task.document_type` a client asks
// for (open-ended, lower snake case) maps onto them: read from the registry of types/index.ts.
export { acceptedTypes, DOC_TYPE_LABELS, DOC_TYPES, requestedClientRole, requestedDocType, type DocType } from './types/index.ts';
