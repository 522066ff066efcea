// The dialog's view while checks finish: a file shown as checked always comes with its findings.
// Checks finish in the background (another process on the scale-out profile) while the page asks
// for the view; the view must never show a finished check with findings it has not read yet.
// Several files are checked while the view is asked for without pause, and every view is held to
// that rule.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { makeInvoicePdf } from '../fixtures/documents.ts';
import { dialogApi } from './helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer({ DIALOG_RATE_LIMIT_PER_MINUTE: 100_000, DIALOG_IP_RATE_LIMIT_PER_MINUTE: 100_000 });
});
afterAll(async () => {
  await s?.close();
});

type FileView = { file_name: string; checking: boolean; findings: { code: string }[] | null };

describe('the dialog view while checks finish', () => {
  it('never shows a checked file without the findings its check stored', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(monitoringCase({}));
    const d = dialogApi(s.url, ids.conversation_id);
    await d.state();
    // Invoices that name neither the company nor the payer: each check stores company_name_absent.
    const files = 6;
    for (let i = 0; i < files; i++) {
      const pdf = await makeInvoicePdf({ seller: `Initech ${i} LLC`, buyer: 'Umbrella Corp', invoiceNumber: `INV-${i}`, date: '2026-09-28', currency: 'EUR', total: 100 + i });
      expect((await d.upload('0:invoice', pdf, `invoice-${i}.pdf`)).status).toBe(200);
    }
    let views = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Several views asked for at once, as open tabs and a polling page do.
      const batch = await Promise.all([d.state(), d.state(), d.state(), d.state()]);
      let checking = 0;
      for (const r of batch) {
        expect(r.status).toBe(200);
        views += 1;
        for (const file of r.body.view.step.files as FileView[]) {
          if (file.checking) {
            checking += 1;
            continue;
          }
          expect({ file: file.file_name, codes: (file.findings ?? []).map((x) => x.code) }).toEqual({ file: file.file_name, codes: expect.arrayContaining(['company_name_absent']) });
        }
      }
      if (checking === 0) break;
      if (Date.now() > deadline) throw new Error(`files still being checked after 60 s (${views} views)`);
    }
    expect(views).toBeGreaterThan(0);
  });
});
