// Replayable screening decisions: every hit records the list version, the matcher's version and the
// threshold in force; a screening again against the same versions gives the same hits, and a
// decided hit then shows no change; a new list version that changes a decided hit's entry makes
// the case page (in Chromium) say what changed since the decision.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { importList } from '../../src/screening/lists.ts';
import { MATCHER_VERSION } from '../../src/screening/match.ts';
import { describeBrowser, launchChromium } from '../helpers/browser.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'screening');
const ANA = { username: 'ana', password: 'ana-password-1234' };

describeBrowser('replayable screening decisions', () => {
  let s: TestServer;
  let browser: Browser;
  let caseId: string;
  let dir: string;

  setupAll(async () => {
    s = await startServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-replay-'));
    await s.d.services.users.create({ ...ANA, clientUsername: s.client.username });
    await importList(s.d.ctx.db, s.d.ctx.dialect, path.join(FIXTURES, 'peps.ftm.jsonl'), { name: 'peps' });
    caseId = (await flows(s.api).createCase(onboardingCase({ company_full_name: 'Sofia Trade Partners Ltd', company_country_code: 'BG', user_full_name: 'Elena Markova' }))).case_id;
    await eventually(async () => {
      const r = await s.api('GET', `/api/v1/cases/${caseId}/screening`);
      return r.body.hits?.length ? r.body : undefined;
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const hitRows = () => s.d.ctx.db.selectFrom('screening_hits').selectAll().where('case_id', '=', caseId).orderBy('id').execute();
  const signIn = async () => {
    const page = await browser.newPage();
    await page.goto(`${s.url}/backoffice/cases/${caseId}`);
    await page.getByLabel('Username').fill(ANA.username);
    await page.getByLabel('Password').fill(ANA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
    await page.goto(`${s.url}/backoffice/cases/${caseId}#screening`);
    return page;
  };

  /** The case page afresh (a navigation to the same address with the same #fragment would not load it again). */
  const reload = async (page: Awaited<ReturnType<typeof signIn>>) => {
    await page.goto('about:blank');
    await page.goto(`${s.url}/backoffice/cases/${caseId}#screening`);
  };

  it('records the versions and threshold with each hit and decision, replays them identically, and shows what a list update changed', async () => {
    const first = await hitRows();
    expect(first.length).toBeGreaterThan(0);
    for (const h of first) expect(h).toMatchObject({ matcher_version: MATCHER_VERSION, threshold: s.d.ctx.config.SCREENING_MATCH_THRESHOLD });
    // The same versions give the same hits: ids, scores, names, reasons, entries.
    const same = (rows: typeof first) => rows.map((h) => [h.id, h.version_id, h.matcher_version, h.threshold, h.score, h.matched_name, h.reasons, h.entry, h.current]);
    await s.d.services.screening.screenCase(caseId);
    expect(same(await hitRows())).toEqual(same(first));

    // The analyst decides in the browser; the decision keeps the hit as it was.
    const page = await signIn();
    const panel = page.locator('section[aria-labelledby="screening"]');
    await panel.getByText('Decide on this hit').first().click();
    await panel.getByLabel('False match').first().check();
    await panel.getByLabel('Reason').first().fill('Another person: our client is a student born in 2001.');
    await panel.getByRole('button', { name: 'Record decision' }).first().click();
    await page.waitForLoadState();
    const decided = (await hitRows()).find((h) => h.status === 'false_match')!;
    expect(decided).toMatchObject({
      decided_version_id: decided.version_id,
      decided_matcher_version: MATCHER_VERSION,
      decided_threshold: decided.threshold,
      decided_score: decided.score,
      decided_reasons: decided.reasons,
    });
    const audit = await s.d.ctx.db.selectFrom('audit_events').select('after_json').where('case_id', '=', caseId).where('action', '=', 'screening.hit_decided').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      status: 'false_match',
      list_version_id: decided.version_id,
      matcher_version: MATCHER_VERSION,
      threshold: decided.threshold,
      score: decided.score,
    });

    // Screened again against the same list: the decided hit replays identically, nothing to show.
    await s.d.services.screening.screenCase(caseId);
    expect(same((await hitRows()).filter((h) => h.id === decided.id))).toEqual(same([decided]));
    await reload(page);
    await expect(page.getByText('Changed since the decision').count()).resolves.toBe(0);

    // A new version of the list adds an alias and a birth date to the entry: the case page says so.
    const updated = fs
      .readFileSync(path.join(FIXTURES, 'peps.ftm.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const e = JSON.parse(line);
        if (e.id === 'Q-elena-markova') e.properties = { ...e.properties, alias: [...e.properties.alias, 'Elena Markova-Ivanova'], birthDate: [...e.properties.birthDate, '1979'] };
        return JSON.stringify(e);
      })
      .join('\n');
    fs.writeFileSync(path.join(dir, 'peps-2.jsonl'), `${updated}\n`);
    await importList(s.d.ctx.db, s.d.ctx.dialect, path.join(dir, 'peps-2.jsonl'), { name: 'peps' });
    await s.d.services.screening.screenCase(caseId);
    const after = (await hitRows()).find((h) => h.id === decided.id)!;
    expect(after.version_id).not.toBe(decided.version_id);
    expect(after.status).toBe('false_match');
    await reload(page);
    const changes = page.getByRole('list', { name: 'Changed since the decision' });
    await expect(changes.count()).resolves.toBe(1);
    const text = await changes.innerText();
    expect(text).toMatch(/List version: decided on (the|an earlier) version of/);
    expect(text).toContain('Aliases added: “Elena Markova-Ivanova”');
    expect(text).toContain('Birth dates added: “1979”');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'screening-changed.png'), fullPage: true });
    await page.close();
  });
});
