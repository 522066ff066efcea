import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCodeLists, parseCsv } from './code-lists.ts';
import { assignCodes, rankCodes } from './rank.ts';

const SHARED = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'reference');
const OWN = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'reference');
const dir = fs.existsSync(SHARED) ? SHARED : OWN;

describe('industry codes', () => {
  it('parses quoted CSV fields', () => {
    expect(parseCsv('\uFEFFa,b\n"x, y","say ""hi"""\r\n\n1,2')).toEqual([
      { a: 'x, y', b: 'say "hi"' },
      { a: '1', b: '2' },
    ]);
  });

  it('loads the four lists from the reference-data folder, and built-in ones without it', () => {
    const lists = loadCodeLists(dir);
    for (const c of ['UKSIC2007', 'NACE', 'NAICS', 'MCC'] as const) expect(lists.origin[c]).not.toBe('built-in');
    expect(lists.lists.UKSIC2007.find((e) => e.code === '62012')?.title).toBe('Business and domestic software development');
    const builtIn = loadCodeLists('');
    expect(builtIn.origin.NACE).toBe('built-in');
    expect(builtIn.lists.MCC.length).toBeGreaterThan(5);
  });

  it('ranks codes against what a company says it does', () => {
    const lists = loadCodeLists(dir);
    expect(rankCodes(lists, 'UKSIC2007', 'We build custom software for banks')[0]?.code).toBe('62012');
    expect(rankCodes(lists, 'NACE', 'We build custom software for banks')[0]?.code).toBe('62.01');
    const assigned = assignCodes(lists, 'Online gambling and sports betting');
    expect(assigned.map((a) => [a.classification, a.code])).toEqual(expect.arrayContaining([['UKSIC2007', '92000'], ['NACE', '92.00']]));
    expect(assignCodes(lists, '')).toEqual([]);
    expect(assignCodes(lists, 'zzz qqq')).toEqual([]);
  });

  it('gives the same codes for the same text', () => {
    const lists = loadCodeLists(dir);
    expect(assignCodes(lists, 'Wholesale of industrial pumps')).toEqual(assignCodes(lists, 'Wholesale of industrial pumps'));
  });
});
