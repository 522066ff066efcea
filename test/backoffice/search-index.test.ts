// The case search index is filled off the request path (SQLite: queued by trigger, indexed in
// batches by the search indexer): a new case is found at once, while it waits in the queue and after
// it has been indexed, and a process that starts catches up with what an earlier one left queued.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { sql } from 'kysely';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { signInHttp, type HttpSession } from './helpers.ts';

let storage: TestStorage;
let s: TestServer;
let analyst: HttpSession;

const sqlite = () => s.d.ctx.dialect === 'sqlite';
const queued = async () => Number((await sql<{ n: number }>`select count(*) as n from cases_search_pending`.execute(s.d.ctx.db)).rows[0]!.n);
const indexed = async (caseId: string) => Number((await sql<{ n: number }>`select count(*) as n from cases_search where case_id = ${caseId}`.execute(s.d.ctx.db)).rows[0]!.n);

setupAll(async () => {
  storage = await createTestStorage();
  // The indexer never runs by itself here: the test decides when the queue is emptied.
  s = await startServer({ SEARCH_INDEX_DELAY_MS: 600_000 }, { storage });
  await s.d.services.users.create({ username: 'ana', clientUsername: 'bank-a', password: 'ana-password-1234' });
  analyst = await signInHttp(s.url, 'ana', 'ana-password-1234');
});
afterAll(async () => {
  await s.close();
  await storage.drop();
});

const companies = async (query: string) => {
  const res = await analyst.get(`/backoffice/cases${query}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<a href="\/backoffice\/cases\/[0-9a-f-]{36}">([^<]+)<\/a>/g)].map((m) => m[1]);
};

const SEARCHES = ['?q=quokka', '?q=FREIGHT', '?q=998877', '?q=crm-quok', '?q=quokka&kind=onboarding', '?q=quokka&sort=oldest', '?q=freight&sort=name'];

describe('the case search index', () => {
  let caseId = '';

  it('finds a case created a moment ago, before it is indexed', async () => {
    await flows(s.api).createCase(onboardingCase({ company_full_name: 'Other Holdings Ltd' }, { communication_id: 'crm-other' }));
    ({ case_id: caseId } = await flows(s.api).createCase(
      onboardingCase({ company_full_name: 'Quokka Freight GmbH', company_country_code: 'DE', company_reg_number: 'HRB 998877' }, { communication_id: 'crm-quokka-7' }),
    ));
    if (sqlite()) {
      expect(await queued()).toBe(2);
      expect(await indexed(caseId)).toBe(0);
    }
    for (const q of SEARCHES) expect(await companies(q), q).toEqual(['Quokka Freight GmbH']);
    expect(await companies('?q=zzyzx')).toEqual([]);
  });

  it('finds it the same way once the indexer has taken it in', async () => {
    await s.d.ctx.searchIndex.drain();
    if (sqlite()) {
      expect(await queued()).toBe(0);
      expect(await indexed(caseId)).toBe(1);
    }
    for (const q of SEARCHES) expect(await companies(q), q).toEqual(['Quokka Freight GmbH']);
    expect(await companies('?q=holdings')).toEqual(['Other Holdings Ltd']);
  });

  it('a starting process indexes what an earlier one left queued', async () => {
    await flows(s.api).createCase(onboardingCase({ company_full_name: 'Wombat Mining Pty Ltd', company_country_code: 'AU' }, { communication_id: 'crm-wombat' }));
    if (sqlite()) expect(await queued()).toBe(1);
    await s.d.close();
    s = await startServer({ SEARCH_INDEX_DELAY_MS: 10 }, { storage });
    analyst = await signInHttp(s.url, 'ana', 'ana-password-1234');
    if (sqlite()) await eventually(async () => ((await queued()) === 0 ? true : undefined));
    expect(await companies('?q=wombat')).toEqual(['Wombat Mining Pty Ltd']);
    expect(await companies('?q=quokka')).toEqual(['Quokka Freight GmbH']);
  });

  it('indexes new cases shortly after they are created', async () => {
    const f = flows(s.api);
    await Promise.all(Array.from({ length: 30 }, (_, i) => f.createCase(onboardingCase({ company_full_name: `Burst ${i} Trading Ltd` }, { communication_id: `burst-${i}` }))));
    if (sqlite()) await eventually(async () => ((await queued()) === 0 ? true : undefined));
    expect(await companies('?q=burst+17')).toEqual(['Burst 17 Trading Ltd']);
  });
});
