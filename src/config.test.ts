import { describe, expect, it } from 'vitest';
import { describeVariables, loadConfig } from './config.ts';

describe('config', () => {
  it('has defaults for the embedded setup', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('');
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.DATA_DIR.startsWith('/')).toBe(true);
  });
  it('fails with every problem named', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' })).toThrow(/PORT[\s\S]*PUBLIC_URL[\s\S]*DATABASE_URL|PORT[\s\S]*DATABASE_URL[\s\S]*PUBLIC_URL/);
  });
  it('documents every variable', () => {
    const table = describeVariables();
    for (const name of ['PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'DATABASE_URL', 'API_USERNAME', 'API_PASSWORD', 'LOG_LEVEL']) expect(table).toContain(`\`${name}\``);
  });
  it('reads TRUST_PROXY as off, a number of hops, or proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1 loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
  it('reads SCREENING_LIST_URLS as named list addresses, OFAC CSV with its alias and address files', () => {
    expect(loadConfig({}).SCREENING_LIST_URLS).toEqual([]);
    expect(loadConfig({ SCREENING_LIST_URLS: 'ofac-sdn=https://x.example/sdn.csv|https://x.example/alt.csv|https://x.example/add.csv, un=http://y.example/un.xml' }).SCREENING_LIST_URLS).toEqual([
      { name: 'ofac-sdn', url: 'https://x.example/sdn.csv', alt: 'https://x.example/alt.csv', add: 'https://x.example/add.csv' },
      { name: 'un', url: 'http://y.example/un.xml' },
    ]);
    expect(() => loadConfig({ SCREENING_LIST_URLS: 'https://x.example/sdn.csv' })).toThrow(/SCREENING_LIST_URLS must be name=url pairs/);
    expect(() => loadConfig({ SCREENING_LIST_URLS: 'un=ftp://x.example/un.xml' })).toThrow(/SCREENING_LIST_URLS must be name=url pairs/);
    expect(() => loadConfig({ SCREENING_LIST_URLS: 'un=http://a.example/1 un=http://b.example/2' })).toThrow(/names the list "un" twice/);
    expect(() => loadConfig({ SCREENING_FETCH_INTERVAL_MINUTES: '1' })).toThrow(/SCREENING_FETCH_INTERVAL_MINUTES must be a whole number from 5/);
  });
});
