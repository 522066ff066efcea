// Steps the back-office tests share: signing in over plain HTTP (cookies and CSRF tokens by hand),
// giving a case an ownership structure, and making cases with documents and findings.
import type { TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { makeInvoicePdf, makePng } from '../fixtures/documents.ts';
import { freshOwnershipIds, ownershipEntities, type OwnershipIds } from '../fixtures/ownership.ts';

export interface HttpSession {
  cookie: string;
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, form: Record<string, string | string[]>): Promise<Response>;
}

function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair!.indexOf('=');
    out[pair!.slice(0, i)] = pair!.slice(i + 1);
  }
  return out;
}

export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF field on the page');
  return m[1]!;
}

export function formBody(form: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  return body;
}

/** Signs in through the login form; the answer of the POST is returned when it did not work. */
export async function signInHttp(url: string, username: string, password: string): Promise<HttpSession> {
  const page = await fetch(`${url}/backoffice/login`);
  const loginCookie = cookiesOf(page).dossier_login_csrf!;
  const res = await fetch(`${url}/backoffice/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `dossier_login_csrf=${loginCookie}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ username, password, _csrf: csrfOf(await page.text()), next: '/backoffice/cases' }),
  });
  const session = cookiesOf(res).dossier_session;
  if (res.status !== 303 || !session) throw new Error(`sign-in failed with ${res.status}`);
  const cookie = `dossier_session=${session}`;
  const list = await fetch(`${url}/backoffice/cases`, { headers: { cookie } });
  const csrf = csrfOf(await list.text());
  return {
    cookie,
    csrf,
    get: (path) => fetch(`${url}${path}`, { headers: { cookie }, redirect: 'manual' }),
    post: (path, form) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody({ _csrf: csrf, ...form }),
      }),
  };
}

/** Stores the sample ownership structure for a case: its main company gets shareholders and UBOs. */
export async function storeOwnership(s: TestServer, caseId: string): Promise<OwnershipIds> {
  const db = s.d.ctx.db;
  const main = await db.selectFrom('entities').selectAll().where('case_id', '=', caseId).where('role', '=', 'main_company').executeTakeFirstOrThrow();
  const name = (JSON.parse(main.details) as { company_full_name: string }).company_full_name;
  const ids = freshOwnershipIds(main.id);
  const now = new Date().toISOString();
  for (const e of ownershipEntities(name, ids)) {
    if (e.entity_id === main.id) {
      const current = JSON.parse(main.details) as Record<string, unknown>;
      const merged = {
        ...current,
        shareholders: (e as { shareholders: unknown }).shareholders,
        ultimate_beneficiary_owners: (e as { ultimate_beneficiary_owners: unknown }).ultimate_beneficiary_owners,
      };
      await db
        .updateTable('entities')
        .set({ details: JSON.stringify(merged), updated_at: now })
        .where('id', '=', main.id)
        .execute();
    } else {
      await db
        .insertInto('entities')
        .values({ id: e.entity_id, case_id: caseId, entity_type: e.type, role: 'related', details: JSON.stringify(e), created_at: now, updated_at: now })
        .execute();
    }
  }
  return ids;
}

export interface SeededCase {
  case_id: string;
  conversation_id: string;
  issues: { issue_id: string; severity: string; text: string }[];
}

/**
 * A monitoring case with an invoice that names another company (so it has findings) and a PNG;
 * verified, and left open unless `complete` is set.
 */
export async function seedCase(s: TestServer, api = s.api, o: { company?: string; communication?: string; complete?: boolean; ownership?: boolean } = {}): Promise<SeededCase> {
  const f = flows(api);
  const company = o.company ?? 'Acme Trading Ltd';
  const ids = await f.createCase(monitoringCase({ company_full_name: company }, o.communication ? { communication_id: o.communication } : {}));
  const invoice = await makeInvoicePdf({ seller: 'Globex GmbH', buyer: 'Initech Ltd', invoiceNumber: 'INV-7', date: '2026-09-30', currency: 'EUR', total: 15250.75 });
  const doc = (await f.upload(ids.conversation_id, invoice, 'invoice-7.pdf')).body.document_id as string;
  const png = (await f.upload(ids.conversation_id, makePng(), 'photo.png')).body.document_id as string;
  const issues = [
    ...(await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, doc, company, 'invoice'))),
    ...(await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, png, company, 'contract'))),
  ];
  if (o.ownership !== false) await storeOwnership(s, ids.case_id);
  if (o.complete) {
    await f.complete(ids.conversation_id);
    await f.conversationResult(ids.conversation_id);
  }
  return { ...ids, issues };
}
