// Importing register files into the local register (PSC snapshot lines, BODS 0.4 packages) and
// reading them back through the connector interface into a case's entities and owners: the repo's
// own fixtures always, and the BODS project's published examples when ../shared/data/bods is there.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { importPsc } from '../../src/entities/registers/imported/psc-import.ts';
import { importBods } from '../../src/entities/registers/imported/bods-import.ts';
import { LocalRegisterConnector } from '../../src/entities/registers/imported/connector.ts';
import { importRegisterFile } from '../../src/entities/registers/registers.service.ts';
import { resolveFromRegisters } from '../../src/entities/resolve-registers.ts';
import { mergeFound } from '../../src/entities/merge.ts';
import { applyOwnership } from '../../src/entities/ownership/case-ownership.ts';
import { newCompany, type CompanyDetails } from '../../src/entities/case-entities.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { sharedData } from '../helpers/shared-data.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'registers');
const bods = sharedData('bods/examples');
const SHARED_BODS = bods.dir;

const database = useTestDatabase();

beforeEach(async () => {
  await database().db.deleteFrom('register_relationships').execute();
  await database().db.deleteFrom('register_entities').execute();
});

const file = (p: string) => fs.createReadStream(p, { highWaterMark: 97 }); // small chunks: objects cut across reads

/** Looks a company up in the local register and builds the case's entities from what it says. */
async function resolveLocal(countryCode: string, regNumber: string | null, name = '') {
  const found = await resolveFromRegisters(
    [new LocalRegisterConnector(database().db)],
    { countryCode, regNumber, name },
    { maxDepth: 10, maxCompanies: 50, filingsPerCompany: 1, needsDocument: async () => false },
  );
  expect(found, `${countryCode} ${regNumber ?? name} found`).not.toBeNull();
  const main = newCompany('main', name, countryCode);
  main.company_reg_number = regNumber ?? '';
  const merged = mergeFound('case-1', [main], 'main', found!.graph, 'register');
  const { entities, facts } = applyOwnership(merged.entities, 'main', 0.25);
  const byId = new Map(entities.map((e) => [e.entity_id, e]));
  const label = (id: string) => {
    const e = byId.get(id)!;
    return e.type === 'company' ? e.company_full_name : `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim();
  };
  const company = (n: string) => entities.find((e): e is CompanyDetails => e.type === 'company' && e.company_full_name === n)!;
  const holders = (c: CompanyDetails) => c.shareholders.map((s) => [label(s.entity_id), s.ownership]);
  const ubos = (c: CompanyDetails) => c.ultimate_beneficiary_owners.map((u) => [label(u.person_entity_id), u.effective_ownership]);
  return { entities, facts, main: byId.get('main') as CompanyDetails, company, holders, ubos, label };
}

describe('PSC snapshot import', () => {
  it('streams the lines into the local register and follows corporate PSCs through it', async () => {
    const stats = await importPsc(database().db, database().dialect, file(path.join(FIXTURES, 'psc-snapshot.jsonl')));
    expect(stats).toMatchObject({ lines: 10, accepted: 8, skipped: 2 });

    const r = await resolveLocal('GB', '09000002');
    expect(r.holders(r.main)).toEqual([
      ['NORTHWIND HOLDINGS LIMITED', { range: [0.5, 0.75] }],
      ['Olivia Grant', { range: [0.25, 0.5] }],
    ]);
    // Olivia holds 75–100 % of Northwind and 25–50 % directly: one person, stakes added.
    expect(r.ubos(r.main)).toEqual([['Olivia Grant', { range: [0.625, 1] }]]);
    expect(r.entities.filter((e) => e.type === 'person')).toHaveLength(1);
    expect(r.entities.find((e) => e.type === 'person')).toMatchObject({ date_of_birth: '1982-06', citizenship_country_code: 'GB' });

    const unpublished = await resolveLocal('GB', '09000003');
    expect(unpublished.main.additional_details).toContainEqual({ item_id: 'ownership_unresolved', value: expect.stringContaining('not identified') });
    const foreign = await resolveLocal('GB', '09000004');
    const island = foreign.company('ISLAND TRUST HOLDINGS LIMITED');
    expect(island).toMatchObject({ company_country_code: 'JE', company_reg_number: '123456', shareholders: [] });
    expect(island.additional_details).toContainEqual({ item_id: 'ownership_unresolved', value: expect.stringContaining('no owner') });
    expect(foreign.facts.unresolved.map((u) => u.ownership)).toEqual([{ range: [0.75, 1] }]);
    const secure = await resolveLocal('GB', '09000005');
    expect(secure.main.additional_details).toContainEqual({ item_id: 'ownership_unresolved', value: expect.stringContaining('super-secure') });
    const state = await resolveLocal('GB', '09000006');
    expect(state.company('THE SECRETARY OF STATE FOR TRANSPORT').additional_details).not.toContainEqual(expect.objectContaining({ item_id: 'ownership_unresolved' }));
  });

  it('imports a file the way the command does (reading in a worker thread, writing here)', async () => {
    const dialect = database().dialect;
    const progress: number[] = [];
    const stats = await importRegisterFile(database().db, dialect, path.join(FIXTURES, 'psc-snapshot.jsonl'), 'psc', (s) => progress.push(s.lines));
    expect(stats).toMatchObject({ lines: 10, accepted: 8, skipped: 2, relationships: 8 });
    expect(progress.at(-1) ?? 10).toBe(10);
    const r = await resolveLocal('GB', '09000002');
    expect(r.ubos(r.main)).toEqual([['Olivia Grant', { range: [0.625, 1] }]]);
  });

  it('imports again without duplicating anything', async () => {
    const dialect = database().dialect;
    await importPsc(database().db, dialect, file(path.join(FIXTURES, 'psc-snapshot.jsonl')));
    const count = async () => (await database().db.selectFrom('register_relationships').select('id').execute()).length;
    const first = await count();
    await importPsc(database().db, dialect, file(path.join(FIXTURES, 'psc-snapshot.jsonl')));
    expect(await count()).toBe(first);
  });
});

describe('BODS import', () => {
  const dialect = () => database().dialect;

  it('reads its own package: updates replace, closed interests end, declared indirect stakes agree', async () => {
    const stats = await importBods(database().db, dialect(), file(path.join(FIXTURES, 'bods-package.json')));
    expect(stats).toMatchObject({ lines: 12, accepted: 12, skipped: 0 });
    const r = await resolveLocal('NL', '87654321', 'Harbour Logistics B.V.');
    expect(r.main).toMatchObject({ incorporation_date: '2019-05-14', legal_address: { street_address: 'Kade 1', city: 'Rotterdam', postcode: '3011 AA', country_code: 'NL' } });
    expect(r.holders(r.main)).toEqual([
      ['Dock Holding B.V.', { fraction: 0.8 }],
      ['Bram Jansen', { fraction: 0.2 }],
    ]);
    expect(r.holders(r.company('Dock Holding B.V.'))).toEqual([['Anna de Vries', { fraction: 0.6 }]]);
    // Every natural person at the end of a chain is listed; Bram Jansen's 20 % is flagged as below the threshold.
    expect(r.ubos(r.main)).toEqual([
      ['Anna de Vries', { fraction: 0.48 }],
      ['Bram Jansen', { fraction: 0.2 }],
    ]);
    expect(r.main.additional_details.filter((d) => d.item_id.startsWith('below_ubo_threshold:')).map((d) => r.label(d.item_id.split(':')[1]!))).toEqual(['Bram Jansen']);
    expect(r.facts.disagreements).toEqual([]);
    expect(r.main.directors.map((d) => r.label(d.person_entity_id))).toEqual(['Bram Jansen']);
  });

  it('accepts JSON lines as well as a JSON array', async () => {
    const statements = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'bods-package.json'), 'utf8')) as unknown[];
    const stats = await importBods(database().db, dialect(), Readable.from([statements.map((s) => JSON.stringify(s)).join('\n')]));
    expect(stats.accepted).toBe(12);
    expect((await resolveLocal('NL', '87654321')).ubos((await resolveLocal('NL', '87654321')).main)).toEqual([
      ['Anna de Vries', { fraction: 0.48 }],
      ['Bram Jansen', { fraction: 0.2 }],
    ]);
  });

  const examples: [string, string, string | null, (r: Awaited<ReturnType<typeof resolveLocal>>) => void][] = [
    ['bods-package.json', 'GB', '2063384560', (r) => expect(r.ubos(r.main)).toEqual([['Jennifer Hewitson-Smith', { fraction: 1 }]])],
    [
      'bods-package-entity-owning-entity.json',
      'GB',
      '03209885',
      (r) => {
        expect(r.holders(r.main)).toEqual([['MVJ LIMITED', { range: [0.75, 1] }]]);
        expect(r.ubos(r.main)).toEqual([]);
        expect(r.facts.unresolved).toHaveLength(1);
      },
    ],
    ['bods-package-linking-annotations.json', 'GB', '10970413', (r) => expect(r.ubos(r.main)).toEqual([['Jeremy Hunt', { range: [0.25, 0.5] }]])],
    [
      'simple-pep-declaration.json',
      'GB',
      'XE-000079054',
      (r) => {
        expect(r.ubos(r.main)).toEqual([['Michael Hubbard', { range: [0.25, 0.5] }]]);
        expect(r.entities.find((e) => e.type === 'person')!.additional_details).toContainEqual({ item_id: 'pep_status', value: expect.stringContaining('politically exposed') });
      },
    ],
    [
      'indirect-ownership.json',
      'GB',
      'XE9999',
      (r) => {
        expect(r.holders(r.main)).toEqual([['Company B', { fraction: 0.6 }]]);
        expect(r.ubos(r.main)).toEqual([['Person 1', { fraction: 0.3 }]]);
      },
    ],
    ['mixed-direct-and-indirect-ownership.json', 'GB', 'XE-08-A', (r) => expect(r.ubos(r.main)).toEqual([['Person 1', { fraction: 1 }]])],
    [
      'multiple-indirect-ownership.json',
      'UA',
      'UA-XE-02',
      (r) => {
        expect(r.holders(r.main).sort()).toEqual([
          ['Company C', { fraction: 0.5 }],
          ['Company D', { fraction: 0.5 }],
        ]);
        expect(r.ubos(r.main)).toEqual([['Person 1', { fraction: 0.6 }]]);
      },
    ],
    ['mutilple-indirect-ownership-2.json', 'GB', 'XE1111', (r) => expect(r.ubos(r.main)).toEqual([['Person 1', { fraction: 0.6 }]])],
    [
      'joint-ownership.json',
      'GB',
      '07444723',
      (r) => {
        expect(r.holders(r.main)).toEqual([['Joint shareholding', { fraction: 1 }]]);
        expect(r.ubos(r.main).sort()).toEqual([
          ['Natalie Coleman', { fraction: 0.5 }],
          ['Roberto Lopez', { fraction: 0.5 }],
        ]);
      },
    ],
    ['fermcat.json', 'IE', '434151', (r) => expect(r.holders(r.main)).toEqual([["Patrick O'Donohue", { fraction: 1 }]])],
    [
      'tecido.json',
      'US',
      '758355',
      (r) => {
        expect(r.holders(r.main)).toEqual([['Shear Trust', { fraction: 0.8 }]]);
        expect(r.ubos(r.main)).toEqual([]);
      },
    ],
    [
      'bods-package-fi-soe.json',
      'FI',
      '3007894-1',
      (r) => {
        expect(r.holders(r.main)).toEqual([
          ['Suomen Kaasuverkko Oy', { fraction: 0.765 }],
          ['Valtiovarainministerio', { fraction: 0.235 }],
        ]);
        expect(r.holders(r.company('Suomen Kaasuverkko Oy'))).toEqual([['Valtiovarainministerio', { fraction: 1 }]]);
        expect(r.ubos(r.main)).toEqual([]);
        expect(r.facts.unresolved).toEqual([]);
      },
    ],
    [
      'listed-company-exempt-from-disclosure.json',
      'GB',
      'XE000017',
      (r) => {
        expect(r.main.shareholders).toEqual([]);
        expect(r.main.additional_details).toContainEqual({ item_id: 'publicly_listed', value: 'true' });
        expect(r.main.additional_details).not.toContainEqual(expect.objectContaining({ item_id: 'ownership_unresolved' }));
      },
    ],
    ['multiple-tax-residencies.json', 'GB', 'XE-A-01', (r) => expect(r.ubos(r.main)).toEqual([['Logan Morton', { fraction: 1 }]])],
    ['bods-package-annotations.json', 'GB', '02585514', (r) => expect(r.holders(r.main)).toEqual([['DRILLGREAT LIMITED', { range: [0, 1] }]])],
  ];

  for (const [name, country, reg, check] of examples) {
    it.skipIf(!bods.present)(`reads the BODS example ${name}${bods.absent}`, async () => {
      const stats = await importBods(database().db, dialect(), file(path.join(SHARED_BODS, name)));
      expect(stats.skipped).toBe(0);
      check(await resolveLocal(country, reg));
    });
  }

  it.skipIf(!bods.present)(`imports every BODS example without skipping a statement${bods.absent}`, async () => {
    for (const name of fs.readdirSync(SHARED_BODS).filter((f) => f.endsWith('.json'))) {
      const stats = await importBods(database().db, dialect(), file(path.join(SHARED_BODS, name)));
      expect(stats.skipped, name).toBe(0);
    }
  });
});
