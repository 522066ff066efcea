// The case's one score, the user's answers and readable reports, through HTTP against a real
// server: the API result, the back-office case view, the web report and both PDFs agree on the
// score and the policy version; the answers show what was accepted and never what was refused;
// the README tour's report fits in three pages with the reader's details in its appendix.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { getDocument } from '../../src/document-engine/pdfjs.ts';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/scoring/policy.ts';
import { signInHttp, type HttpSession } from '../backoffice/helpers.ts';
import { dialogApi, goodAnswers } from '../dialog/helpers.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { useServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';

const analyst = { username: 'reader-analyst', password: 'reader-analyst-password' };
const s = useServer({ LOG_LEVEL: 'error' } as never, {}, (server) =>
  server.d.services.users.create({ username: analyst.username, clientUsername: server.client.username, password: analyst.password }),
);
const f = flows((...args) => s.api(...args));
const policy = loadPolicy();

const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
/** Visible text of an HTML page or fragment. */
const textOf = (html: string) =>
  squash(
    html
      .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );

async function pdfPages(bytes: ArrayBuffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(squash(content.items.map((it) => ('str' in it ? it.str : '')).join(' ')));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function pdfOf(path: string): Promise<{ bytes: ArrayBuffer; pages: string[] }> {
  const res = await s.api('GET', path);
  expect(res.status, path).toBe(200);
  const bytes = await (await fetch(`${s.url}${path}`, { headers: { authorization: `Basic ${Buffer.from(`${s.client.username}:${s.client.password}`).toString('base64')}` } })).arrayBuffer();
  return { bytes, pages: await pdfPages(bytes.slice(0)) };
}

/** The section of a page with this id, up to the end of its element. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `section ${id}`).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<section', start);
  const end = html.indexOf('</section>', start);
  return html.slice(open, end);
}

/** Keeps what a test saw for looking at it (REPORTS_KEEP_DIR, outside the repository). */
function keep(name: string, bytes: ArrayBuffer | string): void {
  if (process.env.REPORTS_KEEP_DIR) fs.writeFileSync(`${process.env.REPORTS_KEEP_DIR}/${name}`, typeof bytes === 'string' ? bytes : Buffer.from(bytes));
}

describe("the README tour's onboarding conversation", () => {
  let ids: { case_id: string; conversation_id: string };
  let bo: HttpSession;

  setupAll(async () => {
    ids = await f.createCase(
      onboardingCase(
        { company_full_name: 'Acme Trading Ltd', company_country_code: 'GB', company_reg_number: '01234567', user_full_name: 'Jane Public', modules: [{ module: 'documents_verification' }] },
        { communication_id: 'crm-4711' },
      ),
    );
    const invoice = execFileSync('npx', ['tsx', 'scripts/sample-invoice.ts']);
    const documentId = (await f.upload(ids.conversation_id, invoice, 'invoice.pdf')).body.document_id as string;
    const results = await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, documentId, 'Globex Holdings Limited', 'invoice'));
    await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: results[0]!.issue_id, comment_text: 'Globex Holdings buys through its trading arm Acme Trading Ltd.' }]);
    await f.complete(ids.conversation_id);
    await f.conversationResult(ids.conversation_id);
    await f.caseResult(ids.case_id);
    bo = await signInHttp(s.url, analyst.username, analyst.password);
  });

  it('shows one score and one policy version in the API result, the case view, the web report and both PDFs', async () => {
    const { scoring } = (await f.caseResult(ids.case_id)).result as { scoring: { score: number; risk_level: string } };
    expect(Object.keys(scoring).sort()).toEqual(['risk_level', 'score']);
    const stored = await s.d.ctx.db.selectFrom('case_scores').selectAll().where('case_id', '=', ids.case_id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ score: scoring.score, risk_level: scoring.risk_level, policy_version: policy.version });
    const said = `score ${scoring.score} of 100`;

    const pageHtml = await (await bo.get(`/backoffice/cases/${ids.case_id}`)).text();
    keep('tour-case-page.html', pageHtml);
    const page = textOf(pageHtml);
    expect(page).toContain(`Scored with policy ${policy.version}`);
    expect(page).toMatch(new RegExp(`Scoring ${scoring.score} ${scoring.risk_level[0]!.toUpperCase()}${scoring.risk_level.slice(1)} risk`));

    const webHtml = await (await bo.get(`/reports/${ids.conversation_id}`)).text();
    keep('tour-web.html', webHtml);
    // The document is shown with its first page, small.
    expect(webHtml).toMatch(/<img class="thumb" src="data:image\/png;base64,[A-Za-z0-9+/=]{200,}" alt="First page of invoice.pdf"/);
    const web = textOf(webHtml);
    expect(web).toContain(said);
    expect(web).toContain(`policy ${policy.version}`);

    const pdf = await pdfOf(`/api/v1/conversations/${ids.conversation_id}/report.pdf`);
    keep('tour-conversation.pdf', pdf.bytes);
    expect(pdf.pages[0]).toContain(said);
    expect(pdf.pages.join(' ')).toContain(`policy ${policy.version}`);

    const caseReport = await pdfOf(`/api/v1/cases/${ids.case_id}/report.pdf`);
    keep('tour-case.pdf', caseReport.bytes);
    expect(caseReport.pages[0]).toContain(said);
    expect(caseReport.pages.join(' ')).toContain(`policy ${policy.version}`);
    // No other score appears anywhere: every "score N of 100" names the one score.
    for (const text of [web, pdf.pages.join(' '), caseReport.pages.join(' ')]) {
      for (const m of text.matchAll(/score (\d+) of 100/g)) expect(Number(m[1])).toBe(scoring.score);
    }
  });

  it('fits the PDF in four pages: a plain summary with the checks first, the reader details in the appendix', async () => {
    const { pages } = await pdfOf(`/api/v1/conversations/${ids.conversation_id}/report.pdf`);
    expect(pages.length).toBeLessThanOrEqual(4);
    const text = pages.join(' ');
    expect(pages[0]).toContain('Acme Trading Ltd');
    expect(pages[0]).toMatch(/What needs attention/);
    expect(text).toContain('an invoice');
    expect(text).not.toContain('a invoice');
    expect(text).not.toMatch(/fields\.\w+/);
    const appendix = text.indexOf('Technical appendix');
    expect(appendix).toBeGreaterThan(-1);
    // The reader's details (how the text was read, by which program) stand only in the appendix.
    for (const detail of ['Read method', 'Producer']) {
      const at = text.indexOf(detail);
      if (at > -1) expect(at, detail).toBeGreaterThan(appendix);
    }
    // The invoice's facts are tables: its total is a row of its own.
    expect(text).toMatch(/Grand total 15,250\.75 EUR/);
  });
});

describe('a case report while a follow-up is open', () => {
  let ids: { case_id: string; conversation_id: string };
  let bo: HttpSession;

  setupAll(async () => {
    ids = await f.createCase(onboardingCase({ modules: [{ module: 'documents_verification' }] }));
    await f.complete(ids.conversation_id);
    await f.caseResult(ids.case_id);
    const follow = await s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, {
      case_kind: 'onboarding_follow_up',
      modules: [{ module: 'follow_up', question: 'Who are your main customers?' }],
    });
    expect(follow.body.result).toBe('conversation_created');
    bo = await signInHttp(s.url, analyst.username, analyst.password);
  });

  it('keeps the last case report available, with a superseded banner on every page, while the case result is pending', async () => {
    expect((await s.api('GET', `/api/v1/cases/${ids.case_id}/result`)).body.status).toBe('not_ready');
    const { bytes, pages } = await pdfOf(`/api/v1/cases/${ids.case_id}/report.pdf`);
    keep('superseded-case.pdf', bytes);
    for (const page of pages) expect(page).toContain('SUPERSEDED: a follow-up conversation of this case is open.');
    expect(pages[0]).toContain('Dossier case report'.toUpperCase());
    const page = textOf(await (await bo.get(`/backoffice/cases/${ids.case_id}`)).text());
    expect(page).toContain('Previous case report (PDF, superseded)');
    const backOffice = await bo.get(`/backoffice/cases/${ids.case_id}/report.pdf`);
    expect(backOffice.status).toBe(200);
    expect(backOffice.headers.get('content-disposition')).toContain('superseded');
  });
});

describe('the answers of a monitoring conversation', () => {
  const refused = 'sdkjfh sdkjfh qwerty asdf lkjlkj';
  let ids: { case_id: string; conversation_id: string };
  let bo: HttpSession;

  setupAll(async () => {
    ids = await f.createCase(monitoringCase({ modules: [{ module: 'transaction_rationale' }, { module: 'website' }] }));
    const d = dialogApi(s.url, ids.conversation_id);
    for (let step = (await d.state()).body.view.step; step; step = (await d.state()).body.view.step) {
      if (step.module === 'transaction_rationale') {
        const first = await d.answer(step.key, refused);
        expect(first.body.rejected, JSON.stringify(first.body).slice(0, 400)).toBeDefined();
      }
      const accepted = await d.answer(step.key, goodAnswers[step.module]!);
      expect(accepted.body.rejected, JSON.stringify(accepted.body).slice(0, 400)).toBeUndefined();
    }
    const done = await d.submit();
    expect(done.body.view.status).toBe('completed');
    await f.caseResult(ids.case_id);
    bo = await signInHttp(s.url, analyst.username, analyst.password);
  });

  it('shows the accepted rationale and website with the count of refused attempts, never the refused text', async () => {
    const page = await (await bo.get(`/backoffice/cases/${ids.case_id}`)).text();
    keep('answers-case-page.html', page);
    const answers = textOf(sectionOf(page, 'answers'));
    expect(answers).toContain(goodAnswers.transaction_rationale!);
    expect(answers).toContain('acme-trading.example');
    expect(answers).toContain('1 attempt refused');
    expect(answers).not.toContain(refused);

    const web = await (await bo.get(`/reports/${ids.conversation_id}`)).text();
    keep('answers-web.html', web);
    const webAnswers = textOf(sectionOf(web, 'answers'));
    expect(webAnswers).toContain(goodAnswers.transaction_rationale!);
    expect(webAnswers).toContain('1 attempt refused');
    expect(webAnswers).not.toContain(refused);
    expect(textOf(web)).not.toContain('Transaction rationale —');

    const pdf = (await pdfOf(`/api/v1/conversations/${ids.conversation_id}/report.pdf`)).pages.join(' ');
    expect(pdf).toContain(squash(goodAnswers.transaction_rationale!));
    expect(pdf).toContain('1 attempt refused');
  });

  it('fills the company website of the case result from the accepted answer', async () => {
    const result = (await f.caseResult(ids.case_id)).result as { main_entity_id: string; legal_entities: { entity_id: string; entity_details: { company_website?: { url: string } } }[] };
    const main = result.legal_entities.find((e) => e.entity_id === result.main_entity_id)!;
    expect(main.entity_details.company_website?.url).toContain('acme-trading.example');
  });
});
