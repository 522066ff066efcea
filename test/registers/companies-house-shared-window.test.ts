// The Companies House window shared by processes: two clients of the register on their own
// database connections (as two worker processes have) count in one window of the rate-limit store,
// so together they send no more than the limit; a 429 answered to one stops the other too.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { openDatabase, migrateToLatest, type DbHandle } from '../../src/db/db.ts';
import { DatabaseRateLimitStore } from '../../src/db/rate-limit-store.ts';
import { CompaniesHouseClient } from '../../src/entities/registers/companies-house/client.ts';
import { isChCompanyProfile } from '../../src/entities/registers/companies-house/types.ts';
import { RegisterUnavailable } from '../../src/entities/registers/connector.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { startFakeCompaniesHouse, TEST_API_KEY, type FakeCompaniesHouse } from '../helpers/companies-house.ts';

let storage: TestStorage;
let handles: DbHandle[] = [];
let ch: FakeCompaniesHouse;
const log = { warn: () => undefined };

function client(handle: DbHandle, requests: number) {
  return new CompaniesHouseClient(handle.db, {
    apiUrl: ch.url,
    documentApiUrl: ch.url,
    apiKey: TEST_API_KEY,
    // Every call goes to the register: nothing is answered from the cache.
    cacheTtlMs: 0,
    timeoutMs: 5000,
    rateLimit: { requests, windowMs: 300_000 },
    maxDocumentBytes: 1 << 20,
    shared: new DatabaseRateLimitStore(handle.db, log),
  });
}

setupAll(async () => {
  storage = await createTestStorage();
  handles = [0, 1].map(() => openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir }));
  await migrateToLatest(handles[0]!.db);
  ch = await startFakeCompaniesHouse();
});
beforeEach(async () => {
  await handles[0]!.db.deleteFrom('rate_limits').execute();
});
afterAll(async () => {
  await ch?.close();
  for (const h of handles) await h.close();
  await storage?.drop();
});

describe('the Companies House window across processes', () => {
  it('lets two clients send 3 requests between them when the limit is 3', async () => {
    const [a, b] = handles.map((h) => client(h, 3));
    const before = ch.requests.length;
    const outcomes = await Promise.allSettled([a, b, a, b, a, b, a, b].map((c) => c!.json('/company/01234567', isChCompanyProfile)));
    expect(ch.requests.length - before).toBe(3);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(RegisterUnavailable);
      expect((r.reason as RegisterUnavailable).retryAt).toBeGreaterThan(Date.now());
    }
  });

  it('stops the other client after a 429 answered to one, until its Retry-After', async () => {
    const [a, b] = handles.map((h) => client(h, 600));
    ch.throttle(1);
    await expect(a!.json('/company/01234567', isChCompanyProfile)).rejects.toBeInstanceOf(RegisterUnavailable);
    const before = ch.requests.length;
    await expect(b!.json('/company/01234567', isChCompanyProfile)).rejects.toBeInstanceOf(RegisterUnavailable);
    expect(ch.requests.length).toBe(before);
  });
});
