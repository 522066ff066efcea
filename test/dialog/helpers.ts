// Drives the hosted dialog's JSON endpoints the way the page does, and completes whole flows.
import { eventually } from '../helpers/server.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

export interface DialogResponse {
  status: number;
  headers: Headers;
  body: any;
}

export function dialogApi(url: string, conversationId: string, lang = 'en') {
  const call = async (method: string, path: string, body?: unknown): Promise<DialogResponse> => {
    const res = await fetch(`${url}/dialog/api/${conversationId}${path}?lang=${lang}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  };
  const step = (key: string, what: string) => `/steps/${encodeURIComponent(key)}/${what}`;
  const api = {
    state: () => call('GET', '/state'),
    answer: (key: string, text: string) => call('POST', step(key, 'answer'), { text }),
    skip: (key: string, reason: string) => call('POST', step(key, 'skip'), { reason }),
    proceed: (key: string) => call('POST', step(key, 'continue'), {}),
    reopen: (key: string) => call('POST', step(key, 'reopen'), {}),
    explain: (key: string, issueId: string, text: string) => call('POST', step(key, 'explanations'), { issue_id: issueId, text }),
    submit: () => call('POST', '/submit', {}),
    async upload(key: string, bytes: Buffer, fileName: string): Promise<DialogResponse> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      const res = await fetch(`${url}/dialog/api/${conversationId}${step(key, 'files')}?lang=${lang}`, { method: 'POST', body: form });
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
    /** The view once no file of the current step is being checked. */
    checked: () =>
      eventually(async () => {
        const r = await api.state();
        const files = r.body.view.step?.files ?? [];
        return files.some((f: { checking: boolean }) => f.checking) ? undefined : r.body.view;
      }),
  };
  return api;
}

export const goodAnswers: Record<string, string> = {
  transaction_rationale: 'Globex GmbH bought 200 industrial pumps from us, and this payment settles our invoice for them.',
  business_description: 'We are a wholesale distributor of industrial pumps and valves for customers across Europe.',
  follow_up: 'The goods were delivered to the Globex warehouse in Hamburg.',
  website: 'www.acme-trading.example',
};

export function companyPdf(company = 'Acme Trading Ltd', title = 'Document'): Promise<Buffer> {
  return makeTextPdf({ title, lines: [company, '1 Example Street, London', title, `Issued to ${company} on 2026-09-01.`] });
}

/** Completes every step with a good file or answer and submits; returns the modules in the order asked. */
export async function walkAndSubmit(d: ReturnType<typeof dialogApi>, company = 'Acme Trading Ltd'): Promise<string[]> {
  const asked: string[] = [];
  for (let guard = 0; guard < 40; guard++) {
    const view = (await d.state()).body.view;
    const step = view.step;
    if (!step) break;
    asked.push(step.module);
    if (step.kind === 'upload') {
      const up = await d.upload(step.key, await companyPdf(company, step.title), `${step.module}.pdf`);
      if (up.status !== 200) throw new Error(`upload to ${step.key}: ${up.status} ${JSON.stringify(up.body)}`);
      await d.checked();
      const r = await d.proceed(step.key);
      if (r.status !== 200) throw new Error(`continue ${step.key}: ${r.status} ${JSON.stringify(r.body)}`);
    } else {
      const r = await d.answer(step.key, goodAnswers[step.module]!);
      if (r.status !== 200 || r.body.rejected) throw new Error(`answer ${step.key}: ${r.status} ${JSON.stringify(r.body.rejected ?? r.body)}`);
    }
  }
  const done = await d.submit();
  if (done.status !== 200 || done.body.view.status !== 'completed') throw new Error(`submit: ${done.status} ${JSON.stringify(done.body)}`);
  return asked;
}
