// Screening against sanctions and PEP lists, end to end: lists imported with the `dossier lists`
// command in each supported format (the fixtures are small files in the genuine formats), a case
// whose companies and persons come from the case data and from (a loopback) Companies House
// screened at creation and at completion, hits read over the API and in the back office, a list
// update that screens every case again, and an analyst's false-match decision that holds on the
// next screening.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, scaled, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { startFakeCompaniesHouse, TEST_API_KEY, type FakeCompaniesHouse } from '../helpers/companies-house.ts';
import { signInHttp, type HttpSession } from '../backoffice/helpers.ts';
import { metricSum } from '../helpers/metrics.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'screening');
const fixture = (name: string) => path.join(FIXTURES, name);

let s: TestServer;
let ch: FakeCompaniesHouse;
let analyst: HttpSession;
let second: HttpSession;

setupAll(async () => {
  ch = await startFakeCompaniesHouse();
  s = await startServer({ COMPANIES_HOUSE_API_KEY: TEST_API_KEY, COMPANIES_HOUSE_API_URL: ch.url, COMPANIES_HOUSE_DOCUMENT_API_URL: ch.url });
  await s.d.services.users.create({ username: 'ana', clientUsername: 'bank-a', password: 'ana-password-1234' });
  analyst = await signInHttp(s.url, 'ana', 'ana-password-1234');
  await s.d.services.users.create({ username: 'ben', clientUsername: 'bank-a', password: 'ben-password-1234' });
  second = await signInHttp(s.url, 'ben', 'ben-password-1234');
});

afterAll(async () => {
  await s?.close();
  await ch?.close();
});

/** Runs `dossier lists …` against the test server's database. */
async function lists(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = runDossier(['lists', ...args], { DATA_DIR: s.storage.dataDir, DATABASE_URL: s.storage.databaseUrl });
  const { code } = await exited(child);
  return { code, output: child.output() };
}

interface Hit {
  hit_id: string;
  entity_id: string;
  entity_name: string;
  list: string;
  list_entry_id: string;
  topic: string;
  score: number;
  matched_name: string;
  reasons: string[];
  status: string;
  current: boolean;
}

async function screening(caseId: string): Promise<{ lists: { list: string }[]; hits: Hit[] }> {
  const r = await s.api('GET', `/api/v1/cases/${caseId}/screening`);
  expect(r.status).toBe(200);
  return r.body;
}

interface AuditEntry {
  action: string;
  actor: { kind: string; name: string };
  subject: string | null;
  before: unknown;
  after: unknown;
}

async function auditTrail(caseId: string): Promise<AuditEntry[]> {
  const r = await analyst.get(`/backoffice/cases/${caseId}/audit.json`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { entries: AuditEntry[] }).entries;
}

async function hitsWhen(caseId: string, ready: (hits: Hit[]) => boolean): Promise<Hit[]> {
  return eventually(async () => {
    const { hits } = await screening(caseId);
    return ready(hits) ? hits : undefined;
  }, scaled(120_000));
}

async function entriesOf(listName: string) {
  const db = s.d.ctx.db;
  const v = await db.selectFrom('screening_list_versions').selectAll().where('list_name', '=', listName).where('status', '=', 'active').executeTakeFirstOrThrow();
  const rows = await db.selectFrom('screening_entries').selectAll().where('version_id', '=', v.id).execute();
  return { version: v, entries: new Map(rows.map((r) => [r.list_entry_id, JSON.parse(r.details)])) };
}

let harbour: { case_id: string; conversation_id: string };

// Each `dossier lists` run starts a process: slow on a loaded machine, so the tests wait generously.
describe('screening against sanctions and PEP lists', { timeout: scaled(600_000) }, () => {
  it('queues no screening for a case created while no list is in force', async () => {
    // The metrics are the process's: other test files run in it may have counted screenings before.
    const screenings = async () => metricSum(await (await fetch(`${s.url}/metrics`)).text(), 'dossier_job_duration_seconds_count', { job: 'screening.case' });
    const before = await screenings();
    const created = await s.api('POST', '/api/v1/cases', monitoringCase({ company_full_name: 'Before Any List Ltd' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Every job the creation queued has run (the queue is empty), and none of them was a screening.
    await eventually(async () => ((await s.d.ctx.jobs.queueStats()).every((q) => q.queued === 0 && q.active === 0) ? true : undefined), scaled(60_000));
    expect(await screenings()).toBe(before);
  });

  it('imports every supported format as a dated version, once per content, and refuses bad files without losing the active version', async () => {
    const first = await lists('import', fixture('sdn.csv'), '--alt', fixture('alt.csv'), '--add', fixture('add.csv'));
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('as ofac-sdn version');
    expect(first.output).toContain('5 entries');

    const again = await lists('import', fixture('sdn.csv'), '--alt', fixture('alt.csv'), '--add', fixture('add.csv'));
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('nothing imported');

    const broken = await lists('import', fixture('broken.csv'));
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('Not imported');
    expect(broken.output).toContain('the previous version stays active');
    const unknown = await lists('import', fixture('not-a-list.txt'));
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('not a list format Dossier reads');

    for (const args of [
      [fixture('un-consolidated.xml')],
      [fixture('eu-fsf.xml')],
      [fixture('ofac-sdn.xml'), '--name', 'ofac-sdn-xml'],
      [fixture('uk-conlist.csv')],
      [fixture('peps.ftm.jsonl'), '--name', 'peps'],
    ]) {
      const r = await lists('import', ...args);
      expect(r.code, r.output).toBe(0);
    }
    const shown = await lists('show');
    expect(shown.code).toBe(0);
    const active = shown.output.split('\n').filter((l) => l.includes('\tactive\t'));
    expect(active.map((l) => l.split('\t').slice(0, 5).join(' ')).sort()).toEqual([
      'eu-fsf eu-xml sanctions 2024-05-03 2 entries',
      expect.stringMatching(/^ofac-sdn ofac-csv sanctions \d{4}-\d{2}-\d{2} 5 entries$/),
      'ofac-sdn-xml ofac-xml sanctions 2024-05-03 2 entries',
      expect.stringMatching(/^peps ftm pep \d{4}-\d{2}-\d{2} 3 entries$/),
      'uk-ofsi uk-csv sanctions 2024-05-03 2 entries',
      'un-consolidated un-xml sanctions 2024-05-02 2 entries',
    ]);
    expect(shown.output).toMatch(/ofac-sdn\tofac-csv\tsanctions\t\S+\t0 entries\tfailed/);

    // What each format keeps of an entry: names, aliases and scripts, birth dates, nationalities, addresses, identifiers, programmes, the list's own id.
    const ofac = await entriesOf('ofac-sdn');
    expect(ofac.version.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(ofac.entries.get('7001')).toMatchObject({
      kind: 'person',
      name: 'PETROV, Viktor Ivanovich',
      aliases: ['PETROV, Victor'],
      birthDates: ['1971-03-14'],
      nationalities: ['RU'],
      countries: ['RU'],
      programmes: ['RUSSIA-EO14024'],
    });
    expect(ofac.entries.get('7001').identifiers).toContainEqual({ type: 'Passport', value: '7211234567' });
    expect(ofac.entries.get('7003')).toMatchObject({ kind: 'company', aliases: ['NORTHSTAR MARITIME TRADING FZE', 'ORION MARINE SERVICES CO.'], countries: ['AE'], programmes: ['IRAN', 'IFSR'] });
    expect(ofac.entries.get('7005')).toMatchObject({ kind: 'vessel', countries: ['PA'] });
    const un = await entriesOf('un-consolidated');
    expect(un.entries.get('KPi.001')).toMatchObject({
      kind: 'person',
      name: 'RI WON HO',
      aliases: ['리원호', 'RI WON-HO'],
      birthDates: ['1964-07-17'],
      nationalities: ['KP'],
      countries: ['SY'],
      programmes: ['DPRK'],
    });
    expect(un.entries.get('QDe.005')).toMatchObject({ kind: 'company', aliases: ['Al-Rasheed Trust', 'Al Amin Welfare Trust'], countries: ['PK'] });
    const eu = await entriesOf('eu-fsf');
    expect(eu.entries.get('134551')).toMatchObject({
      kind: 'person',
      name: 'Alexei Borisovich Volkov',
      aliases: ['Алексей Борисович Волков'],
      birthDates: ['1966-09-21'],
      nationalities: ['RU'],
      identifiers: [{ type: 'passport', value: '752211009' }],
    });
    expect(eu.entries.get('134700')).toMatchObject({ kind: 'company', aliases: ['АО «Уральская Сталь»'], countries: ['RU'] });
    const xml = await entriesOf('ofac-sdn-xml');
    expect(xml.entries.get('9306')).toMatchObject({
      kind: 'person',
      name: 'Nasser KAZEMI',
      aliases: ['Naser KAZEMI'],
      birthDates: ['1962-02-02'],
      nationalities: ['IR'],
      programmes: ['SDGT', 'IRGC'],
    });
    const uk = await entriesOf('uk-ofsi');
    expect(uk.entries.get('15000')).toMatchObject({
      kind: 'person',
      name: 'Oleksandr KOVALENKO',
      aliases: ['Олександр Коваленко', 'Aleksandr KOVALENKO'],
      birthDates: ['1974-11-05'],
      nationalities: ['RU'],
    });
    expect(uk.entries.get('15120')).toMatchObject({ kind: 'company', name: 'BALTIC BUNKER SERVICES LTD', countries: ['RU'] });
    const peps = await entriesOf('peps');
    expect([...peps.entries.keys()].sort()).toEqual(['Q-elena-markova', 'co-blue-river', 'ofac-7001']);
    expect(peps.entries.get('Q-elena-markova')).toMatchObject({ kind: 'person', topic: 'pep', aliases: ['Елена Маркова'], birthDates: ['1979-05-02'], nationalities: ['BG'] });
    expect(peps.entries.get('ofac-7001')).toMatchObject({ topic: 'sanctions' });
  });

  it('screens a case: the director is an exact hit, the owner a transliterated one, the account owner a namesake born decades apart is none', async () => {
    const f = flows(s.api);
    harbour = await f.createCase(onboardingCase({ company_full_name: 'Harbour Lane Imports Ltd', company_reg_number: '07700900', user_full_name: 'Maria Lopez' }));
    const hits = await hitsWhen(harbour.case_id, (h) => h.some((x) => x.entity_name === 'Дмитрий Соколов'));
    const petrov = hits.find((h) => /Petrov/i.test(h.entity_name) && h.list === 'ofac-sdn')!;
    expect(petrov, JSON.stringify(hits)).toMatchObject({ list_entry_id: '7001', topic: 'sanctions', matched_name: 'PETROV, Viktor Ivanovich', status: 'open', current: true });
    expect(petrov.score).toBeGreaterThanOrEqual(0.92);
    expect(petrov.reasons).toContain('birth month 1971-03 matches');
    expect(petrov.reasons).toContain('country RU matches');
    const sokolov = hits.find((h) => h.entity_name === 'Дмитрий Соколов')!;
    expect(sokolov).toMatchObject({ list: 'ofac-sdn', list_entry_id: '7002', matched_name: 'SOKOLOV, Dmitry Alexandrovich' });
    expect(sokolov.reasons[0]).toMatch(/^name 0\.\d\d \(transliterated\)$/);
    expect(sokolov.reasons).toContain('birth month 1968-07 matches');
    expect(sokolov.score).toBeGreaterThanOrEqual(0.92);
    // Maria Lopez (born 1985) shares a name with an entry born in 1952: the birth year cuts it below the threshold.
    expect(hits.filter((h) => h.entity_name === 'Maria Lopez')).toEqual([]);
    // A person never matches a company or a vessel, and nothing else of the lists matches this case.
    expect(hits.every((h) => [petrov.entity_name, 'Дмитрий Соколов'].includes(h.entity_name))).toBe(true);

    expect((await f.complete(harbour.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(harbour.case_id);
    const owner = (result.legal_entities as { entity_id: string; entity_details: Record<string, unknown> }[]).find((e) => e.entity_id === result.account_owner_entity_ids[0])!;
    expect(owner.entity_details).toMatchObject({ first_name: 'Maria', last_name: 'Lopez', date_of_birth: '1985-02' });
    // The hits are findings of the case: in its reports and its score.
    const report = await (await analyst.get(`/reports/${harbour.conversation_id}`)).text();
    expect(report).toContain(`To be reviewed: Director ${petrov.entity_name} matches &quot;PETROV, Viktor Ivanovich&quot; on the sanctions list ofac-sdn (entry 7001`);
    expect(report).toContain('To be reviewed: Beneficial owner Дмитрий Соколов matches &quot;SOKOLOV, Dmitry Alexandrovich&quot;');
    const score = await s.d.ctx.db.selectFrom('findings').select(['code', 'severity']).where('conversation_id', '=', harbour.conversation_id).where('source', '=', 'screening').execute();
    expect(score.filter((x) => x.code === 'sanctions_match' && x.severity === 'critical').length).toBeGreaterThanOrEqual(2);
    expect(result.scoring.risk_level).toBe('high');
  });

  it('finds a counterparty company by its alias, its legal form set aside', async () => {
    const f = flows(s.api);
    const c = await f.createCase(monitoringCase({ trx_counterparty_full_name: 'Northstar Maritime Trading FZE' }));
    const hits = await hitsWhen(c.case_id, (h) => h.length > 0);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ entity_name: 'Northstar Maritime Trading FZE', list: 'ofac-sdn', list_entry_id: '7003', matched_name: 'NORTHSTAR MARITIME TRADING FZE', topic: 'sanctions' });
    expect(hits[0]!.score).toBeGreaterThanOrEqual(0.92);
  });

  it('raises a PEP hit as a warning, and no one sees another client’s screening', async () => {
    const f = flows(s.api);
    const c = await f.createCase(onboardingCase({ company_full_name: 'Sofia Trade Partners Ltd', company_country_code: 'BG', company_reg_number: undefined, user_full_name: 'Elena Markova' }));
    const hits = await hitsWhen(c.case_id, (h) => h.length > 0);
    expect(hits).toEqual([expect.objectContaining({ entity_name: 'Elena Markova', list: 'peps', list_entry_id: 'Q-elena-markova', topic: 'pep' })]);
    const findings = await s.d.ctx.db.selectFrom('findings').selectAll().where('conversation_id', '=', c.conversation_id).where('source', '=', 'screening').execute();
    expect(findings.map((x) => [x.code, x.severity])).toEqual([['pep_match', 'warning']]);

    // The account owner is declared not to be a PEP; the completion screens again and flags it.
    const declared = await s.api('POST', `/api/v1/conversations/${c.conversation_id}/comments`, [{ issue_id: 'declaration:is_pep_self_assessment', comment_text: 'no' }]);
    expect(declared.status, JSON.stringify(declared.body)).toBeLessThan(300);
    expect((await f.complete(c.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(c.case_id);
    const owner = (result.legal_entities as { entity_id: string; entity_details: Record<string, unknown> }[]).find((e) => e.entity_id === result.account_owner_entity_ids[0])!;
    expect(owner.entity_details.is_pep_self_assessment).toBe(false);
    const after = await s.d.ctx.db.selectFrom('findings').select(['code', 'severity', 'text']).where('conversation_id', '=', c.conversation_id).where('source', '=', 'screening').execute();
    expect(after.map((x) => [x.code, x.severity]).sort()).toEqual([
      ['pep_match', 'warning'],
      ['pep_not_declared', 'warning'],
    ]);
    expect(after.find((x) => x.code === 'pep_not_declared')!.text).toContain('Elena Markova');

    const other = await s.newClient('bank-other');
    expect((await other('GET', `/api/v1/cases/${c.case_id}/screening`)).status).toBe(404);
    expect((await s.as(null)('GET', `/api/v1/cases/${c.case_id}/screening`)).status).toBe(401);
  });

  it('screens every case again when a list version is imported: a new entry becomes a new finding on an existing case, and an approved case is due for review', async () => {
    const before = await screening(harbour.case_id);
    expect(before.hits.some((h) => h.list_entry_id === '7006')).toBe(false);
    const scoredBefore = (await s.api('GET', `/api/v1/cases/${harbour.case_id}/result`)).body.result.scoring;
    // The case was approved (a high risk: two analysts); its next review lies months ahead.
    expect((await analyst.post(`/backoffice/cases/${harbour.case_id}/decision`, { action: 'approve', reason_code: 'evidence_complete' })).status).toBe(303);
    expect((await second.post(`/backoffice/cases/${harbour.case_id}/decision`, { action: 'approve', reason_code: 'risk_accepted', reason_text: 'Hits reviewed.' })).status).toBe(303);
    const approved = (await s.api('GET', `/api/v1/cases/${harbour.case_id}/result`)).body.result.decision;
    expect(approved).toMatchObject({ state: 'approved' });
    expect(Date.parse(approved.next_review_at)).toBeGreaterThan(Date.now() + 24 * 3600_000);
    expect(await (await analyst.get('/backoffice/reviews')).text()).not.toContain('Harbour Lane Imports Ltd');

    const r = await lists('import', fixture('sdn-update.csv'));
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/6 entries .* replacing the previous version\. \d+ case\(s\) queued for screening/);
    const hits = await hitsWhen(harbour.case_id, (h) => h.some((x) => x.list_entry_id === '7006'));
    const company = hits.find((h) => h.list_entry_id === '7006')!;
    expect(company).toMatchObject({ entity_name: 'Harbour Lane Imports Ltd', matched_name: 'HARBOUR LANE IMPORTS LIMITED', topic: 'sanctions', current: true });
    expect(company.reasons).toContain('Registration Number 07700900 matches');
    // The earlier hits are found again in the new version, their ids unchanged.
    expect(hits.filter((h) => before.hits.some((b) => b.hit_id === h.hit_id)).length).toBe(before.hits.length);
    const page = await (await analyst.get(`/backoffice/cases/${harbour.case_id}`)).text();
    expect(page).toContain('To be reviewed: The company Harbour Lane Imports Ltd matches &quot;HARBOUR LANE IMPORTS LIMITED&quot;');
    // The case was ready: its report and result are made again with the new hit, its score counts it.
    const report = await eventually(async () => {
      const text = await (await analyst.get(`/reports/${harbour.conversation_id}`)).text();
      return text.includes('HARBOUR LANE IMPORTS LIMITED') ? text : undefined;
    }, scaled(60_000));
    expect(report).toContain('To be reviewed: The company Harbour Lane Imports Ltd matches &quot;HARBOUR LANE IMPORTS LIMITED&quot;');
    const rescored = (await s.api('GET', `/api/v1/cases/${harbour.case_id}/result`)).body.result.scoring;
    expect(rescored.risk_level).toBe('high');
    expect(rescored.score).toBeGreaterThanOrEqual(scoredBefore.score);
    expect(page).toContain('Sanctions and PEP screening');
    // The new hit is in the audit trail, and the approved case's review is due now: it heads the review queue.
    const decided = await eventually(async () => {
      const d = (await s.api('GET', `/api/v1/cases/${harbour.case_id}/result`)).body.result.decision;
      return Date.parse(d.next_review_at) <= Date.now() ? d : undefined;
    }, scaled(30_000));
    expect(decided.state).toBe('approved');
    expect(await (await analyst.get('/backoffice/reviews')).text()).toContain('Harbour Lane Imports Ltd');
    const trail = await auditTrail(harbour.case_id);
    expect(trail.find((a) => a.action === 'screening.new_hits' && a.subject?.includes('HARBOUR LANE IMPORTS LIMITED (ofac-sdn 7006'))).toMatchObject({ actor: { kind: 'system' } });
    expect(trail.find((a) => a.action === 'review.brought_forward')).toMatchObject({ actor: { kind: 'system' }, after: { reason: '1 new screening hit(s)' } });
    // Every screening is a step of the trail: the completion's, then the one after the list update.
    const runs = trail.filter((a) => a.action === 'screening.run');
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const r of runs) expect(r).toMatchObject({ actor: { kind: 'system' } });
    expect(
      runs.some((r) => /companies and persons of the case against .*ofac-sdn \(sanctions, dated [0-9-]+\).*: \d+ possible match/.test(r.subject ?? '')),
      runs.map((r) => r.subject).join('\n'),
    ).toBe(true);
  });

  it('keeps a false-match decision: the hit raises no finding, now or on the next screening', async () => {
    const { hits } = await screening(harbour.case_id);
    const petrov = hits.find((h) => /Petrov/i.test(h.entity_name) && h.list === 'ofac-sdn')!;
    const refused = await analyst.post(`/backoffice/cases/${harbour.case_id}/screening/${petrov.hit_id}`, { status: 'false_match', reason: '' });
    expect(refused.status).toBe(400);
    const done = await analyst.post(`/backoffice/cases/${harbour.case_id}/screening/${petrov.hit_id}`, { status: 'false_match', reason: 'Different person: passport number on file differs.' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/backoffice/cases/${harbour.case_id}?notice=screening-decided#screening`);
    const findingTexts = async () =>
      (await s.d.ctx.db.selectFrom('findings').select('text').where('conversation_id', '=', harbour.conversation_id).where('source', '=', 'screening').execute()).map((x) => x.text);
    expect((await findingTexts()).some((t) => t.includes('PETROV, Viktor Ivanovich') && t.includes('ofac-sdn'))).toBe(false);
    expect((await findingTexts()).some((t) => t.includes('SOKOLOV'))).toBe(true);
    // The ready case's report is made again without the hit.
    await eventually(async () => {
      const text = await (await analyst.get(`/reports/${harbour.conversation_id}`)).text();
      return text.includes('SOKOLOV') && !text.includes('matches &quot;PETROV, Viktor Ivanovich&quot;') ? true : undefined;
    }, scaled(60_000));

    // A new version of the list (the first file again, a new content) screens the case again.
    const r = await lists('import', fixture('sdn.csv'));
    expect(r.code, r.output).toBe(0);
    const again = await hitsWhen(harbour.case_id, (h) => h.every((x) => x.list_entry_id !== '7006' || !x.current));
    const kept = again.find((h) => h.hit_id === petrov.hit_id)!;
    expect(kept).toMatchObject({ status: 'false_match', current: true });
    expect((await findingTexts()).some((t) => t.includes('PETROV, Viktor Ivanovich') && t.includes('ofac-sdn'))).toBe(false);
    const page = await (await analyst.get(`/backoffice/cases/${harbour.case_id}`)).text();
    expect(page).toContain('Marked as a false match');
    expect(page).toContain('Different person: passport number on file differs.');
    expect((await auditTrail(harbour.case_id)).find((a) => a.action === 'screening.hit_decided')).toMatchObject({
      actor: { kind: 'analyst', name: 'ana' },
      subject: expect.stringContaining('PETROV, Viktor Ivanovich (ofac-sdn 7001)'),
      before: { status: 'open' },
      after: { status: 'false_match', reason: 'Different person: passport number on file differs.' },
    });
  });
});
