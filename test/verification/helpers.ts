// Steps the end-to-end verification tests share: verify a file as a type and wait for its findings.
import { afterAll } from 'vitest';
import { eventually, startServer, type ApiCaller, type TestServer } from '../helpers/server.ts';
import { flows, uploadForm } from '../helpers/factories.ts';
import { setupAll } from '../helpers/setup.ts';

export interface CheckResult {
  issue_id: string;
  severity: string;
  text: string;
}

export function verifier(api: ApiCaller) {
  return async function verify(conversationId: string, bytes: Buffer, opts: { type?: string; company?: string; fileName?: string; timeoutMs?: number } = {}) {
    const up = await api('POST', `/api/v1/conversations/${conversationId}/documents`, undefined, { raw: uploadForm(bytes, opts.fileName ?? 'document.pdf') });
    if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${up.text}`);
    const created = await api('POST', `/api/v1/conversations/${conversationId}/verifications`, {
      document_id: up.body.document_id,
      verification_task: { document_type: opts.type ?? 'invoice', company_full_name: opts.company ?? 'Acme Trading Ltd' },
    });
    if (created.status !== 201) throw new Error(`verification not created: ${created.status} ${created.text}`);
    const results = await eventually(
      async () => {
        const r = await api('GET', `/api/v1/conversations/${conversationId}/verifications/${created.body.verification_id}`);
        if (r.status !== 200) throw new Error(`GET verification answered ${r.status}: ${r.text}`);
        return r.body.status === 'ready' ? (r.body.result.check_results as CheckResult[]) : undefined;
      },
      opts.timeoutMs ?? 120_000,
      100,
    );
    return { documentId: up.body.document_id as string, verificationId: created.body.verification_id as string, results, codes: results.map((x) => x.issue_id.replace(/-[0-9a-f]{8}$/, '')) };
  };
}

/** A test server for the file's tests, with the API flows and the verifier on it (filled in before the first test). */
export function verificationServer(): { s: TestServer; f: ReturnType<typeof flows>; verify: ReturnType<typeof verifier> } {
  const t = {} as { s: TestServer; f: ReturnType<typeof flows>; verify: ReturnType<typeof verifier> };
  setupAll(async () => {
    t.s = await startServer();
    t.f = flows(t.s.api);
    t.verify = verifier(t.s.api);
  });
  afterAll(() => t.s?.close());
  return t;
}
