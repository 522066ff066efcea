// What the corpus generator produces: documents as lines to draw, the fields a reader should find
// in them, the case they are checked against, and the findings they must raise.
import type { DocType } from '../../src/document-engine/document-types.ts';

export interface Line {
  /** One run of text at the left margin… */
  text?: string;
  /** …or columns: [x in points from the left edge, text]. */
  cols?: [number, string][];
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
  /** Monospaced (machine-readable zones). */
  mono?: boolean;
}

export type Expected = Record<string, string | number | null>;

export interface EditSpec {
  /** Replace this text on page 1 with `to`, drawn over a white box in an incremental update. */
  replace?: { from: string; to: string };
  /** Producer written in the update's Info dictionary. */
  producer?: string;
  /** Days between creation and the edit's ModDate. */
  laterDays?: number;
}

export interface CorpusDoc {
  id: string;
  kind: DocType;
  /** verification_task.document_type used to check it. */
  requested: string;
  pages: Line[][];
  /** Dotted field paths (under extracted_data.fields) and "type" → expected values. */
  expected: Expected;
  /** The `case` object the document is checked against. */
  caseData: Record<string, unknown>;
  /** verification_task.company_full_name. */
  companyName: string;
  /** Codes of warnings and critical findings it must raise (none for a genuine document). */
  expectFindings: string[];
  meta: { title: string; producer: string; creator: string; created: string };
  edit?: EditSpec;
  /** Also rendered as a noisy scan. */
  scan?: boolean;
}

/** The corpus is dated as if today were this day, so its expiries and ages stay meaningful. */
export const CORPUS_TODAY = '2026-11-20';
