// Adding a document type touches its own file and one line of the registry, nothing else: a copy of
// src/ gets a new type (a warehouse receipt: its requested name, cues, extractor, schema, dates)
// and its registry line, the real `dossier` command runs from that copy, and a receipt sent through
// the API is classified as one, its fields read and checked against the type's rules, and shown in
// the case result.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../fixtures/documents.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { freePort } from '../helpers/ports.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { basic, type ApiCaller } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { waitFor } from '../helpers/wait.ts';

const repo = path.resolve(import.meta.dirname, '../..');

const PLUGIN = `// The warehouse receipt document type: a warehouse's receipt for goods deposited with it.
import { Type } from '@sinclair/typebox';
import type { DocumentTypePlugin } from './plugin.ts';
import { Day, Text } from './schema-parts.ts';

interface WarehouseReceiptFields {
  receipt_number: string | null;
  depositor: string | null;
  deposit_date: string | null;
  valid_until: string | null;
}

const after = (text: string, label: string) => new RegExp(\`\${label}:\\\\s*(.+)\`, 'i').exec(text)?.[1].trim() ?? null;
const isoDay = (v: string | null) => (v && /^\\d{4}-\\d{2}-\\d{2}$/.test(v) ? v : null);

export const warehouseReceipt: DocumentTypePlugin<'warehouse_receipt', WarehouseReceiptFields> = {
  type: 'warehouse_receipt',
  label: 'warehouse receipt',
  requests: ['warehouse_receipt'],
  modules: [],
  keywords: [['warehouse receipt', 7], ['depositor', 3], ['warehouse keeper', 3]],
  schema: Type.Object({ receipt_number: Text, depositor: Text, deposit_date: Day, valid_until: Day }),
  extract: (_doc, d) => ({
    receipt_number: after(d.text, 'Receipt No'),
    depositor: after(d.text, 'Depositor'),
    deposit_date: isoDay(after(d.text, 'Deposited on')),
    valid_until: isoDay(after(d.text, 'Valid until')),
  }),
  keyFacts: (f) => [f.receipt_number !== null, f.depositor !== null],
  issueDate: (f) => f.deposit_date,
  datePairs: (f) => [['deposit date', f.deposit_date, 'end of validity', f.valid_until]],
  parties: (f) => [f.depositor],
};
`;

/** A copy of the tree with the new type: its file, and its line (an import and an entry) in the registry. */
function treeWithNewType(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-new-type-'));
  fs.cpSync(path.join(repo, 'src'), path.join(root, 'src'), { recursive: true, filter: (p) => !p.endsWith('.test.ts') });
  for (const f of ['package.json', 'tsconfig.json']) fs.copyFileSync(path.join(repo, f), path.join(root, f));
  for (const d of ['node_modules', 'web']) if (fs.existsSync(path.join(repo, d))) fs.symlinkSync(path.join(repo, d), path.join(root, d));
  const types = path.join(root, 'src/document-engine/types');
  fs.writeFileSync(path.join(types, 'warehouse-receipt.ts'), PLUGIN);
  const registry = fs.readFileSync(path.join(types, 'index.ts'), 'utf8');
  const added = registry
    .replace("import { other } from './other.ts';", "import { other } from './other.ts';\nimport { warehouseReceipt } from './warehouse-receipt.ts';")
    .replace('  other,\n] as const;', '  warehouseReceipt,\n  other,\n] as const;');
  expect(added).not.toBe(registry);
  fs.writeFileSync(path.join(types, 'index.ts'), added);
  return root;
}

describe('a document type added in its own file and the registry line', () => {
  const root = treeWithNewType();
  const dataDir = path.join(root, 'data');
  const creds = { username: 'bank-w', password: 'bank-w-password-1' };
  let url = '';
  let server: ReturnType<typeof runDossier> | undefined;
  setupAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, JOBS_POLL_MS: '50' };
    const create = runDossier(['clients', 'create', creds.username, '--password', creds.password], env, root);
    expect((await exited(create)).code, create.output()).toBe(0);
    server = runDossier(['start'], env, root);
    await waitFor(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200, { timeout: 120_000, interval: 250, message: 'the server of the copied tree answering /healthz' });
  }, 180_000);
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('classifies, reads, checks and reports a warehouse receipt through the API', async () => {
    const api: ApiCaller = async (method, p, body, init = {}) => {
      const headers: Record<string, string> = { authorization: basic(creds), ...(init.headers ?? {}) };
      if (body !== undefined && init.raw === undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}${p}`, { method, headers, body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text, text };
    };
    const f = flows(api);
    const ids = await f.createCase(onboardingCase());
    const pdf = await makeTextPdf({
      lines: [
        'WAREHOUSE RECEIPT',
        'Receipt No: WR-2041',
        'Depositor: Acme Trading Ltd',
        'Warehouse keeper: Northern Stores',
        'Deposited on: 2026-03-10',
        'Valid until: 2026-02-01',
        '200 industrial pumps',
      ],
    });
    const upload = await f.upload(ids.conversation_id, pdf, 'receipt.pdf');
    expect(upload.status, upload.text).toBe(201);
    const verification = await f.verify(ids.conversation_id, upload.body.document_id, 'Acme Trading Ltd', 'warehouse_receipt');
    const checks = await f.verificationResult(ids.conversation_id, verification);
    // Its own date rule: deposited after the end of its validity.
    expect(checks.map((c) => c.text)).toContainEqual(expect.stringMatching(/receipt\.pdf" the deposit date \(2026-03-10\) is after the end of validity \(2026-02-01\)/));
    expect(checks.some((c) => c.issue_id.startsWith('document_type_mismatch-'))).toBe(false);

    expect((await f.complete(ids.conversation_id)).status).toBe(200);
    const result = await f.caseResult(ids.case_id);
    const doc = result.result.conversation_results[0].client_documents[0];
    expect(doc.document_type).toBe('warehouse_receipt');
    expect(doc.extracted_data).toMatchObject({
      document_type: 'warehouse_receipt',
      classified_type: 'warehouse_receipt',
      company_name_match: 'exact',
      fields: { receipt_number: 'WR-2041', depositor: 'Acme Trading Ltd', deposit_date: '2026-03-10', valid_until: '2026-02-01' },
    });
  }, 240_000);
});
