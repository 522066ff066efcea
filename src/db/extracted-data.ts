// The JSON the `documents.extracted_data` column holds, decoded once here: what the document
// engine read from a document (how it was read, its type, `fields` by type) or what a register
// filing says. Typed fields by document type come from the engine's decodeFields, which checks
// them against the type's schema.

/** A JSON object: what extracted_data always is. */
export type ExtractedData = Record<string, unknown>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A document's extracted_data as an object; {} for a row without any (or not an object). */
export function decodeExtractedData(text: string | null | undefined): ExtractedData {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  return isObject(value) ? value : {};
}

/** The type and fields the engine stored; null for a document it did not analyse. */
export function analysedFields(extracted: ExtractedData): { type: string; fields: Record<string, unknown> } | null {
  return typeof extracted.document_type === 'string' && isObject(extracted.fields) ? { type: extracted.document_type, fields: extracted.fields } : null;
}
