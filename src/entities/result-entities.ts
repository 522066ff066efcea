// A case's entities as a result shows them: documents read by the document engine fill and confirm
// entities and counterparties, industry codes are assigned from what the company says it does,
// and every company's ultimate beneficial owners are computed. Also what that means for the
// stored rows (changed details, new entities, their sources). Pure: the caller reads and writes.
import type { DocumentRow, EntityRow, MessageRow } from '../db/schema.ts';
import { decodeExtractedData } from '../db/extracted-data.ts';
import type { StoredCaseData as CaseData } from '../db/case-data.ts';
import { activityText } from '../industry/activity-text.ts';
import type { CodeLists } from '../industry/code-lists.ts';
import { assignCodes } from '../industry/rank.ts';
import { isLicenceRequired } from '../industry/license-required.ts';
import type { EntityDetails } from './case-entities.ts';
import { addCounterparty, counterpartyEntity } from './counterparties.ts';
import { documentFacts } from './document-facts.ts';
import type { FoundSource } from './found.ts';
import { stableId } from './keys.ts';
import { mergeFound } from './merge.ts';
import { applyOwnership } from './ownership/case-ownership.ts';
import { withTranslations } from './translated.ts';
import { entityDetailsOf } from '../db/stored-json.ts';

/** Where an entity was found. */
export interface Sourced {
  entity_id: string;
  source: FoundSource;
}

export interface EntitySourceRow {
  id: string;
  case_id: string;
  entity_id: string;
  source: string;
  source_ref: string;
  source_url: string | null;
  created_at: string;
}

/** The writes that bring stored entities to a new state, and the rows as they are afterwards. */
export interface EntityChanges {
  updated: { id: string; details: string; updated_at: string }[];
  fresh: EntityRow[];
  sources: EntitySourceRow[];
  /** Every entity row of the case after the writes, in the stored order (oldest first). */
  rows: EntityRow[];
}

/** Changed and new entities and their sources; new entities are listed after the known ones. */
export function entityChanges(caseId: string, before: EntityRow[], after: EntityDetails[], sources: Sourced[], now: string): EntityChanges {
  const known = new Map(before.map((r) => [r.id, r]));
  const updated: EntityChanges['updated'] = [];
  const fresh: EntityRow[] = [];
  for (const e of after) {
    const details = JSON.stringify(e);
    const row = known.get(e.entity_id);
    if (row) {
      if (row.details !== details) updated.push({ id: e.entity_id, details, updated_at: now });
    } else {
      fresh.push({ id: e.entity_id, case_id: caseId, entity_type: e.type, role: 'related', details, created_at: new Date(Date.parse(now) + fresh.length).toISOString(), updated_at: now });
    }
  }
  const changed = new Map(updated.map((u) => [u.id, u]));
  const rows = before.map((r) => {
    const u = changed.get(r.id);
    return u ? { ...r, details: u.details, updated_at: u.updated_at } : r;
  });
  return {
    updated,
    fresh,
    sources: sources.map((s) => ({
      id: stableId(caseId, `source:${s.entity_id}:${s.source.source}:${s.source.ref}`),
      case_id: caseId,
      entity_id: s.entity_id,
      source: s.source.source,
      source_ref: s.source.ref,
      source_url: s.source.url,
      created_at: now,
    })),
    rows: [...rows, ...fresh],
  };
}

export interface ResultEntitiesInput {
  caseId: string;
  mainEntityId: string;
  caseData: CaseData;
  /** The case's entity rows, oldest first. */
  entities: EntityRow[];
  /** The case's documents. */
  documents: DocumentRow[];
  /** The logs of the case's conversations, conversation after conversation. */
  messages: MessageRow[];
  /** The industry code lists (read only when there is a text to classify). */
  codeLists: () => CodeLists;
  uboThreshold: number;
}

/** The entities of a case brought up to date for a result, and where the new facts came from. Idempotent. */
export function entitiesForResult(input: ResultEntitiesInput): { entities: EntityDetails[]; sources: Sourced[] } {
  const { caseId, mainEntityId: mainId } = input;
  let entities = input.entities.map((r) => entityDetailsOf(r));
  const sources: Sourced[] = [];
  const docs = input.documents.filter((d) => d.source === 'upload' && d.rejected === 0);
  const extracted = docs.map((d) => decodeExtractedData(d.extracted_data));
  docs.forEach((d, i) => {
    const facts = documentFacts({ id: d.id, documentType: d.document_type, fileName: d.file_name, extracted: extracted[i]! }, entities, mainId);
    if (facts.graph) {
      const merged = mergeFound(caseId, entities, mainId, facts.graph, 'document');
      entities = merged.entities;
      sources.push(...merged.sources);
    }
    for (const cp of facts.counterparties) {
      entities = addCounterparty(caseId, entities, mainId, cp);
      const party = cp.facts && counterpartyEntity(entities, mainId, cp);
      if (party) sources.push({ entity_id: party.entity_id, source: cp.facts!.sources[0]! });
    }
  });

  const answers: string[] = [];
  let website: string | null = null;
  for (const m of input.messages) {
    if (m.author !== 'user' || (m.module !== 'business_description' && m.module !== 'website')) continue;
    answers.push(m.text);
    if (m.module === 'website') website ??= /https?:\/\/[^\s<>"]+|(?:www\.)[^\s<>"]+/i.exec(m.text)?.[0] ?? null;
  }
  const text = activityText({ answers, transactionDescription: input.caseData.trx_description ?? null, documents: extracted });
  const main = entities.find((e) => e.entity_id === mainId);
  if (main?.type === 'company') {
    const next = structuredClone(main);
    if (text) next.auto_assigned_industry_codes = assignCodes(input.codeLists(), text).map((c) => ({ classification: c.classification, code: c.code }));
    next.is_license_required = isLicenceRequired({
      codes: [...next.registered_industry_codes, ...next.auto_assigned_industry_codes],
      country: next.company_country_code || null,
      description: input.messages
        .filter((m) => m.author === 'user' && m.module === 'business_description')
        .map((m) => m.text)
        .join(' '),
      licencesHeld: extracted.filter((e) => e.document_type === 'license').length,
    }).required;
    if (website && !next.company_website.url) next.company_website = { url: website };
    entities = entities.map((e) => (e.entity_id === mainId ? next : e));
  }
  return { entities: applyOwnership(entities, mainId, input.uboThreshold).entities.map(withTranslations), sources };
}
