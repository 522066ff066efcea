// Cases: creation with their first conversation and entities, follow-up conversations, and the
// case result (stored whole when the case becomes ready, so reading it is one indexed query).
import { newCapabilityId, newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { ApiClient, EntityRow } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { invalid, notFound } from '../http/errors.ts';
import { ownedCase, type ClientRef } from '../http/access.ts';
import { buildCaseEntities } from '../entities/case-entities.ts';
import { newEntityWrite } from '../db/entities.repo.ts';
import { newCasePartiesWrite } from '../db/case-search.repo.ts';
import { enqueueEntityResolution, needsRegisterLookup } from '../entities/register-lookup.ts';
import type { Registers } from '../entities/registers/registers.service.ts';
import { enqueueCaseScreening, screeningInForce } from '../screening/screening.jobs.ts';
import { recordEvent } from '../delivery/events.ts';
import { queueInvitations } from '../delivery/outbox.ts';
import { appendMessage, firstMessageWrite, insertConversation, newConversationWrite } from '../db/conversations.repo.ts';
import { findCaseResult, newCaseWrite, updateCase } from '../db/cases.repo.ts';
import type { CreateCaseInput, CreateFollowUpInput } from './cases.schemas.ts';
import { amountToDecimalString, validateCreateCase } from './case-validation.ts';
import { validateModules, type ConversationKind } from './modules.ts';
import { isUuid } from '../lib/uuid.ts';
import { withDecisions } from '../decisions/api-results.ts';
import { auditApiFollowUp } from '../decisions/audit.ts';

export class CasesService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly registers: Registers,
  ) {}

  async create(client: ApiClient, input: CreateCaseInput) {
    const problems = validateCreateCase(input);
    if (problems.length) throw invalid(`${problems[0]!.path.slice(1)}: ${problems[0]!.message}.`, problems);

    const now = new Date().toISOString();
    const caseId = newId();
    const conversationId = newCapabilityId();
    const { modules, ...caseData } = input.case;
    if (caseData.trx_amount !== undefined) caseData.trx_amount = Number(amountToDecimalString(caseData.trx_amount));
    const known = buildCaseEntities(input.case);
    // Distinct instants keep the main company first when entities are listed.
    const entityRows: EntityRow[] = known.entities.map((e, i) => ({
      id: e.entity_id,
      case_id: caseId,
      entity_type: e.type,
      role: e.entity_id === known.mainEntityId ? 'main_company' : known.accountOwnerIds.includes(e.entity_id) ? 'account_owner' : 'counterparty',
      details: JSON.stringify(e),
      created_at: new Date(Date.parse(now) + i).toISOString(),
      updated_at: now,
    }));
    // Registers are asked (by a job) only when one of them may know the company.
    const lookup = await needsRegisterLookup(this.registers, input.case);

    const writes = [
      newCaseWrite({
        id: caseId,
        client_id: client.id,
        case_kind: input.case.case_kind,
        communication_id: input.communication_id ?? null,
        company_full_name: input.case.company_full_name,
        company_country_code: input.case.company_country_code,
        case_data: JSON.stringify(caseData),
        case_manager: input.case_manager ? JSON.stringify(input.case_manager) : null,
        invitation_email_recipients: JSON.stringify(input.invitation_email_recipients ?? []),
        state: 'open',
        main_entity_id: known.mainEntityId,
        result_json: null,
        risk_report_blob: null,
        created_at: now,
        updated_at: now,
      }),
      newConversationWrite({
        id: conversationId,
        case_id: caseId,
        client_id: client.id,
        conversation_kind: input.case.case_kind,
        modules: JSON.stringify(modules),
        created_at: now,
      }),
      ...entityRows.map(newEntityWrite),
      newCasePartiesWrite({ case_id: caseId, client_id: client.id, created_at: now, entityDetails: known.entities }),
      firstMessageWrite(conversationId, {
        author: 'dossier',
        text: `Conversation opened for ${input.case.company_full_name} (${input.case.case_kind}); modules: ${modules.map((m) => m.module).join(', ')}.`,
      }),
    ];
    const recipients = input.invitation_email_recipients ?? [];
    const screen = await screeningInForce(this.ctx.db);
    // Jobs (register lookup, screening, invitation e-mails) join the same transaction.
    const jobs = async (trx: Db) => {
      if (lookup) await enqueueEntityResolution(this.ctx, trx, caseId);
      if (screen) await enqueueCaseScreening(this.ctx.jobs, trx, caseId);
      if (recipients.length) await queueInvitations(trx, this.ctx.jobs, { clientId: client.id, caseId, conversationId, recipients, template: 'invitation' });
    };
    await this.ctx.writes.write(writes, jobs);
    // The workers are woken only when there is a job for them.
    if (lookup || screen || recipients.length) this.ctx.jobs.notify();
    this.ctx.searchIndex.nudge();
    this.ctx.log.info({ caseId, conversationId, kind: input.case.case_kind }, 'case created');
    return { case_id: caseId, conversation_id: conversationId, communication_id: input.communication_id ?? undefined };
  }

  async createFollowUp(client: ClientRef, caseId: string, input: CreateFollowUpInput, author: 'api' | 'analyst' = 'api') {
    const found = await ownedCase(this.ctx.db, client.id, caseId);
    const kind: ConversationKind = input.case_kind;
    const problems = validateModules(kind, input.modules, '/modules');
    if (problems.length) throw invalid(`${problems[0]!.path.slice(1)}: ${problems[0]!.message}.`, problems);

    const now = new Date().toISOString();
    const conversationId = newCapabilityId();
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertConversation(trx, {
        id: conversationId,
        case_id: caseId,
        client_id: client.id,
        conversation_kind: kind,
        modules: JSON.stringify(input.modules),
        created_at: now,
      });
      // A new open conversation makes the case result pending again until it is finished; the last
      // case report stays available, marked as superseded, until the next one replaces it.
      await updateCase(trx, caseId, { state: 'open', result_json: null });
      await appendMessage(trx, conversationId, {
        author: author === 'analyst' ? 'analyst' : 'dossier',
        text: `Follow-up opened (${kind}); modules: ${input.modules.map((m) => m.module).join(', ')}.`,
      });
      if (author === 'api') await auditApiFollowUp(trx, client.id, caseId, conversationId, { case_kind: kind, modules: input.modules.map((m) => m.module) });
      await recordEvent(trx, this.ctx.jobs, {
        clientId: client.id,
        caseId,
        conversationId,
        type: 'follow_up_created',
        payload: {
          link: this.ctx.links.dialog(conversationId),
          case_id: caseId,
          conversation_id: conversationId,
          ...(found.communication_id ? { communication_id: found.communication_id } : {}),
        },
      });
    });
    this.ctx.jobs.notify();
    this.ctx.log.info({ caseId, conversationId, kind }, 'follow-up conversation created');
    return { conversation_id: conversationId, case_id: caseId, communication_id: found.communication_id ?? undefined };
  }

  /** The JSON text of endpoint 3's answer; at once where the database answers at once. */
  resultJson(client: ApiClient, caseId: string): string | Promise<string> {
    if (!isUuid(caseId)) throw notFound(`Case ${caseId}`);
    const row = findCaseResult(this.ctx.db, client.id, caseId);
    const answer = (r: Awaited<typeof row>) => withDecisions(this.ctx.db, r, (x) => resultAnswer(caseId, x));
    return row instanceof Promise ? row.then(answer) : answer(row);
  }
}

function resultAnswer(caseId: string, row: { id: string; state: string; result_json: string | null; communication_id: string | null } | undefined): string {
  if (!row) throw notFound(`Case ${caseId}`);
  const head = `{"case_id":${JSON.stringify(row.id)}${row.communication_id ? `,"communication_id":${JSON.stringify(row.communication_id)}` : ''}`;
  if (row.state === 'ready' && row.result_json) return `${head},"status":"ready","result":${row.result_json}}`;
  return `${head},"status":"not_ready"}`;
}
