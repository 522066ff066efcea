// Industry codes from descriptions, on the lists Dossier ships (no ../shared needed): a table of
// realistic descriptions across sectors with the code expected in each classification.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCodeLists, parseCsv, parseTsv } from './code-lists.ts';
import { crosswalkRow, CROSSWALK } from './crosswalk.ts';
import { assignCodes, rankCodes } from './rank.ts';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'reference');

// description | UK SIC | NACE | NAICS | MCC ("-" where no code should be assigned)
const TABLE: [string, string, string, string, string][] = [
  ['We are a coffee wholesaler: we import green and roasted coffee beans and sell them to cafés and restaurants across the UK.', '46370', '46.37', '424490', '5199'],
  ['We develop custom software for banks: a SaaS platform for loan origination.', '62012', '62.01', '541511', '7372'],
  ['We run an Italian restaurant in Manchester.', '56101', '56.10', '722511', '5812'],
  ['Law firm advising businesses on commercial and employment law.', '69102', '69.10', '541110', '8111'],
  ['We are a payment institution offering card acquiring and payment processing for online merchants.', '66190', '66.19', '522320', '6012'],
  ['Money transfer and remittance services to Africa and Asia.', '66190', '66.19', '522390', '4829'],
  ["We sell women's clothing online through our web shop.", '47910', '47.91', '458110', '5691'],
  ['Long-distance road haulage: we transport goods by lorry across Europe.', '49410', '49.41', '484121', '4214'],
  ['We operate an online casino and sports betting website.', '92000', '92.00', '713210', '7995'],
  ['Accounting and bookkeeping services for small businesses.', '69202', '69.20', '541219', '8931'],
  ['We build houses and do residential construction.', '41202', '41.20', '236115', '1520'],
  ['We run a hotel in Edinburgh.', '55100', '55.10', '721110', '7011'],
  ['We manufacture plastic packaging for the food industry.', '22220', '22.22', '326112', '-'],
  ['Management consultancy for retailers.', '70229', '70.22', '541611', '7392'],
  ['Dental practice offering general and cosmetic dentistry.', '86230', '86.23', '621210', '8021'],
  ['We are an insurance broker for commercial property insurance.', '66220', '66.22', '524210', '6300'],
  ['We run a hair salon.', '96020', '96.02', '812112', '7230'],
  ['Freight forwarding and customs clearance for importers.', '52290', '52.29', '488510', '4215'],
  ['Bakery making bread and cakes for local shops.', '10710', '10.71', '311812', '5462'],
];

describe('industry codes', () => {
  it('parses quoted CSV fields and the shipped tables', () => {
    expect(parseCsv('\uFEFFa,b\n"x, y","say ""hi"""\r\n\n1,2')).toEqual([
      { a: 'x, y', b: 'say "hi"' },
      { a: '1', b: '2' },
    ]);
    expect(parseTsv('code\ttitle\n0742\tVeterinary services\n')).toEqual([{ code: '0742', title: 'Veterinary services' }]);
  });

  it('ships the four lists whole, and reads newer ones from an override folder', () => {
    const lists = loadCodeLists();
    for (const c of ['UKSIC2007', 'NACE', 'NAICS', 'MCC'] as const) expect(lists.origin[c]).toBe('shipped');
    expect(lists.lists.UKSIC2007).toHaveLength(731);
    expect(lists.lists.NACE).toHaveLength(615);
    expect(lists.lists.NAICS).toHaveLength(1012);
    expect(lists.lists.MCC).toHaveLength(280);
    expect(lists.lists.UKSIC2007.find((e) => e.code === '46370')?.phrases).toContain('Coffee (wholesale)');
    expect(lists.lists.MCC.find((e) => e.code === '0742')?.title).toBe('Veterinary services');
    const override = loadCodeLists(FIXTURES);
    expect(override.origin.NACE).toBe('nace-rev2/nace_rev2.csv');
    expect(override.lists.NACE.length).toBeLessThan(50);
  });

  it('keeps the concordance to codes that exist', () => {
    const lists = loadCodeLists();
    for (const row of CROSSWALK) {
      expect(
        lists.lists.UKSIC2007.some((e) => e.code.startsWith(row.sic)),
        row.sic,
      ).toBe(true);
      for (const n of row.naics)
        expect(
          lists.lists.NAICS.some((e) => e.code.startsWith(n)),
          `${row.sic} → NAICS ${n}`,
        ).toBe(true);
      for (const m of row.mcc)
        expect(
          lists.lists.MCC.some((e) => e.code === m),
          `${row.sic} → MCC ${m}`,
        ).toBe(true);
    }
    expect(crosswalkRow('46370')?.sic).toBe('463');
  });

  it.each(TABLE)('assigns codes to "%s"', (text, sic, nace, naics, mcc) => {
    const assigned = assignCodes(loadCodeLists(), text);
    const first = (c: string) => assigned.find((a) => a.classification === c)?.code ?? '-';
    expect({ sic: first('UKSIC2007'), nace: first('NACE'), naics: first('NAICS'), mcc: first('MCC') }).toEqual({ sic, nace, naics, mcc });
  });

  it('assigns nothing to an empty or meaningless text, and the same codes to the same text', () => {
    const lists = loadCodeLists();
    expect(assignCodes(lists, '')).toEqual([]);
    expect(assignCodes(lists, 'zzz qqq')).toEqual([]);
    expect(assignCodes(lists, 'Wholesale of industrial pumps')).toEqual(assignCodes(lists, 'Wholesale of industrial pumps'));
    expect(rankCodes(lists, 'NACE', 'We build custom software for banks')[0]?.code).toBe('62.01');
  });
});
