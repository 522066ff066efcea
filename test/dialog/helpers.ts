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
    form: (key: string, values: Record<string, string | string[]>) => call('POST', step(key, 'form'), { values }),
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

interface FormGroupView {
  show_if?: { name: string; equals: string };
  fields: { name: string; control: string; options?: { value: string }[]; required: boolean }[];
}

/** Plain answers to a form step: "no" to yes/no questions, the first choice, a short text where one is required. */
export function formAnswers(form: { groups: FormGroupView[] }, overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const g of form.groups) {
    for (const f of g.fields) {
      const first = f.options?.[0]?.value ?? '';
      if (f.control === 'radio') values[f.name] = f.options!.some((o) => o.value === 'no') ? 'no' : first;
      else if (f.control === 'checkbox') values[f.name] = [first];
      else if (f.required) values[f.name] = 'Germany and Austria';
    }
  }
  return { ...values, ...overrides };
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
    } else if (step.kind === 'form') {
      const r = await d.form(step.key, formAnswers(step.form));
      if (r.status !== 200 || r.body.rejected) throw new Error(`form ${step.key}: ${r.status} ${JSON.stringify(r.body.rejected ?? r.body)}`);
    } else {
      const r = await d.answer(step.key, goodAnswers[step.module]!);
      if (r.status !== 200 || r.body.rejected) throw new Error(`answer ${step.key}: ${r.status} ${JSON.stringify(r.body.rejected ?? r.body)}`);
    }
  }
  const done = await d.submit();
  if (done.status !== 200 || done.body.view.status !== 'completed') throw new Error(`submit: ${done.status} ${JSON.stringify(done.body)}`);
  return asked;
}
