// The document types Dossier tells apart: one file per type in this folder, each registered in the
// list below, which is the only place that names them all. The catalogue the rest of the engine
// reads (which requested types each accepts, labels, fields by type) is derived from this list.
// Adding a type: write types/<type>.ts (a DocumentTypePlugin) and add it here (docs/architecture.md).
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { articlesOfAssociation } from './articles-of-association.ts';
import { bankStatement } from './bank-statement.ts';
import { billOfLading } from './bill-of-lading.ts';
import { certificateOfIncorporation } from './certificate-of-incorporation.ts';
import { charterAgreement } from './charter-agreement.ts';
import { contract } from './contract.ts';
import { insurancePolicy } from './insurance-policy.ts';
import { invoice } from './invoice.ts';
import { license } from './license.ts';
import { other } from './other.ts';
import type { DocumentTypePlugin } from './plugin.ts';
import { proofOfAddress } from './proof-of-address.ts';
import { proofOfIdentity } from './proof-of-identity.ts';
import { registerExtract } from './register-extract.ts';
import { shareholderRegister } from './shareholder-register.ts';

/** Every document type, in the order the classifier weighs them when their evidence ties; `other` last. */
export const DOCUMENT_TYPES = [
  invoice,
  contract,
  charterAgreement,
  billOfLading,
  bankStatement,
  proofOfAddress,
  certificateOfIncorporation,
  registerExtract,
  articlesOfAssociation,
  shareholderRegister,
  license,
  insurancePolicy,
  proofOfIdentity,
  other,
] as const;

type Plugins = (typeof DOCUMENT_TYPES)[number];
export type DocType = Plugins['type'];
/** The fields of one document type, as its plug-in reads them. */
export type FieldsOf<T extends DocType> = Extract<Plugins, { type: T }> extends DocumentTypePlugin<T, infer F> ? F : never;
export type FieldsByType = { [T in DocType]: FieldsOf<T> };
export type AnyFields = FieldsByType[DocType];
/** A document's fields tagged by its type: narrowing on `type` gives the type's fields. */
export type TypedFields = { [T in DocType]: { type: T; fields: FieldsOf<T> } }[DocType];
/** Any registered plug-in, seen from code that handles every type alike. */
export type AnyDocumentType = DocumentTypePlugin<DocType, AnyFields>;

export const DOC_TYPES: DocType[] = DOCUMENT_TYPES.map((t) => t.type);
const BY_TYPE = new Map<string, AnyDocumentType>(DOCUMENT_TYPES.map((t): [string, AnyDocumentType] => [t.type, t]));

/** The plug-in of a type. */
export function documentType(type: DocType): AnyDocumentType {
  return BY_TYPE.get(type)!;
}

/** Whether a stored string names a registered type. */
export function isDocType(type: unknown): type is DocType {
  return typeof type === 'string' && BY_TYPE.has(type);
}

/** Requested type → the types that satisfy it: the type that names it first, then those that also serve it. */
const REQUESTED = new Map<string, DocType[]>();
for (const t of DOCUMENT_TYPES) for (const name of t.requests) REQUESTED.set(name, [t.type]);
for (const t of DOCUMENT_TYPES) for (const name of t.servesRequests ?? []) REQUESTED.get(name)?.push(t.type);

/** The types a requested document type accepts; null when the request is open (`other_document`, unknown names). */
export function acceptedTypes(requested: string): DocType[] | null {
  return REQUESTED.get(requested.trim().toLowerCase()) ?? null;
}

/** The canonical type a request names, for extraction hints; null when open. */
export function requestedDocType(requested: string): DocType | null {
  return acceptedTypes(requested)?.[0] ?? null;
}

/** Which side of an invoice or contract the client is on, when the request says it. */
export function requestedClientRole(requested: string): 'seller' | 'buyer' | null {
  const r = requested.trim().toLowerCase();
  for (const t of DOCUMENT_TYPES) {
    const role = t.clientRoles?.[r];
    if (role) return role;
  }
  return null;
}

export const DOC_TYPE_LABELS = Object.fromEntries(DOCUMENT_TYPES.map((t) => [t.type, t.label])) as Record<DocType, string>;

/** The dialog modules whose uploads are verified as one of the document types. */
export const DOCUMENT_MODULES: string[] = [...new Set(DOCUMENT_TYPES.flatMap((t) => t.modules))];

/**
 * Fields tagged with their type. The one place the union is put together: TypeScript cannot follow
 * that the registry gives each type the plug-in (and so the fields) declared with it.
 */
export function tagged(type: DocType, fields: AnyFields): TypedFields {
  return { type, fields } as TypedFields;
}

/**
 * The typed fields of a stored `extracted_data` (its `document_type` and `fields`); null when the
 * document was not analysed or names no registered type. Rows stored before a field existed still
 * load: what the schema lacks is filled (null, an empty list) and what it no longer has is dropped.
 */
export function decodeFields(extracted: Record<string, unknown>): TypedFields | null {
  const type = extracted.document_type;
  const fields = extracted.fields;
  if (!isDocType(type) || !fields || typeof fields !== 'object' || Array.isArray(fields)) return null;
  const schema = documentType(type).schema;
  return tagged(type, Value.Check(schema, fields) ? fields : Value.Cast(schema, fields));
}

/** Each type's schema compiled into a checker, the first time a document of that type is checked. */
const CHECKERS = new Map<string, TypeCheck<TSchema>>();

/** Whether fields match their type's schema (as Value.Check says, at a fraction of its cost). */
export function fieldsValid(t: { type: DocType; fields: unknown }): boolean {
  let checker = CHECKERS.get(t.type);
  if (!checker) {
    checker = TypeCompiler.Compile(documentType(t.type).schema as TSchema);
    CHECKERS.set(t.type, checker);
  }
  return checker.Check(t.fields);
}

/** What is wrong with a list of plug-ins (a name asked for by two types, a reference to an unknown type…); empty when it holds. */
export function registryProblems(types: readonly DocumentTypePlugin<string, unknown>[]): string[] {
  const out: string[] = [];
  const names = new Set<string>();
  const owner = new Map<string, string>();
  for (const t of types) {
    if (!/^[a-z][a-z0-9_]*$/.test(t.type)) out.push(`type "${t.type}" is not lower snake case`);
    if (names.has(t.type)) out.push(`type "${t.type}" is registered twice`);
    names.add(t.type);
    if (!t.label.trim()) out.push(`type "${t.type}" has no label`);
    for (const r of t.requests) {
      if (owner.has(r)) out.push(`requested type "${r}" is asked for by both "${owner.get(r)}" and "${t.type}"`);
      owner.set(r, t.type);
    }
    if (t.type !== 'other' && t.keywords.length === 0 && !t.evidence) out.push(`type "${t.type}" has no classifier cues`);
    for (const [phrase, weight] of t.keywords) if (!phrase.trim() || !(weight > 0)) out.push(`type "${t.type}" has a keyword without words or weight`);
    if (typeof t.extract !== 'function' || typeof t.keyFacts !== 'function' || typeof t.issueDate !== 'function') out.push(`type "${t.type}" lacks extract, keyFacts or issueDate`);
    if (!t.schema || typeof t.schema !== 'object') out.push(`type "${t.type}" has no field schema`);
  }
  for (const t of types) {
    for (const r of t.servesRequests ?? []) if (!owner.has(r)) out.push(`type "${t.type}" serves "${r}", which no type is asked for by`);
    if (t.outranks && !names.has(t.outranks.type)) out.push(`type "${t.type}" outranks "${t.outranks.type}", which is not registered`);
  }
  if (types.at(-1)?.type !== 'other') out.push('the last type must be "other", the type of a document nothing else fits');
  return out;
}
