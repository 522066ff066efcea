// Reads the fields of a document by its type, with the type's own extractor (types/<type>.ts). Pure:
// ReadDocument text (and e-invoice XML) in, fields tagged with their type out.
import type { ReadDocument } from '../document-model.ts';
import { documentType, tagged, type DocType, type TypedFields } from '../types/index.ts';
import type { DocText } from './doc-text.ts';
import type { MrzFacts } from './mrz.ts';

export function extractFields(type: DocType, doc: Pick<ReadDocument, 'einvoice'>, d: DocText, mrz: MrzFacts | null): TypedFields {
  return tagged(type, documentType(type).extract(doc, d, mrz));
}
