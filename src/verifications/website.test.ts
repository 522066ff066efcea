import { describe, expect, it } from 'vitest';
import { websiteCheckResultOf, websiteFindings, type WebsiteCheckResult } from './website.ts';
import { StoredJsonError } from '../lib/stored-json.ts';

const result: WebsiteCheckResult = {
  url: 'https://example-trading.test/',
  checked_at: '2026-01-05T10:00:00.000Z',
  outcome: 'ok',
  reachable: true,
  error: null,
  status: 200,
  tls: true,
  final_url: 'https://example-trading.test/',
  redirects: 0,
  title: 'Example Trading',
  description: 'We trade examples.',
  pages: ['https://example-trading.test/'],
  company_named: 'exact',
  reg_number_shown: true,
  address_shown: null,
};

describe('a stored website check', () => {
  it('is read as stored', () => {
    expect(websiteCheckResultOf({ result: JSON.stringify(result) })).toEqual(result);
  });

  it('reads the fields an older result did not have as not known, and gives the same findings', () => {
    const { description: _d, reg_number_shown: _r, address_shown: _a, ...older } = result;
    const read = websiteCheckResultOf({ result: JSON.stringify(older) });
    expect(read).toEqual({ ...result, description: null, reg_number_shown: null, address_shown: null });
    expect(websiteFindings(read, 'Example Trading Ltd')).toEqual(websiteFindings(result, 'Example Trading Ltd'));
  });

  it('is refused without its address, outcome or reachability', () => {
    expect(() => websiteCheckResultOf({ result: JSON.stringify({ ...result, outcome: 'maybe' }) })).toThrow(StoredJsonError);
    expect(() => websiteCheckResultOf({ result: JSON.stringify({ ...result, url: 7 }) })).toThrow(StoredJsonError);
    expect(() => websiteCheckResultOf({ result: '[]' })).toThrow(/website_checks.result is not an object/);
  });
});
