// The labelled corpus: genuine documents of every type, documents built to trip one rule each, and
// edited copies (an amount changed in an incremental update, a file re-saved by an editing tool).
import { bankLetterDoc, bankStatementDoc, certificateDoc, onboardingCase, registerExtractDoc, shareholderRegisterDoc, utilityBillDoc, articlesDoc, type Subject } from './company-docs.ts';
import { dealCase, makeDeal, makeParty, type Deal } from './deal.ts';
import type { CorpusDoc, Line } from './model.ts';
import { CORPUS_TODAY } from './model.ts';
import { insuranceDoc, licenceDoc, packingListDoc, passportDoc } from './permit-docs.ts';
import { FORMS, isoAdd, Rng, writeAmount } from './random.ts';
import { billOfLadingDoc, charterDoc, contractDoc, invoiceDoc } from './trade-docs.ts';

export interface CorpusOptions {
  seed?: number;
  /** Genuine documents per type. */
  perType?: number;
  /** How many documents (spread over the types) are also rendered as scans. */
  scans?: number;
}

function subject(rng: Rng): Subject {
  const party = makeParty(rng, new Set());
  return { party, caseData: onboardingCase(party), companyName: party.name, incorporated: isoAdd(CORPUS_TODAY, -rng.int(400, 6000)) };
}

function genuine(rng: Rng, n: number): CorpusDoc[] {
  const out: CorpusDoc[] = [];
  for (let i = 0; i < n; i++) {
    const deal = makeDeal(rng);
    out.push(invoiceDoc(`invoice-${i}`, deal, rng), contractDoc(`contract-${i}`, deal, rng), billOfLadingDoc(`bill_of_lading-${i}`, deal, rng), charterDoc(`charter-${i}`, deal, rng));
    const s = subject(rng);
    out.push(
      certificateDoc(`certificate-${i}`, s),
      registerExtractDoc(`register-${i}`, s, rng),
      articlesDoc(`articles-${i}`, s, rng),
      shareholderRegisterDoc(`shareholders-${i}`, s, rng),
      bankStatementDoc(`bank_statement-${i}`, s, rng),
      i % 2 === 0 ? utilityBillDoc(`utility_bill-${i}`, s, rng) : bankLetterDoc(`bank_letter-${i}`, s, rng),
      licenceDoc(`licence-${i}`, s, rng),
      insuranceDoc(`insurance-${i}`, s, rng),
      passportDoc(`passport-${i}`, s, rng),
      packingListDoc(`other-${i}`, s, rng),
    );
  }
  return out;
}

function withCase(deal: Deal, patch: Record<string, unknown>): Record<string, unknown> {
  return { ...dealCase(deal), ...patch };
}

/** One document per rule, each built to raise that rule (and only warnings it implies). */
function traps(rng: Rng): CorpusDoc[] {
  const d = () => makeDeal(rng, { lang: 'en' });
  const s = () => subject(rng);
  const out: CorpusDoc[] = [];
  let deal = d();
  out.push(invoiceDoc('trap-amount', deal, rng, { caseData: withCase(deal, { trx_amount: Math.round(deal.gross * 1.3) }), expect: ['invoice_amount_mismatch'] }));
  deal = d();
  out.push(invoiceDoc('trap-currency', deal, rng, { caseData: withCase(deal, { trx_currency: deal.currency === 'USD' ? 'EUR' : 'USD' }), expect: ['invoice_currency_mismatch'] }));
  deal = d();
  out.push(invoiceDoc('trap-date', deal, rng, { caseData: withCase(deal, { trx_date: isoAdd(deal.invoiceDate, -5) }), expect: ['invoice_date_after_transaction'] }));
  deal = d();
  out.push(invoiceDoc('trap-counterparty', deal, rng, { caseData: withCase(deal, { trx_counterparty_full_name: 'Umbrella Pharmaceuticals Inc.' }), expect: ['invoice_counterparty_mismatch'] }));
  deal = d();
  out.push(invoiceDoc('trap-wrong-side', deal, rng, { caseData: withCase(deal, { trx_direction: deal.direction === 'incoming' ? 'outgoing' : 'incoming' }), expect: ['invoice_client_wrong_side'] }));
  deal = d();
  const total = deal.gross;
  out.push(
    invoiceDoc('trap-total', deal, rng, {
      mutate: (lines) => replaceIn(lines, writeAmount(total, 'en'), writeAmount(total + 100, 'en')),
      caseData: withCase(deal, { trx_amount: total + 100 }),
      expect: ['invoice_total_mismatch'],
      expected: { grand_total: total + 100 },
    }),
  );
  deal = d();
  const { tax: t0, gross: g0 } = deal;
  out.push(
    invoiceDoc('trap-tax', deal, rng, {
      mutate: (lines) => {
        replaceIn(lines, `${writeAmount(t0, 'en')} `, `${writeAmount(t0 - 50, 'en')} `);
        replaceIn(lines, `${writeAmount(g0, 'en')} `, `${writeAmount(g0 - 50, 'en')} `);
      },
      caseData: withCase(deal, { trx_amount: g0 - 50 }),
      expect: ['invoice_tax_mismatch'],
      expected: { tax_total: t0 - 50, grand_total: g0 - 50 },
    }),
  );
  deal = d();
  out.push(invoiceDoc('trap-type', deal, rng, { requested: 'bank_statement', expect: ['document_type_mismatch'] }));
  deal = d();
  out.push(
    invoiceDoc('trap-absent', deal, rng, {
      companyName: 'Umbrella Pharmaceuticals Inc.',
      caseData: withCase(deal, { company_full_name: 'Umbrella Pharmaceuticals Inc.' }),
      expect: ['company_name_absent'],
    }),
  );
  deal = d();
  out.push(
    contractDoc('trap-contract-counterparty', deal, rng, { caseData: withCase(deal, { trx_counterparty_full_name: 'Umbrella Pharmaceuticals Inc.' }), expect: ['contract_counterparty_not_party'] }),
  );
  let x = s();
  const other = otherForm(x.party.name);
  out.push(registerExtractDoc('trap-legal-form', { ...x, companyName: other, caseData: { ...x.caseData, company_full_name: other } }, rng, { expect: ['company_legal_form_differs'] }));
  x = s();
  out.push(registerExtractDoc('trap-reg-number', { ...x, caseData: { ...x.caseData, company_reg_number: '99887766' } }, rng, { expect: ['registration_number_mismatch'] }));
  x = s();
  out.push(registerExtractDoc('trap-future', x, rng, { date: isoAdd(CORPUS_TODAY, 40), expect: ['issue_date_in_future'] }));
  x = s();
  out.push(utilityBillDoc('trap-stale-address', x, rng, { date: isoAdd(CORPUS_TODAY, -150), expect: ['proof_of_address_stale'] }));
  x = s();
  out.push(licenceDoc('trap-licence-expired', x, rng, { issue: isoAdd(CORPUS_TODAY, -900), expiry: isoAdd(CORPUS_TODAY, -30), expect: ['license_expired'] }));
  x = s();
  out.push(licenceDoc('trap-licence-dates', x, rng, { issue: isoAdd(CORPUS_TODAY, -100), expiry: isoAdd(CORPUS_TODAY, -200), expect: ['dates_inconsistent', 'license_expired'] }));
  x = s();
  out.push(insuranceDoc('trap-insurance-expired', x, rng, { issue: isoAdd(CORPUS_TODAY, -500), expiry: isoAdd(CORPUS_TODAY, -136), expect: ['insurance_expired'] }));
  x = s();
  out.push(passportDoc('trap-passport-expired', x, rng, { issue: isoAdd(CORPUS_TODAY, -4000), expiry: isoAdd(CORPUS_TODAY, -348), expect: ['identity_document_expired'] }));
  x = s();
  out.push(passportDoc('trap-mrz', x, rng, { breakMrz: true, expect: ['identity_mrz_invalid'] }));
  x = s();
  out.push(passportDoc('trap-holder', x, rng, { holder: 'Peter Parker', expect: ['identity_holder_mismatch'] }));
  x = s();
  out.push(bankStatementDoc('trap-holder-statement', x, rng, { holder: 'Umbrella Pharmaceuticals Inc.', expect: ['bank_statement_holder_mismatch', 'company_name_absent'] }));
  return out;
}

/** The same company name with a legal form of another family ("Acme Trading Ltd" → "Acme Trading GmbH"). */
function otherForm(name: string): string {
  const form = FORMS.map((f) => f.form)
    .sort((a, b) => b.length - a.length)
    .find((f) => name.endsWith(` ${f}`));
  const core = form ? name.slice(0, -form.length - 1) : name;
  return `${core} ${form === 'GmbH' || form === 'AG' ? 'S.r.l.' : 'GmbH'}`;
}

function replaceIn(lines: Line[], from: string, to: string): void {
  for (const l of lines) {
    if (l.text?.includes(from)) l.text = l.text.replace(from, to);
    if (l.cols) l.cols = l.cols.map(([x, t]) => [x, t.includes(from) ? t.replace(from, to) : t]);
  }
}

/** Copies of genuine documents changed after the fact, which must be flagged as edited. */
function edits(rng: Rng, base: CorpusDoc[]): CorpusDoc[] {
  const out: CorpusDoc[] = [];
  const invoices = base.filter((d) => d.kind === 'invoice' || d.kind === 'bank_statement');
  invoices.forEach((orig, i) => {
    const total = orig.expected.grand_total ?? orig.expected.closing_balance;
    const text = orig.pages[0]
      .flatMap((l) => (l.cols ? l.cols.map((c) => c[1]) : [l.text ?? '']))
      .find((t) => typeof total === 'number' && (t.includes(writeAmount(total, 'en')) || t.includes(writeAmount(total, 'de')) || t.includes(total.toFixed(2).replace('.', ','))));
    const from = text?.match(/[\d.,]+\d/)?.[0];
    if (!from) return;
    const to = from.replace(/^(\d)/, (m) => String((Number(m) % 9) + 1));
    out.push({
      ...orig,
      id: `edited-amount-${orig.id}`,
      edit: { replace: { from, to }, producer: i % 3 === 0 ? undefined : rng.pick(['Adobe Acrobat Pro DC 23.1', 'PDF-XChange Editor 9.5', 'iLovePDF']), laterDays: rng.int(3, 90) },
      expectFindings: ['document_possibly_edited'],
    });
  });
  base
    .filter((d) => ['certificate_of_incorporation', 'license', 'insurance_policy', 'register_extract'].includes(d.kind))
    .slice(0, 8)
    .forEach((orig) => {
      out.push({
        ...orig,
        id: `edited-producer-${orig.id}`,
        edit: { producer: rng.pick(['Adobe Acrobat Pro DC 23.1', 'Foxit PhantomPDF 10.1', 'Sejda PDF Desktop', 'PDFescape Online']), laterDays: rng.int(20, 300) },
        expectFindings: ['document_possibly_edited'],
      });
    });
  return out;
}

const CLAUSES = [
  'Notices must be given in writing to the address stated on the first page.',
  'Each party keeps its own records for the period required by law.',
  'Personal data is processed only for the purpose stated in this document.',
  'Any translation is provided for convenience only; the original text prevails.',
  'If a provision is held invalid, the remaining provisions stay in force.',
  'Correspondence is to be sent by post or by electronic mail.',
];

/** One to two pages of general conditions after the first, so documents run from one to three pages. */
function withConditions(docs: CorpusDoc[]): void {
  docs.forEach((d, i) => {
    const extra = i % 3;
    for (let p = 0; p < extra; p++) {
      const lines: Line[] = [{ text: 'General conditions', size: 13, bold: true }];
      for (let k = 0; k < 24; k++) lines.push({ text: `${p + 1}.${k + 1} ${CLAUSES[(k + p) % CLAUSES.length]}`, gap: 2 });
      d.pages.push(lines);
    }
  });
}

export function buildCorpus(opts: CorpusOptions = {}): CorpusDoc[] {
  const rng = new Rng(opts.seed ?? 20261120);
  const g = genuine(rng, opts.perType ?? 6);
  withConditions(g);
  const all = [...g, ...traps(rng), ...edits(rng, g)];
  // Scans: spread over the types.
  const scans = opts.scans ?? 0;
  const byType = new Map<string, CorpusDoc[]>();
  for (const d of g) byType.set(d.kind, [...(byType.get(d.kind) ?? []), d]);
  let picked = 0;
  for (let round = 0; picked < scans && round < 10; round++) {
    for (const list of byType.values()) {
      const d = list[round];
      if (d && picked < scans) {
        d.scan = true;
        picked++;
      }
    }
  }
  return all;
}

/** Edited copies are checked for tamper findings; their other expectations stay those of the original. */
export function isEdited(d: CorpusDoc): boolean {
  return d.edit !== undefined;
}
