// The case list's search finds a case by the names of its parties, not only its company: the
// transaction counterparty, the account owner, and a party a document names, accents and
// punctuation ignored, before and after the SQLite index has taken the case in, with and without
// other filters, and never a case of another API client.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/db.ts';
import { signInHttp, type HttpSession } from './helpers.ts';

let s: TestServer;
let analyst: HttpSession;

setupAll(async () => {
  // The indexer runs only when the test asks, so both states of a case are seen.
  s = await startServer({ SEARCH_INDEX_DELAY_MS: 600_000 });
  await s.d.services.users.create({ username: 'ana', clientUsername: 'bank-a', password: 'ana-password-1234' });
  analyst = await signInHttp(s.url, 'ana', 'ana-password-1234');
});
afterAll(async () => {
  await s?.close();
});

const companies = async (query: string) => {
  const res = await analyst.get(`/backoffice/cases${query}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<a href="\/backoffice\/cases\/[0-9a-f-]{36}">([^<]+)<\/a>/g)].map((m) => m[1]).sort();
};

/** Each search, on its own, with a filter (the general query) and sorted by name. */
async function expectFound(term: string, expected: string[], kind: string) {
  const q = `?q=${encodeURIComponent(term)}`;
  expect(await companies(q), term).toEqual(expected);
  expect(await companies(`${q}&kind=${kind}`), `${term} (${kind})`).toEqual(expected);
  expect(await companies(`${q}&sort=name`), `${term} by name`).toEqual(expected);
}

describe("searching by the parties' names", () => {
  setupAll(async () => {
    const f = flows(s.api);
    await f.createCase(monitoringCase({ company_full_name: 'Quill Ledger Ltd', trx_counterparty_full_name: 'Zöllner Maschinenbau GmbH', ultimate_debtor: 'Zöllner Maschinenbau GmbH' }));
    await f.createCase(onboardingCase({ company_full_name: 'Harbour Tea Ltd', user_full_name: 'Ingrid Vasquez-Holm' }));
    const northwind = await f.createCase(onboardingCase({ company_full_name: 'Northwind Foods Ltd', user_full_name: 'Paul Grey' }));
    const pdf = await makeTextPdf({
      lines: [
        'Northwind Foods Ltd',
        '3 Mill Lane, Leeds LS1 4AB',
        'United Kingdom',
        'VAT Reg No: GB987654321',
        '',
        'INVOICE INV-2026-311',
        'Invoice date: 4 March 2026',
        '',
        'Bill to:',
        'Brightwater Logistica SRL',
        'Via Roma 12',
        '20121 Milano',
        'Italy',
        'Partita IVA: IT12345678901',
        '',
        'Dried fruit, 40 cartons: 8,400.00 EUR',
        'Total due: 8,400.00 EUR',
      ],
    });
    const id = (await f.upload(northwind.conversation_id, pdf, 'invoice.pdf')).body.document_id as string;
    await f.verificationResult(northwind.conversation_id, await f.verify(northwind.conversation_id, id, 'Northwind Foods Ltd', 'invoice_with_client'));
    // Another API client's case with the same counterparty is never found.
    const other = await s.newClient('bank-b');
    await flows(other).createCase(monitoringCase({ company_full_name: 'Other Bank Customer Ltd', trx_counterparty_full_name: 'Zöllner Maschinenbau GmbH' }));
  });

  const SEARCHES: [string, string[], string][] = [
    ['zollner maschinen', ['Quill Ledger Ltd'], 'monitoring'],
    ['ZÖLLNER', ['Quill Ledger Ltd'], 'monitoring'],
    ['vasquez holm', ['Harbour Tea Ltd'], 'onboarding'],
    ['Ingrid Vasquez', ['Harbour Tea Ltd'], 'onboarding'],
    ['brightwater', ['Northwind Foods Ltd'], 'onboarding'],
  ];

  it('finds each case by its counterparty, its account owner and a party its invoice names', async () => {
    for (const [term, expected, kind] of SEARCHES) await expectFound(term, expected, kind);
    // The company name and the other columns are still searched, and only names count: not addresses.
    expect(await companies('?q=harbour+tea')).toEqual(['Harbour Tea Ltd']);
    expect(await companies('?q=via+roma')).toEqual([]);
    expect(await companies('?q=nobody+of+that+name')).toEqual([]);
  });

  it('finds them the same way once the search index has taken them in', async () => {
    await s.d.ctx.searchIndex.drain();
    for (const [term, expected, kind] of SEARCHES) await expectFound(term, expected, kind);
    expect(await companies('?q=via+roma')).toEqual([]);
  });

  it('finds the cases a database held before it kept the names, once migrated', async () => {
    const db = s.d.ctx.db;
    await sql`drop table case_parties`.execute(db);
    await sql`delete from kysely_migration where name = '017-case-parties'`.execute(db);
    expect(await migrateToLatest(db)).toContain('017-case-parties');
    for (const [term, expected, kind] of SEARCHES) await expectFound(term, expected, kind);
  });
});
