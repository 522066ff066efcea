// The dialog's JSON endpoints against a real server: the flow, validation, resuming, what the
// endpoints refuse, and what reaches the API afterwards (comments, conversation_log, completion).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeInvoicePdf, makePng } from '../fixtures/documents.ts';
import { MODULES_BY_CONTEXT, type ConversationKind } from '../../src/cases/modules.ts';
import { companyPdf, dialogApi, goodAnswers, walkAndSubmit } from './helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function monitoring(modules?: unknown[]) {
  const f = flows(s.api);
  const ids = await f.createCase(monitoringCase(modules ? { modules } : {}));
  return { ...ids, d: dialogApi(s.url, ids.conversation_id), f };
}

describe('a monitoring conversation through the dialog endpoints', () => {
  it('greets, asks step by step, checks files and answers, and completes through the API path', async () => {
    const { case_id, conversation_id, d, f } = await monitoring();
    expect(conversation_id).toMatch(UUID);
    let view = (await d.state()).body.view;
    expect(view.messages[0].text).toBe('Hello. The organisation that sent you this link asks Acme Trading Ltd for some information about this payment:');
    expect(view.messages[0].facts).toContainEqual({ label: 'From', value: 'Globex GmbH' });
    expect(view.step).toMatchObject({ key: '0:invoice', kind: 'upload', title: 'Invoice' });
    expect(view.progress).toEqual({ current: 1, total: 5, label: 'Step 1 of 5' });

    // An invoice that names neither the company nor the payer: the finding comes back in plain words.
    const invoice = await makeInvoicePdf({ seller: 'Initech LLC', buyer: 'Umbrella Corp', invoiceNumber: 'INV-7', date: '2026-09-28', currency: 'EUR', total: 15250.75 });
    expect((await d.upload('0:invoice', invoice, 'invoice.pdf')).status).toBe(200);
    view = await d.checked();
    const finding = view.step.files[0].findings.find((x: { code: string }) => x.code === 'company_name_absent');
    expect(finding.message).toBe('We could not find the name Acme Trading Ltd in invoice.pdf. Is it the right document? If it uses another name, for example a trading name, please explain.');
    expect(view.messages.at(-1)).toMatchObject({ from: 'dossier', tone: 'attention', text: 'We looked at invoice.pdf and noticed something:' });

    // Explaining: too short first, then kept as a comment on that issue.
    expect((await d.explain('0:invoice', finding.issue_id, 'ok')).body.rejected).toMatch(/too short/);
    const explanation = 'Initech LLC is our trading arm and invoices on our behalf.';
    const explained = await d.explain('0:invoice', finding.issue_id, explanation);
    expect(explained.body.view.step.files[0].findings.find((x: { issue_id: string }) => x.issue_id === finding.issue_id).explained).toBe(true);
    view = (await d.proceed('0:invoice')).body.view;
    expect(view.step.key).toBe('1:contract');

    expect((await d.upload('1:contract', await companyPdf('Acme Trading Ltd', 'Contract'), 'contract.pdf')).status).toBe(200);
    await d.checked();
    view = (await d.proceed('1:contract')).body.view;
    expect(view.step).toMatchObject({ key: '3:other_document', title: 'Packing list', prompt: 'Please upload the packing list of the shipment.' });
    // other_document files are not checked: received at once.
    view = (await d.upload('3:other_document', makePng(), 'packing.png')).body.view;
    expect(view.step.files[0]).toMatchObject({ checking: false, findings: [] });
    expect(view.messages.at(-1).text).toBe('Thank you, packing.png is received.');
    view = (await d.proceed('3:other_document')).body.view;
    expect(view.step).toMatchObject({ key: '2:transaction_rationale', kind: 'text' });

    const gib = await d.answer('2:transaction_rationale', 'sdkjfh sdkjfh qwerty asdf lkjlkj');
    expect(gib.body.rejected).toBe('We cannot read this as words. Please write your answer again in plain sentences.');
    const off = await d.answer('2:transaction_rationale', 'My favourite hobby is playing tennis on weekends with my friends.');
    expect(off.body.rejected).toMatch(/^That does not seem to answer the question about the reason for the payment\. Please tell us what the payment is for/);
    const good = await d.answer('2:transaction_rationale', goodAnswers.transaction_rationale!);
    expect(good.body.rejected).toBeUndefined();
    view = good.body.view;
    expect(view.step).toMatchObject({ key: '4:follow_up', title: 'Delivery', prompt: 'Where were the pumps delivered?' });
    view = (await d.answer('4:follow_up', 'To our customer warehouse in Hamburg')).body.view;

    expect(view.step).toBeNull();
    expect(view.progress.label).toBe('Review and submit');
    expect(view.summary.map((x: { title: string }) => x.title)).toEqual(['Invoice', 'Contract', 'Packing list', 'Reason for the payment', 'Delivery']);
    expect(view.summary[0].lines).toEqual(['Files: invoice.pdf', 'Your explanations: 1']);

    // Changing an answer from the summary, then submitting.
    view = (await d.reopen('4:follow_up')).body.view;
    expect(view.step).toMatchObject({ key: '4:follow_up', draft: 'To our customer warehouse in Hamburg' });
    view = (await d.answer('4:follow_up', 'To the Globex warehouse in Hamburg, Germany')).body.view;
    expect(view.summary[4].lines).toEqual(['To the Globex warehouse in Hamburg, Germany']);
    const submitted = await d.submit();
    expect(submitted.body.view).toMatchObject({ status: 'completed', step: null, summary: null });
    expect(submitted.body.view.messages.at(-1).text).toBe('Thank you! Everything has been sent to the organisation that asked for it. You can close this page now.');

    // The API sees the same conversation: completed, the explanation as a comment, the full log.
    expect((await f.complete(conversation_id)).body).toEqual({ result: 'status_updated', status: 'completed' });
    await f.conversationResult(conversation_id);
    const caseResult = await f.caseResult(case_id);
    const log = caseResult.result.conversation_results[0].conversation_log as { author: string; module: string | null; text: string; attachments: { file_name: string }[] }[];
    const comments = await s.d.ctx.db.selectFrom('comments').selectAll().where('conversation_id', '=', conversation_id).execute();
    expect(comments.map((c) => [c.issue_id, c.comment_text, c.author])).toEqual([[finding.issue_id, explanation, 'user']]);
    const userTexts = log.filter((m) => m.author === 'user').map((m) => [m.module, m.text]);
    expect(userTexts).toEqual(
      expect.arrayContaining([
        ['invoice', expect.stringMatching(/^Uploaded invoice\.pdf/)],
        ['invoice', `Comment on ${finding.issue_id}: ${explanation}`],
        ['transaction_rationale', 'sdkjfh sdkjfh qwerty asdf lkjlkj'],
        ['transaction_rationale', goodAnswers.transaction_rationale],
        ['follow_up', 'I want to change my answer to "Delivery".'],
        [null, 'Conversation completed.'],
      ]),
    );
    const dossierTexts = log.filter((m) => m.author === 'dossier').map((m) => m.text);
    expect(dossierTexts).toEqual(
      expect.arrayContaining([
        expect.stringContaining('The organisation that sent you this link asks Acme Trading Ltd'),
        'Invoice\nPlease upload the invoice Acme Trading Ltd issued to Globex GmbH for this payment.',
        'We cannot read this as words. Please write your answer again in plain sentences.',
      ]),
    );
    expect(log.find((m) => m.author === 'dossier' && m.text.startsWith('We looked at invoice.pdf'))).toMatchObject({ module: 'invoice', attachments: [{ file_name: 'invoice.pdf' }] });
    // Once done, the page is a plain closing page and the endpoints take nothing more.
    const page = await fetch(`${s.url}/dialog?id=${conversation_id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('This conversation is complete.');
    expect((await d.answer('4:follow_up', 'More text about the Hamburg warehouse')).status).toBe(409);
    expect((await d.submit()).status).toBe(200);
  });

  it('accepts an answer after repeated failures and flags it for the analyst', async () => {
    const { conversation_id, d } = await monitoring([{ module: 'transaction_rationale' }]);
    await d.state();
    expect((await d.answer('0:transaction_rationale', 'asdf asdf')).body.rejected).toBeDefined();
    expect((await d.answer('0:transaction_rationale', 'jkjkjk lololo')).body.rejected).toBeDefined();
    const third = await d.answer('0:transaction_rationale', 'qwerty qwerty qwerty');
    expect(third.body.rejected).toBeUndefined();
    expect(third.body.view.messages.at(-2)).toMatchObject({ id: '0:transaction_rationale:flag', text: expect.stringContaining('We keep your answer as it is') });
    const row = await s.d.ctx.db.selectFrom('dialog_steps').selectAll().where('conversation_id', '=', conversation_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', flagged: 1, answer: 'qwerty qwerty qwerty' });
    expect(row.flag_reason).toMatch(/^(gibberish|repetitive): /);
    const log = await s.d.ctx.db.selectFrom('conversation_messages').select(['author', 'text']).where('conversation_id', '=', conversation_id).orderBy('seq').execute();
    expect(log.some((m) => m.author === 'dossier' && m.text.includes('Flagged for review after 2 rejected answers'))).toBe(true);
  });

  it('resumes at the same place from the stored state, in another language', async () => {
    const { conversation_id, d } = await monitoring([{ module: 'website' }, { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' }]);
    await d.state();
    expect((await d.answer('0:website', 'not a website')).body.rejected).toBe('This does not look like a website address. Please write it like www.example.com.');
    await d.answer('0:website', 'acme-trading.example');
    const again = dialogApi(s.url, conversation_id, 'de');
    const view = (await again.state()).body.view;
    expect(view.step).toMatchObject({ key: '1:follow_up', prompt: 'Where were the pumps delivered?' });
    expect(view.progress.label).toBe('Schritt 2 von 2');
    // The current step's question is in the step, not in the log as well.
    expect(view.messages.map((m: { id: string }) => m.id)).toEqual(['greeting', '0:website:q', '0:website:x0', '0:website:y0', '0:website:a']);
    expect(view.messages[4].text).toBe('https://acme-trading.example');
    expect(view.messages[3].text).toMatch(/^Das sieht nicht wie eine Website-Adresse aus/);
  });

  it('lets the user say a document is missing, with a readable reason, flagged', async () => {
    const { d } = await monitoring([{ module: 'insurance' }, { module: 'follow_up', subject: 'Delivery', question: 'Where?' }]);
    await d.state();
    expect((await d.skip('0:insurance', 'xx')).body.rejected).toMatch(/too short/);
    const r = await d.skip('0:insurance', 'We have no insurance policy for this business yet.');
    expect(r.body.view.step.key).toBe('1:follow_up');
    expect(r.body.view.messages.find((m: { id: string }) => m.id === '0:insurance:skip').text).toBe("I don't have this document: We have no insurance policy for this business yet.");
  });
});

describe('every module of the four contexts', () => {
  it.each(Object.keys(MODULES_BY_CONTEXT) as ConversationKind[])('%s: each module is a step that can be completed', async (kind) => {
    const modules = MODULES_BY_CONTEXT[kind].map((module) =>
      module === 'other_document'
        ? { module, document_name: 'Packing list', question: 'Please upload the packing list.' }
        : module === 'follow_up'
          ? { module, subject: 'Delivery', question: 'Where were the goods delivered?' }
          : { module },
    );
    const f = flows(s.api);
    let conversationId: string;
    if (kind === 'onboarding' || kind === 'monitoring') {
      conversationId = (await f.createCase(kind === 'onboarding' ? onboardingCase({ modules }) : monitoringCase({ modules }))).conversation_id;
    } else {
      const first = await f.createCase(kind === 'onboarding_follow_up' ? onboardingCase() : monitoringCase());
      const res = await s.api('POST', `/api/v1/cases/${first.case_id}/conversations`, { case_kind: kind, modules });
      expect(res.status).toBe(201);
      conversationId = res.body.conversation_id;
    }
    const asked = await walkAndSubmit(dialogApi(s.url, conversationId));
    // A first onboarding conversation also asks the people's declarations and the questionnaire.
    const formSteps = kind === 'onboarding' ? ['declarations', 'questionnaire'] : [];
    expect([...asked].sort()).toEqual([...MODULES_BY_CONTEXT[kind], ...formSteps].sort());
    const conv = await s.d.ctx.db.selectFrom('conversations').select('state').where('id', '=', conversationId).executeTakeFirstOrThrow();
    expect(conv.state).not.toBe('open');
  });
});

describe('what the dialog endpoints refuse', () => {
  it('takes only what the current step allows, and nothing of another conversation', async () => {
    const a = await monitoring();
    const b = await monitoring();
    await a.d.state();
    await b.d.state();
    expect((await a.d.answer('0:invoice', 'Some words about the invoice here')).status).toBe(400);
    expect((await a.d.answer('2:transaction_rationale', goodAnswers.transaction_rationale!)).status).toBe(409);
    expect((await a.d.upload('1:contract', await companyPdf(), 'c.pdf')).status).toBe(409);
    expect((await a.d.proceed('0:invoice')).status).toBe(400);
    expect((await a.d.submit()).status).toBe(409);
    expect((await a.d.reopen('0:invoice')).status).toBe(409);
    // A file type refused by content, not by name.
    const fake = await a.d.upload('0:invoice', Buffer.from('just text, not a PDF'), 'invoice.pdf');
    expect(fake.status).toBe(415);
    // An issue of conversation B cannot be explained through A.
    await b.d.upload('0:invoice', await makeInvoicePdf({ seller: 'Initech LLC', buyer: 'Umbrella Corp', invoiceNumber: 'X', date: '2026-09-01', currency: 'EUR', total: 10 }), 'x.pdf');
    const bView = await b.d.checked();
    const issue = bView.step.files[0].findings[0].issue_id;
    expect((await a.d.explain('0:invoice', issue, 'An explanation that is long enough.')).status).toBe(400);
    // Unknown and malformed ids answer 404 and reveal nothing.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', a.case_id]) {
      const r = await dialogApi(s.url, id).state();
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain('Acme');
    }
    expect((await dialogApi(s.url, a.conversation_id).answer('0:invoice', 'x'.repeat(5000))).status).toBe(400);
    const r = await a.d.state();
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the page', () => {
  it('is framed only by the allowed origins, speaks the chosen language, and has plain pages for the rest', async () => {
    const { conversation_id } = await monitoring();
    let page = await fetch(`${s.url}/dialog?id=${conversation_id}`, { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    let html = await page.text();
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'$/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Angaben für Acme Trading Ltd</title>');
    expect(html).not.toMatch(/<script>(?!<)/);
    const { setDialogOriginsCommand } = await import('../../src/dialog/dialog.cli.ts');
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = await s.d.ctx.db.selectFrom('api_clients').select('username').where('username', '=', 'bank-a').executeTakeFirstOrThrow();
    expect(await setDialogOriginsCommand(s.d.ctx.db, client.username, ['https://bank.example', 'http://127.0.0.1:9999/'])).toBe(0);
    expect(await setDialogOriginsCommand(s.d.ctx.db, client.username, ['bank.example/path'])).toBe(1);
    expect(err).toHaveBeenCalledWith(expect.stringContaining('"bank.example/path" is not an origin'));
    out.mockRestore();
    err.mockRestore();
    page = await fetch(`${s.url}/dialog?id=${conversation_id}&lang=en`);
    html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://bank.example http://127.0.0.1:9999");
    expect(html).toContain('"origins":["https://bank.example","http://127.0.0.1:9999"]');
    // The script and stylesheet are served from Dossier, cacheable by their hash.
    const src = /src="(\/dialog\/assets\/dialog\.js\?v=\w+)"/.exec(html)![1]!;
    const js = await fetch(`${s.url}${src}`);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect((await js.text()).length).toBeLessThan(30_000);
    // Case data can never become markup or script.
    const evil = (await flows(s.api).createCase(monitoringCase({ company_full_name: '</script><script>alert(1)</script> Ltd', modules: [{ module: 'invoice' }] }))).conversation_id;
    const evilHtml = await (await fetch(`${s.url}/dialog?id=${evil}`)).text();
    expect(evilHtml).not.toContain('<script>alert(1)');
    expect(evilHtml).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Ltd');
    const unknown = await fetch(`${s.url}/dialog?id=00000000-0000-4000-8000-000000000000&lang=de`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link ungültig');
  });

  it('takes the default origins from DIALOG_ORIGINS and limits requests per conversation and per IP', async () => {
    const t = await startServer({ DIALOG_ORIGINS: 'https://bank.example', DIALOG_RATE_LIMIT_PER_MINUTE: 5, DIALOG_IP_RATE_LIMIT_PER_MINUTE: 10, MAX_FILE_BYTES: 4096 }, { worker: false });
    try {
      const f = flows(t.api);
      const one = (await f.createCase(monitoringCase())).conversation_id;
      const two = (await f.createCase(monitoringCase())).conversation_id;
      const page = await fetch(`${t.url}/dialog?id=${one}`);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://bank.example");
      // Too large, and not multipart: refused with the error shape (these count towards the limits too).
      const big = await dialogApi(t.url, one).upload('0:invoice', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8192, 65)]), 'big.pdf');
      expect([big.status, big.body.error]).toEqual([413, 'payload_too_large']);
      const notMultipart = await fetch(`${t.url}/dialog/api/${one}/steps/0%3Ainvoice/files`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(notMultipart.status).toBe(415);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await dialogApi(t.url, one).state()).status);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await dialogApi(t.url, one).state();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.error).toBe('rate_limited');
      // Another conversation has its own allowance, until the address's limit (10) is reached.
      const others = [];
      for (let i = 0; i < 4; i++) others.push((await dialogApi(t.url, two).state()).status);
      expect(others).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('the business description in the case result', () => {
  it('is the accepted answer, not the refused attempts', async () => {
    const f = flows(s.api);
    const first = await f.createCase(onboardingCase());
    await f.complete(first.conversation_id);
    const res = await s.api('POST', `/api/v1/cases/${first.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'business_description' }] });
    const d = dialogApi(s.url, res.body.conversation_id);
    await d.state();
    expect((await d.answer('0:business_description', 'sdkjfh sdkjfh qwerty asdf lkjlkj')).body.rejected).toBeDefined();
    expect((await d.answer('0:business_description', goodAnswers.business_description!)).body.rejected).toBeUndefined();
    expect((await d.submit()).status).toBe(200);
    const result = await f.caseResult(first.case_id);
    // Summarised in the third person: "<company> is a wholesale distributor of …".
    expect(result.result.business_description_summary).toMatch(/ is a wholesale distributor of industrial pumps and valves for customers across Europe\.$/);
    expect(result.result.business_description_summary).not.toContain('sdkjfh');
  });
});
