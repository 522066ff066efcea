// Legal entities of a case beyond the case data: the `entities.resolve` job reads the registers
// (owners followed through corporate chains, directors, filings stored as official_registers
// documents) when the case is created. Before a result is built, the completion brings them up to
// date from the case's documents and answers (result-entities.ts).
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { DocumentRow, EntityRow } from '../db/schema.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { listConversationsOfCase } from '../db/conversations.repo.ts';
import type { RegisterFiling } from './registers/connector.ts';
import { renderFilingRecord } from './registers/filing-record.ts';
import { documentExists, findRegisterCopy, insertRegisterDocument } from '../db/register-documents.repo.ts';
import type { CompanyDetails, EntityDetails } from './case-entities.ts';
import { applyEntityChanges, listEntitiesOfCase } from '../db/entities.repo.ts';
import { refreshCaseParties } from '../db/case-search.repo.ts';
import { entityChanges, type Sourced } from './result-entities.ts';
import { stableId } from './keys.ts';
import { addDetail, mergeFound } from './merge.ts';
import { applyOwnership } from './ownership/case-ownership.ts';
import { resolveFromRegisters, type ResolvedFiling } from './resolve-registers.ts';
import type { Registers } from './registers/registers.service.ts';
import { caseDataOf, entityDetailsOf } from '../db/stored-json.ts';

const filingDocumentId = (caseId: string, register: string, filingId: string) => stableId(caseId, `filing:${register}:${filingId}`);

/** Writes changed and new entities and their sources; new entities are listed after the known ones. */
async function writeEntities(db: Db, caseId: string, before: EntityRow[], after: EntityDetails[], sources: Sourced[], now: string): Promise<void> {
  await applyEntityChanges(db, entityChanges(caseId, before, after, sources, now));
  await refreshCaseParties(db, caseId);
}

export class EntitiesService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly registers: Registers,
  ) {}

  /** Job handler for entities.resolve: idempotent (stable ids, documents and sources written once). */
  async resolve(payload: { caseId: string }): Promise<void> {
    const { ctx } = this;
    const caseRow = await findCaseById(ctx.db, payload.caseId);
    if (!caseRow) return;
    const rows = await listEntitiesOfCase(ctx.db, caseRow.id);
    const existing = rows.map((r) => entityDetailsOf(r));
    const data = caseDataOf(caseRow);
    const cfg = ctx.config;
    // A register that is down or limiting us throws RegisterUnavailable, a dependency outage: the
    // job retries at its retryAt without spending an attempt (jobs/retry-policy.ts).
    const found = await resolveFromRegisters(
      this.registers.connectors,
      { countryCode: caseRow.company_country_code, regNumber: data.company_reg_number ?? null, name: caseRow.company_full_name },
      {
        maxDepth: cfg.REGISTER_MAX_DEPTH,
        maxCompanies: cfg.REGISTER_MAX_COMPANIES,
        filingsPerCompany: cfg.REGISTER_FILINGS_PER_COMPANY,
        needsDocument: async (_key, register, filing) =>
          !(await documentExists(ctx.db, filingDocumentId(caseRow.id, register, filing.id))) && !(filing.sourceUrl && (await findRegisterCopy(ctx.db, filing.sourceUrl))),
      },
    );
    const now = new Date().toISOString();
    if (!found) {
      ctx.log.info({ caseId: caseRow.id }, 'company not found in the registers');
      const main = existing.find((e) => e.entity_id === caseRow.main_entity_id);
      if (main?.type === 'company') addDetail(main.additional_details, 'register_lookup', `Not found in the registers Dossier reads (${this.registers.connectors.map((c) => c.name).join(', ')}).`);
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

  private async filingDocument(
    id: string,
    caseRow: { id: string; client_id: string },
    conversationId: string,
    f: ResolvedFiling,
    company: CompanyDetails | undefined,
    entityId: string | null,
    now: string,
  ): Promise<DocumentRow> {
    const name = company?.company_full_name ?? '';
    const number = company?.company_reg_number ?? '';
    // The same public filing stored for an earlier case is not fetched again.
    const copy = !f.document && f.filing.sourceUrl ? await findRegisterCopy(this.ctx.db, f.filing.sourceUrl) : undefined;
    let stored: { sha256: string; size: number; mediaType: string; fileName: string };
    if (copy && (await this.ctx.blobs.has(copy.blob_sha256))) stored = { sha256: copy.blob_sha256, size: copy.size_bytes, mediaType: copy.media_type, fileName: copy.file_name };
    else {
      const bytes =
        f.document?.bytes ??
        (await renderFilingRecord({
          register: registerLabel(f.register),
          companyName: name,
          companyNumber: number,
          filingId: f.filing.id,
          date: f.filing.date,
          description: f.filing.description,
          category: f.filing.category,
          type: f.filing.type,
          sourceUrl: f.filing.sourceUrl,
        }));
      const blob = await this.ctx.blobs.put(bytes);
      stored = {
        ...blob,
        mediaType: f.document?.mediaType ?? 'application/pdf',
        fileName: f.document?.fileName ?? `${number || 'company'}_${f.filing.type || 'filing'}_${f.filing.date}_record.pdf`.replace(/[^\w.-]+/g, '_'),
      };
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
      withdrawn_at: null,
      read_megapixels: null,
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
