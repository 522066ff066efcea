// The website check: the address a user gave in the dialog's website step is visited in the
// background, through the guarded outbound client (every address checked before connecting,
// private networks refused unless WEBSITE_CHECK_ALLOW_PRIVATE says otherwise, one deadline per
// page, a bounded answer size), redirects followed one hop at a time (each hop checked again, at
// most MAX_REDIRECTS). The home page and at most one about/imprint/contact page are read; what they
// show is stored with the check (website.ts holds the rules), and the completion turns it into
// findings and the main company's company_website.
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { appendMessage } from '../db/conversations.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { completeWebsiteCheck, findWebsiteCheck, insertWebsiteCheck } from '../db/website-checks.repo.ts';
import { defineJob } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { newId } from '../lib/ids.ts';
import { GuardedHttpClient, OutboundError, type OutboundResponse } from '../outbound/http-client.ts';
import { aboutLink, pageDescription, pageFacts, pageText, pageTitle, reservedHost, websiteSummary, type WebsiteCheckResult, type WebsiteFacts } from './website.ts';
import { caseDataOf, entityDetailsOf } from '../db/stored-json.ts';

export const MAX_REDIRECTS = 5;
/** Bytes of a page read at most. */
export const MAX_PAGE_BYTES = 512 * 1024;

export const checkWebsiteJob = defineJob({
  name: 'website.check',
  version: 1,
  payload: Type.Object({ checkId: Type.String({ minLength: 1 }) }),
  handler: (checks: WebsiteCheckService, payload) => checks.run(payload),
});

/** Records a pending check of `url` and queues it, in the caller's transaction (the dialog's answer). */
export async function requestWebsiteCheck(db: Db, jobs: JobQueue, target: { conversationId: string; caseId: string; url: string }): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await insertWebsiteCheck(db, { id, conversation_id: target.conversationId, case_id: target.caseId, url: target.url, status: 'pending', result: null, created_at: now, updated_at: now });
  await jobs.enqueue(db, checkWebsiteJob, { checkId: id }, { dedupeKey: `website:${id}` });
  return id;
}

/** How long a completion waits at most for a check still pending (then it goes on without it). */
export function websiteCheckWaitMs(timeoutMs: number): number {
  return Math.max(60_000, timeoutMs * (MAX_REDIRECTS + 1) * 2 + 30_000);
}

type Fetched = { ok: true; url: string; response: OutboundResponse; redirects: number } | { ok: false; refused: boolean; error: string; status: number | null; url: string; redirects: number };

export class WebsiteCheckService {
  private readonly http: GuardedHttpClient;

  constructor(private readonly ctx: ServiceContext) {
    this.http = new GuardedHttpClient({
      policy: ctx.config.WEBSITE_CHECK_ALLOW_PRIVATE,
      timeoutMs: ctx.config.WEBSITE_CHECK_TIMEOUT_MS,
      maxBodyBytes: MAX_PAGE_BYTES,
      userAgent: 'Dossier-WebsiteCheck/1.0',
      hosts: ctx.config.WEBSITE_CHECK_HOSTS,
    });
  }

  /** Job handler: visits the site, stores what it shows, notes it in the conversation log. Network failures are outcomes, not errors. */
  async run(payload: { checkId: string }): Promise<void> {
    const { db } = this.ctx;
    const check = await findWebsiteCheck(db, payload.checkId);
    if (!check || check.status !== 'pending') return;
    const caseRow = await findCaseById(db, check.case_id);
    if (!caseRow) return;
    const result = await this.check(check.url, await this.factsOf(caseRow.id, caseRow.main_entity_id, caseRow.company_full_name, caseRow.case_data));
    await db.transaction().execute(async (trx) => {
      if (!(await completeWebsiteCheck(trx, check.id, JSON.stringify(result)))) return;
      await appendMessage(trx, check.conversation_id, { author: 'dossier', module: 'website', text: websiteSummary(result), attachments: [] });
    });
    this.ctx.log.info({ conversationId: check.conversation_id, outcome: result.outcome, named: result.company_named }, 'website checked');
  }

  /** The company's name, registration number and known address, as the case holds them now. */
  private async factsOf(caseId: string, mainEntityId: string, companyName: string, caseData: string): Promise<WebsiteFacts> {
    const main = (await listEntitiesOfCase(this.ctx.db, caseId)).find((e) => e.id === mainEntityId);
    const details = main ? entityDetailsOf(main) : null;
    const company = details?.type === 'company' ? details : null;
    const stored = caseDataOf({ case_data: caseData });
    return {
      companyName,
      regNumber: company?.company_reg_number || stored.company_reg_number || null,
      address: company?.legal_address?.postcode ? company.legal_address : null,
    };
  }

  /** Visits `url` and reads what it shows. */
  async check(url: string, facts: WebsiteFacts): Promise<WebsiteCheckResult> {
    const base: WebsiteCheckResult = {
      url,
      checked_at: new Date().toISOString(),
      outcome: 'unreachable',
      reachable: false,
      error: null,
      status: null,
      tls: null,
      final_url: null,
      redirects: 0,
      title: null,
      description: null,
      pages: [],
      company_named: null,
      reg_number_shown: null,
      address_shown: null,
    };
    let home = await this.fetch(url);
    // An address given without a scheme is tried over HTTPS first; a site that has no HTTPS at all is read over HTTP.
    if (!home.ok && !home.refused && home.status === null && url.startsWith('https://')) {
      const plain = await this.fetch(`http://${url.slice('https://'.length)}`);
      if (plain.ok || plain.status !== null) home = plain;
    }
    if (!home.ok) return { ...base, outcome: home.refused ? 'refused' : home.status !== null ? 'http_error' : 'unreachable', error: home.error, status: home.status, redirects: home.redirects };
    const html = isHtml(home.response) ? home.response.body : '';
    const texts = [pageText(html)];
    const pages = [home.url];
    const about = html ? aboutLink(html, home.url) : null;
    if (about) {
      const page = await this.fetch(about);
      if (page.ok && isHtml(page.response)) {
        texts.push(pageText(page.response.body));
        pages.push(page.url);
      }
    }
    return {
      ...base,
      outcome: 'ok',
      reachable: true,
      status: home.response.status,
      tls: new URL(home.url).protocol === 'https:',
      final_url: home.url,
      redirects: home.redirects,
      title: html ? pageTitle(html) : null,
      description: html ? pageDescription(html) : null,
      pages,
      ...pageFacts(texts, facts),
    };
  }

  /** GETs a page, following redirects one checked hop at a time. */
  private async fetch(start: string): Promise<Fetched> {
    let url = new URL(start).href;
    for (let redirects = 0; ; redirects++) {
      const host = new URL(url).hostname;
      if (reservedHost(host) && !this.ctx.config.WEBSITE_CHECK_HOSTS.has(host.toLowerCase())) {
        return { ok: false, refused: false, error: `${host} is a name reserved for examples and tests`, status: null, url, redirects };
      }
      let response: OutboundResponse;
      try {
        response = await this.http.get(url, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', connection: 'close' });
      } catch (err) {
        if (!(err instanceof OutboundError)) throw err;
        const refused = err.kind === 'refused_address';
        const error = refused
          ? `${host} points to a private, loopback or link-local network address`
          : err.kind === 'dns'
            ? `the name ${host} could not be resolved`
            : err.kind === 'timeout'
              ? 'no answer in time'
              : `the connection failed (${err.message})`;
        return { ok: false, refused, error, status: null, url, redirects };
      }
      if (response.status >= 300 && response.status < 400 && response.location) {
        if (redirects >= MAX_REDIRECTS) return { ok: false, refused: false, error: `more than ${MAX_REDIRECTS} redirects`, status: response.status, url, redirects };
        let next: URL;
        try {
          next = new URL(response.location, url);
        } catch {
          return { ok: false, refused: false, error: 'it redirects to an address that is not valid', status: response.status, url, redirects };
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return { ok: false, refused: false, error: `it redirects to a ${next.protocol} address`, status: response.status, url, redirects };
        next.hash = '';
        url = next.href;
        continue;
      }
      if (response.status >= 400 || response.status < 200) return { ok: false, refused: false, error: `it answered with HTTP status ${response.status}`, status: response.status, url, redirects };
      return { ok: true, url, response, redirects };
    }
  }

  close(): void {
    this.http.close();
  }
}

function isHtml(r: OutboundResponse): boolean {
  const type = (r.contentType ?? '').toLowerCase();
  return type === '' ? /<html|<title|<body/i.test(r.body.slice(0, 2000)) : type.includes('html');
}
