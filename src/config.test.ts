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
});
