// Two completion steps, pure over the case file: the website check's outcome (its findings, and the
// main company's company_website) and which documents Dossier holds an English translation of
// (the client documents' `translated`).
import type { FindingRow } from '../db/schema.ts';
import { decodeExtractedData } from '../db/extracted-data.ts';
import type { EntityDetails } from '../entities/case-entities.ts';
import { websiteCheckResultOf, websiteFindings, websiteOfCompany, type WebsiteCheckResult } from '../verifications/website.ts';
import type { CaseFile } from './case-file.ts';
import { completionFindingRow } from './completion-findings.ts';

/** The checks that ran, each conversation's latest per address given, oldest first. */
function doneChecks(file: CaseFile, conversationId?: string): WebsiteCheckResult[] {
  const latest = new Map<string, WebsiteCheckResult>();
  for (const c of file.websiteChecks) {
    if (c.status !== 'done' || !c.result || (conversationId && c.conversation_id !== conversationId)) continue;
    latest.set(`${c.conversation_id} ${c.url}`, websiteCheckResultOf({ result: c.result }));
  }
  return [...latest.values()];
}

/**
 * The conversation's website findings as completion findings, numbered after the `after` rows
 * already made (so ids stay stable on a re-run).
 */
export function websiteFindingRows(file: CaseFile, conversationId: string, at: string, after: number): FindingRow[] {
  // Only the website given last in the conversation counts (an answer changed from the summary replaces the earlier one).
  const checks = doneChecks(file, conversationId).slice(-1);
  return checks.flatMap((r) => websiteFindings(r, file.caseRow.company_full_name)).map((f, i) => completionFindingRow(conversationId, after + i, f, at));
}

/** The entities with the main company's company_website taken from the latest website check of the case, when there is one. */
export function withCheckedWebsite(entities: EntityDetails[], mainEntityId: string, file: CaseFile): EntityDetails[] {
  const last = doneChecks(file).at(-1);
  if (!last) return entities;
  const url = websiteOfCompany(last) ?? '';
  return entities.map((e) => (e.entity_id === mainEntityId && e.type === 'company' ? { ...e, company_website: { url } } : e));
}

/** Ids of the documents of which Dossier holds an English translation (read as English). */
export function translatedDocumentIds(file: CaseFile): Set<string> {
  const english = new Set(file.documents.filter((d) => d.rejected === 0 && decodeExtractedData(d.extracted_data).language === 'en').map((d) => d.id));
  return new Set(file.translations.filter((t) => english.has(t.translation_id)).map((t) => t.original_id));
}
