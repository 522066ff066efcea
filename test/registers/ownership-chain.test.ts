// A case for a UK company, looked up in (a loopback) Companies House when it is created: the
// three-level chain with a corporate owner, register bands, a person owning through two branches
// (stakes added), an unpublished owner kept as a leaf, nominee directors, one official_registers
// document per company of the chain with its public link, and the score that follows from it.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { importBods } from '../../src/entities/registers/imported/bods-import.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { startFakeCompaniesHouse, TEST_API_KEY, type FakeCompaniesHouse } from '../helpers/companies-house.ts';

let server: TestServer;
let ch: FakeCompaniesHouse;

setupAll(async () => {
  ch = await startFakeCompaniesHouse();
  server = await startServer({ COMPANIES_HOUSE_API_KEY: TEST_API_KEY, COMPANIES_HOUSE_API_URL: ch.url, COMPANIES_HOUSE_DOCUMENT_API_URL: ch.url });
});

afterAll(async () => {
  await server?.close();
  await ch?.close();
});

type Entity = { entity_id: string; entity_details: Record<string, any> };

describe('entities and ownership from Companies House', () => {
  it('resolves the chain, the owners and the filings into the case result', async () => {
    const f = flows(server.api);
    const created = await f.createCase(onboardingCase({ company_full_name: 'Acme Trading Ltd', company_reg_number: '01234567', user_full_name: 'Jane Smith' }));
    expect((await f.complete(created.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(created.case_id);

    const entities = result.legal_entities as Entity[];
    const byName = (name: string) => entities.find((e) => e.entity_details.company_full_name === name || `${e.entity_details.first_name} ${e.entity_details.last_name}` === name)!;
    const ids = new Set(entities.map((e) => e.entity_id));
    expect(ids.size).toBe(entities.length);

    const main = entities.find((e) => e.entity_id === result.main_entity_id)!.entity_details;
    expect(main).toMatchObject({
      company_full_name: 'Acme Trading Ltd',
      legal_type: 'Private limited company',
      company_status: 'active',
      incorporation_date: '2015-03-02',
      company_reg_number: '01234567',
      legal_address: { street_address: '12 Harbour Street, Unit 4', city: 'Bristol', postcode: 'BS1 4RN', country_code: 'GB' },
    });
    expect(main.registered_industry_codes).toEqual([
      { classification: 'UKSIC2007', code: '46690' },
      { classification: 'UKSIC2007', code: '46900' },
    ]);

    const alpha = byName('ALPHA HOLDINGS LIMITED');
    const beta = byName('BETA INVESTMENTS LIMITED');
    const gamma = byName('GAMMA CAPITAL LTD');
    const jane = byName('Jane Smith');
    expect(main.shareholders).toEqual([
      { entity_id: alpha.entity_id, ownership: { range: [0.5, 0.75] } },
      { entity_id: beta.entity_id, ownership: { range: [0.25, 0.5] } },
    ]);
    expect(alpha.entity_details.shareholders).toEqual([
      { entity_id: jane.entity_id, ownership: { range: [0.5, 0.75] } },
      { entity_id: gamma.entity_id, ownership: { range: [0.25, 0.5] } },
    ]);
    expect(beta.entity_details.shareholders).toEqual([{ entity_id: jane.entity_id, ownership: { range: [0.75, 1] } }]);

    // Jane owns through Alpha ([0.25, 0.5625]) and Beta ([0.1875, 0.5]): added, capped at 1.
    expect(main.ultimate_beneficiary_owners).toEqual([{ person_entity_id: jane.entity_id, effective_ownership: { range: [0.4375, 1] } }]);
    expect(beta.entity_details.ultimate_beneficiary_owners).toEqual([{ person_entity_id: jane.entity_id, effective_ownership: { range: [0.75, 1] } }]);

    // Gamma publishes no owner: kept as a shareholder with no shareholders of its own, with the reason.
    expect(gamma.entity_details.shareholders).toEqual([]);
    expect(gamma.entity_details.additional_details).toContainEqual({ item_id: 'ownership_unresolved', value: expect.stringContaining('has not identified') });

    // One person: the account owner, the PSC of two companies and a director of two.
    expect(jane.entity_id).toBe(result.account_owner_entity_ids[0]);
    expect(jane.entity_details).toMatchObject({ first_name: 'Jane', last_name: 'Smith', date_of_birth: '1975-04', citizenship_country_code: 'GB', residency_country_code: 'GB' });
    expect(entities.filter((e) => e.entity_details.last_name === 'Smith')).toHaveLength(1);
    const doe = byName('John Doe');
    expect(main.directors).toEqual([
      { person_entity_id: jane.entity_id, nominal: false },
      { person_entity_id: doe.entity_id, nominal: false },
    ]);
    expect(alpha.entity_details.directors.map((d: any) => d.nominal)).toEqual([true, true]);

    // Every reference points at a listed entity.
    for (const e of entities) {
      const d = e.entity_details;
      for (const id of [
        ...(d.shareholders ?? []).map((s: any) => s.entity_id),
        ...(d.directors ?? []).map((s: any) => s.person_entity_id),
        ...(d.ultimate_beneficiary_owners ?? []).map((s: any) => s.person_entity_id),
      ]) {
        expect(ids.has(id)).toBe(true);
      }
    }

    // One official_registers document per company of the chain, each evidencing its company.
    const registerDocs = (result.documents as any[]).filter((d) => d.document_type === 'official_registers');
    expect(registerDocs.map((d) => d.entity_id).sort()).toEqual([main.entity_id, alpha.entity_id, beta.entity_id, gamma.entity_id].sort());
    const acmeDoc = registerDocs.find((d) => d.entity_id === main.entity_id);
    expect(acmeDoc.original_files).toEqual([
      {
        filename: '01234567_cs01_2025-03-10.pdf',
        source_url: 'https://find-and-update.company-information.service.gov.uk/company/01234567/filing-history/MzQzMjEwOTg3NmFkaXF6a2N4/document?format=pdf&download=0',
      },
    ]);
    expect(acmeDoc.document_name).toContain('Confirmation statement made on 2025-03-02');
    for (const d of registerDocs) {
      expect(d.original_files[0].source_url).toMatch(/^https:\/\/find-and-update\.company-information\.service\.gov\.uk\/company\/\d{8}\/filing-history\/[\w-]+\/document\?format=pdf&download=0$/);
      const res = await fetch(d.download_link, { headers: { authorization: `Basic ${Buffer.from(`${server.client.username}:${server.client.password}`).toString('base64')}` } });
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // The conversation result lists them too (they came with the first conversation).
    const conv = await f.conversationResult(created.conversation_id);
    expect(conv.result.client_documents.filter((d: any) => d.document_type === 'official_registers')).toHaveLength(4);

    // Opacity shows in the score: an unresolved chain, bands only, nominee directors.
    expect(result.scoring.risk_level).toMatch(/^(medium|high)$/);
  });

  it('stores the score with every factor, and reads the register once per company (cached)', async () => {
    const before = ch.requests.length;
    const f = flows(server.api);
    const created = await f.createCase(onboardingCase({ company_full_name: 'Acme Trading Ltd', company_reg_number: '01234567' }));
    await f.complete(created.conversation_id);
    const { result } = await f.caseResult(created.case_id);
    expect(ch.requests.length).toBe(before);
    const row = await server.d.ctx.db.selectFrom('case_scores').selectAll().where('case_id', '=', created.case_id).executeTakeFirstOrThrow();
    const factors = JSON.parse(row.factors) as { factor: string; points: number }[];
    expect(factors.map((x) => x.factor)).toEqual(expect.arrayContaining(['baseline', 'ownership_unresolved', 'ownership_bands_only', 'nominee_directors']));
    expect(row.score).toBe(result.scoring.score);
    expect(Math.min(100, Math.round(factors.reduce((s, x) => s + x.points, 0)))).toBe(row.score);
  });

  it('looks a company up in the local register when it is there', async () => {
    const file = new URL('../fixtures/registers/bods-package.json', import.meta.url);
    await importBods(server.d.ctx.db, server.d.ctx.dialect, fs.createReadStream(file));
    const f = flows(server.api);
    const created = await f.createCase(onboardingCase({ company_full_name: 'Harbour Logistics B.V.', company_country_code: 'NL', company_reg_number: '87654321', user_full_name: 'Anna de Vries' }));
    await f.complete(created.conversation_id);
    const { result } = await f.caseResult(created.case_id);
    const main = (result.legal_entities as Entity[]).find((e) => e.entity_id === result.main_entity_id)!.entity_details;
    expect(main.incorporation_date).toBe('2019-05-14');
    expect(main.shareholders).toHaveLength(2);
    expect(main.ultimate_beneficiary_owners).toEqual([
      { person_entity_id: result.account_owner_entity_ids[0], effective_ownership: { fraction: 0.48 } },
      { person_entity_id: main.directors[0].person_entity_id, effective_ownership: { fraction: 0.2 } },
    ]);
    // No register filing: the local register has no documents.
    expect((result.documents as any[]).filter((d) => d.document_type === 'official_registers')).toEqual([]);
  });
});
