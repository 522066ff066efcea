// Findings about the file itself, with stable codes and plain sentences. The caller adds the file
// name when it shows them; these sentences never quote document contents.
import type { Finding } from '../document-model.ts';

export type ProblemCode =
  | 'file_unreadable'
  | 'file_encrypted'
  | 'file_encrypted_no_password'
  | 'no_text_layer'
  | 'ocr_low_confidence'
  | 'page_limit_reached'
  | 'page_unreadable'
  | 'read_incomplete'
  | 'read_budget_reached'
  | 'image_too_large'
  | 'decompression_bomb'
  | 'read_timeout'
  | 'reader_crashed';

const SEVERITY: Record<ProblemCode, Finding['severity']> = {
  file_unreadable: 'critical',
  file_encrypted: 'critical',
  file_encrypted_no_password: 'warning',
  no_text_layer: 'warning',
  ocr_low_confidence: 'warning',
  page_limit_reached: 'info',
  page_unreadable: 'warning',
  read_incomplete: 'warning',
  read_budget_reached: 'warning',
  image_too_large: 'critical',
  decompression_bomb: 'critical',
  read_timeout: 'critical',
  reader_crashed: 'critical',
};

/** Whether reading was stopped before it ended (its time limit, or the reader crashed): what it decoded is unknown. */
export function readingStopped(problems: Finding[]): boolean {
  return problems.some((p) => p.code === 'read_timeout' || p.code === 'reader_crashed');
}

const ORDER = Object.keys(SEVERITY);
const RANK = { critical: 0, warning: 1, info: 2 } as const;

/** Most severe first, then in a fixed order of codes, so reports and tests are stable. */
export function sortProblems(problems: Finding[]): Finding[] {
  return [...problems].sort((a, b) => RANK[a.severity] - RANK[b.severity] || ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
}

export function problem(code: ProblemCode, text: string): Finding {
  return { code, severity: SEVERITY[code], text };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "page 3", "pages 2 and 5", "pages 2, 4 and 7" (at most a few listed). */
export function pageList(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  const shown = pages.slice(0, 6);
  const more = pages.length > shown.length ? ` and ${pages.length - shown.length} more` : '';
  if (more) return `pages ${shown.join(', ')}${more}`;
  return `pages ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

export function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1e5) / 10} megapixels`;
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "the first page was" / "the first 3 pages were". */
export function firstPages(n: number): string {
  return n === 1 ? 'the first page was' : `the first ${n} pages were`;
}

/** "was" or "were", agreeing with a count. */
export function was(n: number): string {
  return n === 1 ? 'was' : 'were';
}
