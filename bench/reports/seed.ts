// biome-ignore-all format: tables and word lists read better packed than one item a line
// Data for the reports benchmark: one conversation with 20 documents and 100 commented findings
// (plus an ownership structure and a 60-message log), and 100 000 cases of one API client for the
// case list. Rows are written straight into the tables, as the services would have left them.
import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/db.ts';
import type { CasesTable, ConversationsTable } from '../../src/db/schema.ts';
import { caseListColumns } from '../../src/lib/search-keys.ts';
import { freshOwnershipIds, ownershipEntities } from '../../test/fixtures/ownership.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A monitoring case whose one completed conversation has 20 documents and 100 findings with comments. */
export async function seedBigConversation(db: Db, clientId: string): Promise<{ caseId: string; conversationId: string }> {
  const caseId = crypto.randomUUID();
  const conversationId = crypto.randomUUID();
  const mainId = crypto.randomUUID();
  const t0 = Date.parse('2026-10-01T09:00:00Z');
  const caseData = {
    case_kind: 'monitoring',
    company_full_name: 'Ромашка Müller Ζήτα Trading Ltd',
    company_country_code: 'GB',
    trx_direction: 'outgoing',
    trx_amount: 45000,
    trx_currency: 'EUR',
    trx_date: '2026-09-28',
    trx_counterparty_full_name: 'Baltic Freight SIA',
    trx_ref_number: 'TRX-99812',
    trx_description: 'Freight services',
  };
  const row = {
    id: caseId,
    client_id: clientId,
    case_kind: 'monitoring' as const,
    communication_id: 'bench-big',
    company_full_name: caseData.company_full_name,
    company_country_code: 'GB',
    case_data: JSON.stringify(caseData),
    case_manager: null,
    invitation_email_recipients: '[]',
    state: 'processing' as const,
    main_entity_id: mainId,
    result_json: null,
    risk_report_blob: null,
    created_at: iso(t0),
    updated_at: iso(t0),
  };
  await db.insertInto('cases').values({ ...row, ...caseListColumns(row), risk_level: null, score: null }).execute();
  await db
    .insertInto('conversations')
    .values({ id: conversationId, case_id: caseId, client_id: clientId, conversation_kind: 'monitoring', modules: JSON.stringify([{ module: 'invoice' }, { module: 'contract' }]), state: 'completed', completed_at: iso(t0 + 3600_000), result_json: null, web_report_blob: null, pdf_report_blob: null, created_at: iso(t0), updated_at: iso(t0) })
    .execute();
  const ids = freshOwnershipIds(mainId);
  await db
    .insertInto('entities')
    .values(ownershipEntities(caseData.company_full_name, ids).map((e, i) => ({ id: e.entity_id, case_id: caseId, entity_type: e.type, role: e.entity_id === mainId ? ('main_company' as const) : ('related' as const), details: JSON.stringify(e), created_at: iso(t0 + i), updated_at: iso(t0) })))
    .execute();
  const severities = ['critical', 'warning', 'warning', 'info', 'info'] as const;
  for (let d = 0; d < 20; d++) {
    const documentId = crypto.randomUUID();
    const verificationId = crypto.randomUUID();
    const at = iso(t0 + d * 60_000);
    await db
      .insertInto('documents')
      .values({
        id: documentId,
        conversation_id: conversationId,
        case_id: caseId,
        client_id: clientId,
        blob_sha256: crypto.createHash('sha256').update(`doc-${d}`).digest('hex'),
        size_bytes: 100_000 + d * 1000,
        media_type: 'application/pdf',
        file_name: `document-${String(d + 1).padStart(2, '0')}-счёт-faktura.pdf`,
        document_type: d % 2 ? 'contract' : 'invoice',
        document_name: d % 2 ? 'Contract' : 'Invoice',
        source: d === 19 ? 'register' : 'upload',
        source_url: d === 19 ? 'https://find-and-update.company-information.service.gov.uk/company/01234567/filing-history' : null,
        rejected: d === 7 ? 1 : 0,
        extracted_data: JSON.stringify({ page_count: 3, fields: { invoice_number: `INV-${d}`, issue_date: '2026-09-20', currency: 'EUR', grand_total: String(44000 + d * 100), seller: { name: 'Baltic Freight SIA' }, buyer: { name: caseData.company_full_name } } }),
        entity_id: mainId,
        created_at: at,
      })
      .execute();
    await db.insertInto('verifications').values({ id: verificationId, conversation_id: conversationId, client_id: clientId, document_id: documentId, document_type: 'invoice', company_full_name: caseData.company_full_name, status: 'ready', created_at: at, completed_at: at }).execute();
    for (let f = 0; f < 5; f++) {
      const issueId = `bench_issue_${d}_${f}-${crypto.randomBytes(4).toString('hex')}`;
      await db
        .insertInto('findings')
        .values({ id: crypto.randomUUID(), conversation_id: conversationId, verification_id: verificationId, document_id: documentId, issue_id: issueId, code: `bench_code_${f}`, severity: severities[f]!, text: `Finding ${f + 1} of document ${d + 1}: the amount, the counterparty «Балтик» and the dates need a closer look before sign-off.`, position: f, created_at: at, source: 'verification' })
        .execute();
      await db.insertInto('comments').values({ id: crypto.randomUUID(), conversation_id: conversationId, issue_id: issueId, comment_text: `Comment on ${issueId}: checked against the contract; Ελληνικά σχόλια included.`, author: 'Анна (back office)', created_at: at }).execute();
    }
  }
  for (let m = 0; m < 60; m++) {
    await db.insertInto('conversation_messages').values({ id: crypto.randomUUID(), conversation_id: conversationId, seq: m + 1, author: m % 2 ? 'user' : 'dossier', module: 'invoice', text: `Message ${m + 1} of the dialog, with enough words to wrap over a line in the report.`, attachments: '[]', created_at: iso(t0 + m * 1000) }).execute();
  }
  return { caseId, conversationId };
}

const PREFIXES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Northwind', 'Brightmoor', 'Fabrikam', 'Tailspin', 'Ромашка', 'Ζήτα', 'Müller', 'Søndergaard', 'Łódzka', 'Vandelay', 'Hooli', 'Wonka', 'Soylent', 'Cyberdyne', 'Oscorp', 'Gringotts'];
const MIDDLES = ['Trading', 'Logistics', 'Holdings', 'Shipping', 'Foods', 'Textiles', 'Energy', 'Systems', 'Capital', 'Metals', 'Pharma', 'Timber'];
const SUFFIXES = ['Ltd', 'GmbH', 'SA', 'Sp. z o.o.', 'AS', 'BV', 'Inc', 'LLC', 'AB', 'Oy'];
const STATES = ['open', 'open', 'processing', 'ready', 'ready', 'ready'] as const;
const RISKS = ['low', 'low', 'medium', 'high'] as const;

/** `count` cases (and one conversation each) for one client, created over the last two years. */
export async function seedCases(db: Db, clientId: string, count: number, onProgress?: (done: number) => void): Promise<void> {
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const cases: Insertable<CasesTable>[] = [];
    const conversations: Insertable<ConversationsTable>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const id = crypto.randomUUID();
      const name = `${PREFIXES[i % PREFIXES.length]} ${MIDDLES[(i >> 3) % MIDDLES.length]} ${i % 9973} ${SUFFIXES[(i >> 5) % SUFFIXES.length]}`;
      const state = STATES[i % STATES.length]!;
      const createdAt = iso(now - span + Math.floor((i / count) * span));
      const kind = i % 3 === 0 ? 'monitoring' : 'onboarding';
      const caseData = { case_kind: kind, company_full_name: name, company_country_code: 'GB', company_reg_number: String(10_000_000 + i) };
      const row = {
        id,
        client_id: clientId,
        case_kind: kind as 'monitoring' | 'onboarding',
        communication_id: `crm-${String(i).padStart(7, '0')}`,
        company_full_name: name,
        company_country_code: 'GB',
        case_data: JSON.stringify(caseData),
        case_manager: null,
        invitation_email_recipients: '[]',
        state,
        main_entity_id: crypto.randomUUID(),
        result_json: null,
        risk_report_blob: null,
        created_at: createdAt,
        updated_at: createdAt,
      };
      const risk = state === 'ready' ? RISKS[i % RISKS.length]! : null;
      cases.push({ ...row, ...caseListColumns(row), risk_level: risk, score: risk ? { low: 15, medium: 45, high: 75 }[risk] + (i % 10) : null });
      conversations.push({ id: crypto.randomUUID(), case_id: id, client_id: clientId, conversation_kind: kind as 'monitoring' | 'onboarding', modules: '[]', state: state === 'open' ? ('open' as const) : ('ready' as const), completed_at: null, result_json: null, web_report_blob: null, pdf_report_blob: null, created_at: createdAt, updated_at: createdAt });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('cases').values(cases).execute();
      await trx.insertInto('conversations').values(conversations).execute();
    });
    onProgress?.(Math.min(count, start + batch));
  }
}
