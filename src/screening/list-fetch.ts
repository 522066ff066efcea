// Lists fetched on a schedule (SCREENING_LIST_URLS): each source's file (and OFAC's alias and
// address files) is downloaded to a temporary folder through the outbound guard, streaming, with
// a deadline and a size limit, redirects followed hop by hop; then imported exactly as by
// `dossier lists import` (an unchanged file imports nothing; a new version has every case screened
// again). A source that fails leaves its list's active version as it was and the others go on.
// The job runs at whole multiples of SCREENING_FETCH_INTERVAL_MINUTES since midnight UTC, and once
// when a worker starts; each run queues the next, and a run's key makes it happen once however
// many processes queue it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { ListSource } from '../config.ts';
import type { ServiceContext } from '../context.ts';
import { defineJob } from '../jobs/definition.ts';
import { GuardedHttpClient, OutboundError } from '../outbound/http-client.ts';
import { importList, ListImportError } from './lists.ts';
import { enqueueRescreenAll } from './screening.jobs.ts';

export const fetchListsJob = defineJob({
  name: 'screening.fetch-lists',
  version: 1,
  payload: Type.Object({ slot: Type.Integer({ minimum: 0 }) }),
  handler: (lists: ListFetchService, payload) => lists.run(payload),
});

const MAX_REDIRECTS = 5;

/** What fetching one source came to. */
export interface FetchOutcome {
  list: string;
  /** imported: a new version; unchanged: the active version's file again; failed: nothing changed. */
  outcome: 'imported' | 'unchanged' | 'failed';
  message: string;
}

export class ListFetchError extends Error {}

/** What fetching lists needs of the service context (the `dossier lists fetch` command has no more). */
export type ListFetchContext = Pick<ServiceContext, 'config' | 'db' | 'dialect' | 'jobs' | 'log'>;

export class ListFetchService {
  private readonly http: GuardedHttpClient;

  constructor(private readonly ctx: ListFetchContext) {
    this.http = new GuardedHttpClient({
      policy: ctx.config.SCREENING_FETCH_ALLOW_PRIVATE,
      timeoutMs: ctx.config.SCREENING_FETCH_TIMEOUT_MS,
      maxBodyBytes: 4096,
      userAgent: 'Dossier-Lists/1.0',
    });
  }

  private intervalMs(): number {
    return this.ctx.config.SCREENING_FETCH_INTERVAL_MINUTES * 60_000;
  }

  /** Queues the run due now (once per interval, however many workers start) when lists are configured. */
  async schedule(): Promise<void> {
    if (!this.ctx.config.SCREENING_LIST_URLS.length) return;
    await this.enqueue(Math.floor(Date.now() / this.intervalMs()), Date.now());
  }

  private async enqueue(slot: number, runAt: number): Promise<void> {
    await this.ctx.jobs.enqueue(this.ctx.db, fetchListsJob, { slot }, { runAt, dedupeKey: `screening.fetch-lists:${this.intervalMs()}:${slot}` });
    this.ctx.jobs.notify();
  }

  /** Job handler: fetches every source, then queues the next run. */
  async run(payload: { slot: number }): Promise<void> {
    try {
      await this.fetchAll();
    } finally {
      const next = Math.max(payload.slot + 1, Math.floor(Date.now() / this.intervalMs()) + 1);
      await this.enqueue(next, next * this.intervalMs());
    }
  }

  close(): void {
    this.http.close();
  }

  /** Fetches and imports every configured source now; one outcome per source. */
  async fetchAll(): Promise<FetchOutcome[]> {
    const out: FetchOutcome[] = [];
    for (const source of this.ctx.config.SCREENING_LIST_URLS) {
      const outcome = await this.fetchOne(source).catch((err: unknown): FetchOutcome => {
        if (!(err instanceof ListFetchError || err instanceof ListImportError)) throw err;
        return { list: source.name, outcome: 'failed', message: `${err.message}; the active version stays` };
      });
      if (outcome.outcome === 'failed') this.ctx.log.error({ list: source.name, url: source.url, reason: outcome.message }, 'list not fetched');
      else this.ctx.log.info({ list: source.name, outcome: outcome.outcome }, outcome.message);
      out.push(outcome);
    }
    return out;
  }

  private async fetchOne(source: ListSource): Promise<FetchOutcome> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-list-'));
    try {
      const file = await this.download(source.url, dir, 'list');
      const alt = source.alt ? await this.download(source.alt, dir, 'alt.csv') : undefined;
      const add = source.add ? await this.download(source.add, dir, 'add.csv') : undefined;
      const imported = await importList(this.ctx.db, this.ctx.dialect, file, { name: source.name, alt, add });
      const v = imported.version;
      if (imported.unchanged)
        return { list: source.name, outcome: 'unchanged', message: `${source.url} is the active version of ${v.list_name} already (${v.version_date}, ${v.entry_count} entries)` };
      const cases = await enqueueRescreenAll(this.ctx.db, this.ctx.jobs, v.id);
      this.ctx.jobs.notify();
      return {
        list: source.name,
        outcome: 'imported',
        message: `imported ${source.url} as ${v.list_name} version ${v.version_date} (${v.format}, ${v.entry_count} entries); ${cases} case(s) queued for screening`,
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Downloads `url` into `dir` (redirects followed hop by hop, each through the guard); returns the file. */
  private async download(url: string, dir: string, name: string): Promise<string> {
    const file = path.join(dir, name);
    const maxBytes = this.ctx.config.SCREENING_FETCH_MAX_MB * 1024 * 1024;
    let at = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const r = await this.http.download(at, file, maxBytes).catch((err: unknown) => {
        if (err instanceof OutboundError) throw new ListFetchError(`${at}: ${err.message}`);
        throw err;
      });
      if (r.status === 200) return file;
      if (r.status >= 300 && r.status < 400 && r.location) {
        if (!URL.canParse(r.location, at)) throw new ListFetchError(`${at} redirects to "${r.location}", which is not an address`);
        at = new URL(r.location, at).toString();
        continue;
      }
      throw new ListFetchError(`${at} answered HTTP status ${r.status}`);
    }
    throw new ListFetchError(`${url}: more than ${MAX_REDIRECTS} redirects`);
  }
}
