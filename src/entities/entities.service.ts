// Legal entities of a case beyond the case data: the `entities.resolve` job reads the registers
// (owners followed through corporate chains, directors, filings stored as official_registers
// documents) when the case is created; before a result is built, documents read by the
// verification engine fill and confirm entities and counterparties, industry codes are assigned
// from what the company says it does, and every company's ultimate beneficial owners are computed.
import type { ServiceContext } from '../context.ts';
import type { StoredCaseData as CaseData } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import type { DocumentRow, EntityRow } from '../db/schema.ts';
import { JobNames } from '../jobs/queue.ts';
import { RetryAt } from '../jobs/runner.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { listConversationsOfCase, listMessages } from '../db/conversations.repo.ts';
import { listDocumentsOfCase } from '../db/documents.repo.ts';
import { RegisterUnavailable, type RegisterFiling } from './registers/connector.ts';
import { Registers } from './registers/registers.service.ts';
import { renderFilingRecord } from './registers/filing-record.ts';
import { documentExists, findRegisterCopy, insertRegisterDocument } from '../db/register-documents.repo.ts';
import { activityText } from '../industry/activity-text.ts';
import { loadCodeLists } from '../industry/code-lists.ts';
import { assignCodes } from '../industry/rank.ts';
import type { CompanyDetails, EntityDetails } from './case-entities.ts';
import { addCounterparty } from './counterparties.ts';
import { documentFacts } from './document-facts.ts';
import { insertEntities, insertEntitySources, jobPending, listEntitiesOfCase, updateEntityDetails } from '../db/entities.repo.ts';
import type { FoundSource } from './found.ts';
import { stableId } from './keys.ts';
import { addDetail, mergeFound } from './merge.ts';
import { applyOwnership } from './ownership/case-ownership.ts';
import { resolveFromRegisters, type ResolvedFiling } from './resolve-registers.ts';

export const resolveJobKey = (caseId: string) => `entities.resolve:${caseId}`;
const filingDocumentId = (caseId: string, register: string, filingId: string) => stableId(caseId, `filing:${register}:${filingId}`);

const registersOf = new WeakMap<ServiceContext, Registers>();
export function registers(ctx: ServiceContext): Registers {
  let r = registersOf.get(ctx);
  if (!r) registersOf.set(ctx, (r = new Registers(ctx.db, ctx.config)));
  return r;
}

/** Whether a new case should be looked up in the registers (asked before its creation transaction). */
export async function needsRegisterLookup(ctx: ServiceContext, c: Pick<CaseData, 'company_country_code' | 'company_reg_number' | 'company_full_name'>): Promise<boolean> {
  const r = registers(ctx);
  if (r.companiesHouse && c.company_country_code === 'GB' && c.company_reg_number) return true;
  if (!(await r.mayCover(c.company_country_code))) return false;
  const local = r.connectors[r.connectors.length - 1]!;
  return (await local.find({ countryCode: c.company_country_code, regNumber: c.company_reg_number ?? null, name: c.company_full_name })) !== null;
}

/** Enqueues the register lookup in the transaction that creates the case. */
export async function enqueueEntityResolution(ctx: ServiceContext, trx: Db, caseId: string): Promise<void> {
  await ctx.jobs.enqueue(trx, JobNames.resolveEntities, { caseId }, { dedupeKey: resolveJobKey(caseId) });
}

interface Sourced {
  entity_id: string;
  source: FoundSource;
}

/** Writes changed and new entities and their sources; new entities are listed after the known ones. */
async function writeEntities(db: Db, caseId: string, before: EntityRow[], after: EntityDetails[], sources: Sourced[], now: string): Promise<void> {
  const known = new Map(before.map((r) => [r.id, r]));
  const fresh: EntityRow[] = [];
  for (const e of after) {
    const details = JSON.stringify(e);
    const row = known.get(e.entity_id);
    if (row) {
      if (row.details !== details) await updateEntityDetails(db, e.entity_id, details, now);
    } else {
      fresh.push({ id: e.entity_id, case_id: caseId, entity_type: e.type, role: 'related', details, created_at: new Date(Date.parse(now) + fresh.length).toISOString(), updated_at: now });
    }
  }
  await insertEntities(db, fresh);
  await insertEntitySources(
    db,
    sources.map((s) => ({
      id: stableId(caseId, `source:${s.entity_id}:${s.source.source}:${s.source.ref}`),
      case_id: caseId,
      entity_id: s.entity_id,
      source: s.source.source,
      source_ref: s.source.ref,
      source_url: s.source.url,
      created_at: now,
    })),
  );
}

export class EntitiesService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Job handler for entities.resolve: idempotent (stable ids, documents and sources written once). */
  async resolve(payload: { caseId: string }): Promise<void> {
    const { ctx } = this;
    const caseRow = await findCaseById(ctx.db, payload.caseId);
    if (!caseRow) return;
    const rows = await listEntitiesOfCase(ctx.db, caseRow.id);
    const existing = rows.map((r) => JSON.parse(r.details) as EntityDetails);
    const data = JSON.parse(caseRow.case_data) as CaseData;
    const cfg = ctx.config;
    let found;
    try {
      found = await resolveFromRegisters(
        registers(ctx).connectors,
        { countryCode: caseRow.company_country_code, regNumber: data.company_reg_number ?? null, name: caseRow.company_full_name },
        {
          maxDepth: cfg.REGISTER_MAX_DEPTH,
          maxCompanies: cfg.REGISTER_MAX_COMPANIES,
          filingsPerCompany: cfg.REGISTER_FILINGS_PER_COMPANY,
          needsDocument: async (_key, register, filing) =>
            !(await documentExists(ctx.db, filingDocumentId(caseRow.id, register, filing.id))) && !(filing.sourceUrl && (await findRegisterCopy(ctx.db, filing.sourceUrl))),
        },
      );
    } catch (err) {
      if (err instanceof RegisterUnavailable) throw new RetryAt(err.message, err.retryAt);
      throw err;
    }
    const now = new Date().toISOString();
    if (!found) {
      ctx.log.info({ caseId: caseRow.id }, 'company not found in the registers');
      const main = existing.find((e) => e.entity_id === caseRow.main_entity_id);
      if (main?.type === 'company') addDetail(main.additional_details, 'register_lookup', `Not found in the registers Dossier reads (${registers(ctx).connectors.map((c) => c.name).join(', ')}).`);
      await ctx.db.transaction().execute((trx) => writeEntities(trx, caseRow.id, rows, existing, [], now));
      return;
    }
    const merged = mergeFound(caseRow.id, existing, caseRow.main_entity_id, found.graph, 'register');
    const { entities } = applyOwnership(merged.entities, caseRow.main_entity_id, cfg.UBO_THRESHOLD);
    const conversations = await listConversationsOfCase(ctx.db, caseRow.id);
    const documents: DocumentRow[] = [];
    for (const f of found.filings) {
      const entityId = merged.idOf.get(f.companyKey) ?? null;
      const company = entities.find((e) => e.entity_id === entityId) as CompanyDetails | undefined;
      const id = filingDocumentId(caseRow.id, f.register, f.filing.id);
      if (!conversations[0] || (await documentExists(ctx.db, id))) continue;
      documents.push(await this.filingDocument(id, caseRow, conversations[0].id, f, company, entityId, now));
    }
    await ctx.db.transaction().execute(async (trx) => {
      await writeEntities(trx, caseRow.id, rows, entities, merged.sources, now);
      for (const d of documents) await insertRegisterDocument(trx, d);
    });
    ctx.log.info({ caseId: caseRow.id, entities: entities.length, created: merged.created.length, filings: documents.length }, 'case entities resolved from registers');
  }

  private async filingDocument(id: string, caseRow: { id: string; client_id: string }, conversationId: string, f: ResolvedFiling, company: CompanyDetails | undefined, entityId: string | null, now: string): Promise<DocumentRow> {
    const name = company?.company_full_name ?? '';
    const number = company?.company_reg_number ?? '';
    // The same public filing stored for an earlier case is not fetched again.
    const copy = !f.document && f.filing.sourceUrl ? await findRegisterCopy(this.ctx.db, f.filing.sourceUrl) : undefined;
    let stored: { sha256: string; size: number; mediaType: string; fileName: string };
    if (copy && (await this.ctx.blobs.has(copy.blob_sha256))) stored = { sha256: copy.blob_sha256, size: copy.size_bytes, mediaType: copy.media_type, fileName: copy.file_name };
    else {
      const bytes =
        f.document?.bytes ??
        (await renderFilingRecord({ register: registerLabel(f.register), companyName: name, companyNumber: number, filingId: f.filing.id, date: f.filing.date, description: f.filing.description, category: f.filing.category, type: f.filing.type, sourceUrl: f.filing.sourceUrl }));
      const blob = await this.ctx.blobs.put(bytes);
      stored = { ...blob, mediaType: f.document?.mediaType ?? 'application/pdf', fileName: f.document?.fileName ?? `${number || 'company'}_${f.filing.type || 'filing'}_${f.filing.date}_record.pdf`.replace(/[^\w.-]+/g, '_') };
    }
    const hasDocument = f.document !== null || (copy !== undefined && !copy.file_name.endsWith('_record.pdf'));
    return {
      id,
      conversation_id: conversationId,
      case_id: caseRow.id,
      client_id: caseRow.client_id,
      blob_sha256: stored.sha256,
      size_bytes: stored.size,
      media_type: stored.mediaType,
      file_name: stored.fileName,
      document_type: 'official_registers',
      document_name: `${registerLabel(f.register)} filing: ${f.filing.description} (${f.filing.date}), ${name}${number ? ` ${number}` : ''}`,
      source: 'register',
      source_url: f.filing.sourceUrl,
      rejected: 0,
      extracted_data: JSON.stringify(filingFacts(f.register, number, f.filing, hasDocument)),
      entity_id: entityId,
      created_at: now,
    };
  }
}

function registerLabel(register: string): string {
  return register === 'gb-companies-house' ? 'Companies House' : register;
}

function filingFacts(register: string, companyNumber: string, f: RegisterFiling, hasDocument: boolean) {
  return {
    register,
    company_reg_number: companyNumber,
    filing: { id: f.id, date: f.date, category: f.category, type: f.type, description: f.description },
    content: hasDocument ? 'filed document' : 'filing record (the register did not serve the document)',
  };
}

/**
 * Brings a case's entities up to date for a result: false while the register lookup is still
 * running (the caller looks again later); otherwise documents, counterparties, industry codes and
 * ultimate beneficial owners are applied and stored, and true is returned. Idempotent.
 */
export async function prepareEntitiesForResult(ctx: ServiceContext, caseId: string): Promise<boolean> {
  if (await jobPending(ctx.db, resolveJobKey(caseId))) return false;
  const caseRow = await findCaseById(ctx.db, caseId);
  if (!caseRow) return true;
  const rows = await listEntitiesOfCase(ctx.db, caseId);
  const mainId = caseRow.main_entity_id;
  let entities = rows.map((r) => JSON.parse(r.details) as EntityDetails);
  const sources: Sourced[] = [];
  const docs = (await listDocumentsOfCase(ctx.db, caseId)).filter((d) => d.source === 'upload' && d.rejected === 0);
  const extracted = docs.map((d) => JSON.parse(d.extracted_data) as Record<string, unknown>);
  docs.forEach((d, i) => {
    const facts = documentFacts({ id: d.id, documentType: d.document_type, fileName: d.file_name, extracted: extracted[i]! }, entities, mainId);
    if (facts.graph) {
      const merged = mergeFound(caseId, entities, mainId, facts.graph, 'document');
      entities = merged.entities;
      sources.push(...merged.sources);
    }
    for (const cp of facts.counterparties) entities = addCounterparty(caseId, entities, mainId, cp);
  });

  const answers: string[] = [];
  let website: string | null = null;
  for (const conv of await listConversationsOfCase(ctx.db, caseId)) {
    for (const m of await listMessages(ctx.db, conv.id)) {
      if (m.author !== 'user' || (m.module !== 'business_description' && m.module !== 'website')) continue;
      answers.push(m.text);
      if (m.module === 'website') website ??= /https?:\/\/[^\s<>"]+|(?:www\.)[^\s<>"]+/i.exec(m.text)?.[0] ?? null;
    }
  }
  const data = JSON.parse(caseRow.case_data) as CaseData;
  const text = activityText({ answers, transactionDescription: data.trx_description ?? null, documents: extracted });
  const main = entities.find((e) => e.entity_id === mainId);
  if (main?.type === 'company') {
    const next = structuredClone(main);
    if (text) next.auto_assigned_industry_codes = assignCodes(loadCodeLists(ctx.config.REFERENCE_DATA_DIR), text).map((c) => ({ classification: c.classification, code: c.code }));
    if (website && !next.company_website.url) next.company_website = { url: website };
    entities = entities.map((e) => (e.entity_id === mainId ? next : e));
  }
  const owned = applyOwnership(entities, mainId, ctx.config.UBO_THRESHOLD);
  await ctx.db.transaction().execute((trx) => writeEntities(trx, caseId, rows, owned.entities, sources, new Date().toISOString()));
  return true;
}
