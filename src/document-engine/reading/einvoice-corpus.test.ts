// Extended test: every hybrid PDF of the shared e-invoice corpus (ZUGFeRD 1.0/2.x, Factur-X,
// XRechnung-in-PDF) read through readDocument and compared with its manifest, field by field.
// Skipped when ../shared/data/einvoices is not there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EInvoiceFacts } from '../document-model.ts';
import { closeReaders, readDocument } from './index.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/data/einvoices');
const FIELDS = ['profile', 'seller_name', 'buyer_name', 'invoice_number', 'issue_date', 'currency', 'grand_total', 'tax_total'] as const;
type Field = (typeof FIELDS)[number];

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (c !== '\r') cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  const [header, ...body] = rows;
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

function actual(facts: EInvoiceFacts | null, field: Field): string {
  if (!facts) return '';
  if (field === 'seller_name') return facts.seller.name ?? '';
  if (field === 'buyer_name') return facts.buyer.name ?? '';
  return (facts[field] as string | null) ?? '';
}

afterAll(closeReaders);

const present = existsSync(path.join(CORPUS, 'manifest.csv'));
describe.skipIf(!present)(`e-invoice corpus${present ? '' : ' (needs ../shared/data/einvoices/manifest.csv, absent)'}`, () => {
  it('matches the manifest for every PDF and field', { timeout: 120_000 }, async () => {
    const manifest = parseCsv(readFileSync(path.join(CORPUS, 'manifest.csv'), 'utf8'));
    const matches = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
    const misses: string[] = [];
    for (const row of manifest) {
      const doc = await readDocument(readFileSync(path.join(CORPUS, row.file)), 'application/pdf', { maxPages: 20, ocr: false });
      for (const field of FIELDS) {
        const got = actual(doc.einvoice, field);
        if (got === row[field]) matches[field]++;
        else misses.push(`${row.file} ${field}: expected ${JSON.stringify(row[field])}, got ${JSON.stringify(got)}`);
      }
    }
    const report = FIELDS.map((f) => `${f} ${matches[f]}/${manifest.length}`).join(', ');
    console.info(`e-invoice corpus: ${report}${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`);
    expect(manifest.length).toBeGreaterThanOrEqual(40);
    for (const field of FIELDS) expect(matches[field], `${field}: ${misses.filter((m) => m.includes(` ${field}:`)).join('; ')}`).toBe(manifest.length);
  });
});
