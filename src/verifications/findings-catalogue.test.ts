import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declareFindings, findingCatalogue } from '../findings/catalogue.ts';
import { FOR_ANALYST_ONLY } from '../document-engine/rules/catalogue.ts';
import { FINDINGS } from './findings-catalogue.ts';
import { WEBSITE_RULES } from './website.ts';
import { SCREENING_CODES } from '../screening/findings.ts';
import en from '../dialog/messages/en.json' with { type: 'json' };
import { catalogues } from '../dialog/i18n.ts';

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('the findings catalogue', () => {
  it('refuses a code declared twice, by one owner or by two', () => {
    const one = declareFindings('engine', [{ code: 'x_found', severity: 'info', when: 'x' }]);
    expect(() => findingCatalogue(one, declareFindings('website', [{ code: 'x_found', severity: 'warning', when: 'y' }]))).toThrow(/x_found is declared twice \(engine and website\)/);
    expect(() => findingCatalogue([...one, ...one])).toThrow(/declared twice/);
  });

  it('gives every code a severity, an owner and a sentence for the analyst', () => {
    expect(FINDINGS.all.length).toBeGreaterThan(60);
    for (const f of FINDINGS.all) {
      expect(f.code, f.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(['info', 'warning', 'critical'], f.code).toContain(f.severity);
      expect(['engine', 'screening', 'website', 'completion'], f.code).toContain(f.owner);
      expect(f.when.trim().length, f.code).toBeGreaterThan(10);
    }
    for (const code of [...SCREENING_CODES, ...WEBSITE_RULES.map((r) => r.code), 'document_translation_needed', ...FOR_ANALYST_ONLY]) expect(FINDINGS.spec(code), code).toBeDefined();
    expect(FINDINGS.spec('sanctions_match')).toMatchObject({ owner: 'screening', severity: 'critical', forUser: false });
    expect(FINDINGS.spec('website_unreachable')).toMatchObject({ owner: 'website', severity: 'warning' });
  });

  it('gives the user a sentence of its own only for codes it knows and shows, and keeps the analyst-only ones from the user', () => {
    const messages = Object.keys(en).filter((k) => k.startsWith('finding.') && k !== 'finding.unknown');
    expect(messages.length).toBeGreaterThan(20);
    for (const key of messages) {
      const spec = FINDINGS.spec(key.slice('finding.'.length));
      expect(spec, key).toBeDefined();
      expect(spec!.forUser, key).toBe(true);
    }
    for (const code of FOR_ANALYST_ONLY) expect(FINDINGS.forUser(code), code).toBe(false);
    expect(FINDINGS.forUser('a_code_of_a_newer_version')).toBe(true);
  });

  it("gives every warning or worse the company's user may see a sentence of its own in every language of the dialog", () => {
    const shown = FINDINGS.all.filter((f) => f.forUser && f.severity !== 'info' && f.owner === 'engine');
    expect(shown.length).toBeGreaterThan(30);
    for (const [lang, messages] of Object.entries(catalogues)) {
      for (const f of shown) expect(messages[`finding.${f.code}`], `${lang}: finding.${f.code}`).toBeTruthy();
    }
    for (const code of SCREENING_CODES) expect(FINDINGS.forUser(code), code).toBe(false);
  });

  it('is what the README lists: every current code is named there, the website table with its severities', () => {
    for (const f of FINDINGS.all) if (f.code !== 'text_not_read') expect(README, f.code).toContain(`\`${f.code}\``);
    for (const r of WEBSITE_RULES) expect(README).toContain(`| \`${r.code}\` | ${r.severity} |`);
  });
});
