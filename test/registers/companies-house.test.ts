// The Companies House connector against a loopback server answering with recorded answers in the
// register's documented shapes: profile, officers, PSCs (bands, corporate owners), statements,
// filing history, document metadata and content, caching and the rate limit.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { openDatabase, migrateToLatest, type DbHandle } from '../../src/db/db.ts';
import { CompaniesHouseClient } from '../../src/entities/registers/companies-house/client.ts';
import { CompaniesHouseConnector } from '../../src/entities/registers/companies-house/connector.ts';
import { refOf } from '../../src/entities/registers/companies-house/mapping.ts';
import { RegisterUnavailable } from '../../src/entities/registers/connector.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { startFakeCompaniesHouse, TEST_API_KEY, type FakeCompaniesHouse } from '../helpers/companies-house.ts';

let storage: TestStorage;
let handle: DbHandle;
let ch: FakeCompaniesHouse;

function connector(overrides: Partial<ConstructorParameters<typeof CompaniesHouseClient>[1]> = {}) {
  const client = new CompaniesHouseClient(handle.db, {
    apiUrl: ch.url,
    documentApiUrl: ch.url,
    apiKey: TEST_API_KEY,
    cacheTtlMs: 60_000,
    timeoutMs: 5000,
    rateLimit: { requests: 600, windowMs: 300_000 },
    maxDocumentBytes: 1 << 20,
    ...overrides,
  });
  return { client, connector: new CompaniesHouseConnector(client) };
}

setupAll(async () => {
  storage = await createTestStorage();
  handle = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  await migrateToLatest(handle.db);
  ch = await startFakeCompaniesHouse();
});

afterAll(async () => {
  await ch.close();
  await handle.close();
  await storage.drop();
});

describe('Companies House connector', () => {
  it('finds a company by number (padded) and reads its profile', async () => {
    const { connector: c } = connector();
    const ref = await c.find({ countryCode: 'GB', regNumber: '1234567' });
    expect(ref).toMatchObject({ register: 'gb-companies-house', key: '01234567', regNumber: '01234567', name: 'ACME TRADING LTD' });
    const p = await c.profile(ref!);
    expect(p).toMatchObject({
      name: 'ACME TRADING LTD',
      legalType: 'Private limited company',
      status: 'active',
      incorporationDate: '2015-03-02',
      sicCodes: ['46690', '46900'],
      address: { street_address: '12 Harbour Street, Unit 4', city: 'Bristol', postcode: 'BS1 4RN', country_code: 'GB', state_or_province: 'Avon' },
      publicUrl: 'https://find-and-update.company-information.service.gov.uk/company/01234567',
    });
    expect(await c.find({ countryCode: 'GB', regNumber: '99999999' })).toBeNull();
    expect(await c.find({ countryCode: 'FR', regNumber: '01234567' })).toBeNull();
  });

  it('lists serving directors with the nominee flag, not secretaries or resigned directors', async () => {
    const { connector: c } = connector();
    const acme = await c.officers(refOf('01234567'));
    expect(acme.map((o) => [o.person.name.first, o.person.name.last, o.nominee, o.person.birthMonth])).toEqual([
      ['Jane Elizabeth', 'Smith', false, '1975-04'],
      ['John', 'Doe', false, '1980-11'],
    ]);
    const alpha = await c.officers(refOf('11111111'));
    expect(alpha.map((o) => [o.kind, o.role, o.nominee])).toEqual([
      ['company', 'corporate-nominee-director', true],
      ['person', 'nominee-director', true],
    ]);
    expect(alpha[0]!.company).toEqual({ countryCode: 'GB', regNumber: '05555555' });
  });

  it('maps PSC bands to ranges, links corporate owners for following and drops ceased ones', async () => {
    const { connector: c } = connector();
    const o = await c.owners(refOf('01234567'));
    expect(o.owners.map((x) => [x.kind, x.company?.name, x.ownership, x.company?.ref?.key])).toEqual([
      ['company', 'ALPHA HOLDINGS LIMITED', { range: [0.5, 0.75] }, '11111111'],
      ['company', 'BETA INVESTMENTS LIMITED', { range: [0.25, 0.5] }, '22222222'],
    ]);
    expect(o.statements).toEqual([]);
    const beta = await c.owners(refOf('22222222'));
    expect(beta.owners[0]).toMatchObject({
      kind: 'person',
      ownership: { range: [0.75, 1] },
      person: { name: { first: 'Jane Elizabeth', last: 'Smith' }, birthMonth: '1975-04', nationality: 'British' },
    });
  });

  it('reads the statements of a company whose owner is not published', async () => {
    const { connector: c } = connector();
    const o = await c.owners(refOf('33333333'));
    expect(o.owners).toEqual([]);
    expect(o.statements).toEqual([{ code: 'psc-exists-but-not-identified', text: expect.stringContaining('has not identified'), opaque: true }]);
  });

  it('lists filings with their public page and downloads the PDF without sending the key to storage', async () => {
    const { connector: c } = connector();
    const filings = await c.filings(refOf('01234567'));
    expect(filings.map((f) => [f.type, f.category, f.date, f.description])).toEqual([
      ['AA', 'accounts', '2025-09-20', 'Total exemption full accounts made up to 2024-12-31'],
      ['CS01', 'confirmation-statement', '2025-03-10', 'Confirmation statement made on 2025-03-02 with no updates'],
      ['NEWINC', 'incorporation', '2015-03-02', 'Incorporation'],
    ]);
    expect(filings[1]!.sourceUrl).toBe('https://find-and-update.company-information.service.gov.uk/company/01234567/filing-history/MzQzMjEwOTg3NmFkaXF6a2N4/document?format=pdf&download=0');
    const doc = await c.filingDocument(refOf('01234567'), filings[1]!);
    expect(doc?.mediaType).toBe('application/pdf');
    expect(doc?.fileName).toBe('01234567_cs01_2025-03-10.pdf');
    expect(doc!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(ch.storageAuth.at(-1)).toBeUndefined();
    // Gamma's latest filing has no PDF yet: nothing to download.
    const gamma = await c.filings(refOf('33333333'));
    expect(await c.filingDocument(refOf('33333333'), gamma[0]!)).toBeNull();
  });

  it('answers again from its cache, found and not found alike', async () => {
    const { client, connector: c } = connector();
    await c.profile(refOf('22222222'));
    await c.find({ countryCode: 'GB', regNumber: '88888888' });
    const before = client.requests;
    await c.profile(refOf('22222222'));
    await c.find({ countryCode: 'GB', regNumber: '88888888' });
    expect(client.requests).toBe(before);
    const fresh = connector({ cacheTtlMs: 0 });
    await fresh.connector.profile(refOf('22222222'));
    expect(fresh.client.requests).toBe(1);
  });

  it('keeps the rate limit and says when to come back after a 429', async () => {
    const limited = connector({ cacheTtlMs: 0, rateLimit: { requests: 2, windowMs: 60_000 } });
    await limited.connector.profile(refOf('01234567'));
    await limited.connector.profile(refOf('11111111'));
    const err = await limited.connector.profile(refOf('22222222')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegisterUnavailable);
    expect((err as RegisterUnavailable).retryAt).toBeGreaterThan(Date.now() + 50_000);
    expect(limited.client.requests).toBe(2);

    const throttled = connector({ cacheTtlMs: 0 });
    ch.throttle(1);
    const e2 = await throttled.connector.profile(refOf('01234567')).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(RegisterUnavailable);
    expect((e2 as RegisterUnavailable).retryAt).toBeGreaterThanOrEqual(Date.now() + 1000);
  });

  it('sends the API key as the Basic username', async () => {
    const wrong = connector({ apiKey: 'wrong-key', cacheTtlMs: 0 });
    await expect(wrong.connector.profile(refOf('01234567'))).rejects.toThrow(/answered 401/);
  });
});
