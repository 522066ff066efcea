// What a document type gives the engine: one object per type (types/<type>.ts), registered in the
// list of types/index.ts. Everything that depends on the type (which requests it answers, its
// label, how it is recognised, how its fields are read, checked, validated and compared with the
// other documents of a case) is declared here, so adding a type touches its file and that list.
import type { TSchema } from '@sinclair/typebox';
import type { Finding, ReadDocument } from '../document-model.ts';
import type { DocText } from '../extract/doc-text.ts';
import type { MrzFacts } from '../extract/mrz.ts';
import type { ContentRuleContext, RuleContext } from '../rules/case-facts.ts';

/**
 * A type's classifier cues: a phrase, its weight, and optionally what it adds in the title (see
 * classify/keywords.ts for the weights).
 */
export type Keywords = [phrase: string, weight: number, title?: number][];

/** How a document was classified among types `T` (classify/classify.ts). */
export interface ClassificationOf<T extends string> {
  type: T;
  /** 0–1: how far the best type stands above the next one, scaled down when the evidence is thin. */
  confidence: number;
  /** Evidence points per type, best first (types without any left out). */
  scores: { type: T; score: number }[];
}

/** What a type's own rules see besides its fields: how it was classified and its text. */
export interface TypedDocument<F> {
  fields: F;
  classification: ClassificationOf<string>;
  text: DocText;
}

/** Two dates of a document that must come in order: [name, earlier, name, later]. */
export type DatePair = [string, string | null | undefined, string, string | null | undefined];

export interface DocumentTypePlugin<T extends string, F> {
  /** The type's name, stored as `extracted_data.document_type`. */
  type: T;
  /** How a sentence names it: "bill of lading". */
  label: string;
  /**
   * Requested types (`verification_task.document_type`, lower snake case) that ask for this type.
   * A name belongs to one type; other types may serve it too (`servesRequests`).
   */
  requests: readonly string[];
  /** Requested types of another type that this type also satisfies (a bank statement proves an address). */
  servesRequests?: readonly string[];
  /** Requested types that say which side of the document the client is on. */
  clientRoles?: Readonly<Record<string, 'seller' | 'buyer'>>;
  /** Dialog modules whose uploads are verified as this type. */
  modules: readonly string[];
  /** Classifier cues: words and phrases in the languages clients send (see classify/keywords.ts for the weights). */
  keywords: Keywords;
  /** Points a machine-readable zone or an embedded e-invoice adds to this type. */
  evidence?: { mrz?: number; einvoice?: number };
  /**
   * This type is a kind of `type` that says what it is: from `from` points on, when `type` scores
   * as high or higher, this type gets one point more (unless the file carries an e-invoice, for
   * `unlessEInvoice`; unless `type`'s own phrase stands in the title and none of this type's, for
   * `unlessTitled`).
   */
  outranks?: { type: string; from: number; unlessEInvoice?: boolean; unlessTitled?: boolean };
  /** The schema of the fields, checked when they are stored and when they are loaded. */
  schema: TSchema & { static: F };
  /** Reads the fields from the document's text (and embedded e-invoice, machine-readable zone). */
  extract(doc: Pick<ReadDocument, 'einvoice'>, text: DocText, mrz: MrzFacts | null): F;
  /** The facts that make a document of this type usable, as read (true) or not. */
  keyFacts(fields: F): boolean[];
  /** The date it was issued on. */
  issueDate(fields: F): string | null;
  /** Dates that must come in order; the first pair out of order is a finding. */
  datePairs?(fields: F): DatePair[];
  /** It expires: the finding when it has (code of the catalogue, and how the sentence names it). */
  expiry?: { code: string; noun: string; date(fields: F): string | null };
  /** A registry document: it should give the case's registration number. */
  registrationNumber?(fields: F): string | null;
  /** About a person, not a company: the company name is not looked for in it. */
  aboutPerson?: boolean;
  /** Rules about the holder or parties (after the date rules). */
  holderRules?(doc: TypedDocument<F>, ctx: RuleContext): Finding[];
  /** Rules about the content (after the document rules): arithmetic, the transaction. */
  contentRules?(doc: TypedDocument<F>, ctx: ContentRuleContext): Finding[];
  /** What it contributes to the case's parties: names of the companies or people it is between. */
  parties?(fields: F): (string | null | undefined)[];
  /** The goods it is about, for the cross-document rules. */
  goods?(fields: F): string[];
  /** The vessel it names, compared across the case's documents. */
  vessel?(fields: F): string | null;
  /** Its ports of loading and discharge, compared across the case's documents. */
  ports?(fields: F): [string | null, string | null];
}

/** Whether a read value is there (not null, empty text or an empty list). */
export const has = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
