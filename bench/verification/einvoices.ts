// The shared e-invoice collection (../shared/data/einvoices, when present): how well the fields are
// read from the visible text alone, with the embedded XML hidden from the engine, against the XML's
// own values in manifest.csv; and how many of these genuine files draw a tamper warning.
import fs from 'node:fs';
import path from 'node:path';
import type { ReadDocument } from '../../src/document-engine/document-model.ts';
import { fullText } from '../../src/document-engine/document-model.ts';
import { verifyRead } from '../../src/document-engine/engine.ts';
import { cents, findAmounts, decimalStyle } from '../../src/document-engine/extract/amounts.ts';
import { findDates, slashOrder } from '../../src/document-engine/extract/dates.ts';
import { docText } from '../../src/document-engine/extract/doc-text.ts';
import type { InvoiceFields } from '../../src/document-engine/extract/fields.ts';
import { extractInvoiceFromText } from '../../src/document-engine/extract/invoice.ts';
import { compareNames, locateCompanyName, normalizeCompanyName, normalizeText } from '../../src/lib/names.ts';
import { readDocument } from '../../src/document-engine/reading/index.ts';

export const FIELDS = ['seller_name', 'buyer_name', 'invoice_number', 'issue_date', 'currency', 'grand_total', 'tax_total'] as const;
type Field = (typeof FIELDS)[number];
type Row = Record<'file' | 'profile' | Field, string>;

export interface FieldScore {
  correct: number;
  total: number;
  accuracy: number;
  /** Only files whose visible text shows the XML's value at all. */
  visible_correct: number;
  visible_total: number;
  visible_accuracy: number;
}

export interface EInvoiceResult {
  files: number;
  /** Files the text alone classifies as an invoice. */
  classified_invoice: number;
  fields: Record<Field, FieldScore>;
  misses: { file: string; field: Field; got: unknown; want: string; visible: boolean }[];
  /** Every warning or critical finding on these genuine files, with the XML and from the text alone. */
  warnings: { file: string; code: string; text_only: boolean }[];
  tamper_warnings: number;
  tamper_warning_rate: number;
  tamper_info: number;
  read_ms_p50: number;
}

function got(f: InvoiceFields, field: Field): string | null {
  switch (field) {
    case 'seller_name':
      return f.seller.name;
    case 'buyer_name':
      return f.buyer.name;
    case 'invoice_number':
      return f.invoice_number;
    case 'issue_date':
      return f.issue_date;
    case 'currency':
      return f.currency;
    case 'grand_total':
      return f.grand_total;
    case 'tax_total':
      return f.tax_total;
  }
}

/** Names match when exact or close (normalised, legal forms compared); amounts by absolute value (credit notes carry a sign in one and not the other). */
function matches(field: Field, value: string | null, want: string): boolean {
  if (value === null) return false;
  if (field.endsWith('_name')) return compareNames(value, want).outcome !== 'mismatch';
  if (field.endsWith('_total')) return /^-?\d+(\.\d+)?$/.test(value) && Math.abs(Math.abs(cents(value)) - Math.abs(cents(want))) <= 1;
  if (field === 'invoice_number') return value.toUpperCase().replace(/\s/g, '') === want.toUpperCase().replace(/\s/g, '');
  return value === want;
}

/** Whether the XML's value is written anywhere in the visible text (else the text and the XML disagree). */
function visible(field: Field, want: string, text: string): boolean {
  if (field.endsWith('_name')) {
    // A bare core counts only for a name without a legal form ("musterlieferant.de" does not show "MUSTERLIEFERANT GMBH").
    const m = locateCompanyName(text, want).match;
    return m === 'exact' || m === 'close' || (m === 'without_legal_form' && normalizeCompanyName(want).legalForm === null) || normalizeText(text).includes(normalizeText(want));
  }
  if (field.endsWith('_total')) {
    const style = decimalStyle(text);
    return text.split('\n').some((l) => findAmounts(l, style).some((a) => Math.abs(Math.abs(cents(a.value)) - Math.abs(cents(want))) <= 1));
  }
  if (field === 'issue_date') return findDates(text, slashOrder(text)).some((d) => d.iso === want);
  if (field === 'currency') return text.includes(want) || (want === 'EUR' && /€|euro/i.test(text));
  return text.replace(/\s/g, '').toUpperCase().includes(want.replace(/\s/g, '').toUpperCase());
}

export async function benchEInvoices(dir: string): Promise<EInvoiceResult | null> {
  const manifest = path.join(dir, 'manifest.csv');
  if (!fs.existsSync(manifest)) return null;
  const [head, ...lines] = fs.readFileSync(manifest, 'utf8').trim().split(/\r?\n/);
  const cols = head.split(',');
  const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])) as Row);
  const fields = Object.fromEntries(FIELDS.map((f) => [f, { correct: 0, total: 0, accuracy: 0, visible_correct: 0, visible_total: 0, visible_accuracy: 0 }])) as Record<Field, FieldScore>;
  const misses: EInvoiceResult['misses'] = [];
  let warnings = 0;
  let classifiedInvoice = 0;
  const ruleWarnings: EInvoiceResult['warnings'] = [];
  let infos = 0;
  const readMs: number[] = [];
  for (const row of rows) {
    const t = performance.now();
    const read = await readDocument(fs.readFileSync(path.join(dir, row.file)), 'application/pdf', { maxPages: 100 });
    readMs.push(performance.now() - t);
    const ctx = {
      case: { company_full_name: '', company_reg_number: null, user_full_name: null, transaction: null },
      task: { requested_type: 'invoice', company_full_name: '', file_name: path.basename(row.file) },
      today: '2026-11-20',
    };
    // The whole pipeline, XML included, for the tamper count of genuine files.
    const full = verifyRead({ read, ctx, documentId: row.file });
    if (full.findings.some((f) => f.code === 'document_edited' || f.code === 'document_possibly_edited')) warnings++;
    if (full.findings.some((f) => f.code === 'edit_signals')) infos++;
    for (const x of full.findings) if (x.severity !== 'info') ruleWarnings.push({ file: row.file, code: x.code, text_only: false });
    // Text only: the engine never sees the embedded XML. Fields are read as an invoice's (the client
    // asked for one); whether the text alone is classified as an invoice is counted on its own.
    const textOnly: ReadDocument = { ...read, einvoice: null };
    const out = verifyRead({ read: textOnly, ctx, documentId: row.file });
    if (out.type === 'invoice') classifiedInvoice++;
    for (const x of out.findings) if (x.severity !== 'info') ruleWarnings.push({ file: row.file, code: x.code, text_only: true });
    const f = read.readable ? extractInvoiceFromText(docText(textOnly)) : null;
    const text = fullText(read);
    for (const field of FIELDS) {
      const want = row[field];
      if (want === undefined || want === '') continue;
      const value = f ? got(f, field) : null;
      const ok = matches(field, value, want);
      const seen = visible(field, want, text);
      const s = fields[field];
      s.total++;
      if (ok) s.correct++;
      if (seen) {
        s.visible_total++;
        if (ok) s.visible_correct++;
      }
      if (!ok) misses.push({ file: row.file, field, got: value, want, visible: seen });
    }
  }
  for (const s of Object.values(fields)) {
    s.accuracy = s.total ? s.correct / s.total : 1;
    s.visible_accuracy = s.visible_total ? s.visible_correct / s.visible_total : 1;
  }
  readMs.sort((a, b) => a - b);
  return {
    files: rows.length,
    classified_invoice: classifiedInvoice,
    fields,
    misses,
    warnings: ruleWarnings,
    tamper_warnings: warnings,
    tamper_warning_rate: warnings / rows.length,
    tamper_info: infos,
    read_ms_p50: readMs[Math.floor(readMs.length / 2)],
  };
}
