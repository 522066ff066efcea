// Steps the end-to-end verification tests share: verify a file as a type and wait for its findings.
import { eventually, type ApiCaller } from '../helpers/server.ts';
import { uploadForm } from '../helpers/factories.ts';

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
