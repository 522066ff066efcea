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
});
