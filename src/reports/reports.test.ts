// Tests for the web and PDF reports: content, escaping, accessibility basics, pagination and
// repeatable output. PDFs are read back with pdfjs so assertions see what a reader sees.
import { getDocument } from '../document-engine/pdfjs.ts';
import { describe, expect, it } from 'vitest';
import { buildCaseReportData, buildDocument, buildReportData } from '../../test/fixtures/report-data.ts';
import { ownershipData } from '../../test/fixtures/ownership.ts';
import { escapeHtml } from '../lib/html-escape.ts';
import { pdfSafe } from './pdf-layout.ts';
import { renderCaseReport, renderPdfReport } from './pdf-report.ts';
import type { ConversationReportData, ReportFinding } from './report-data.ts';
import { renderWebReport } from './web-report.ts';

interface PdfRead {
  pages: string[];
  text: string;
  info: Record<string, unknown>;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

async function readPdf(buf: Buffer): Promise<PdfRead> {
  // No isEvalSupported: pdfjs 5 dropped the option (it no longer compiles fonts with eval).
  const pdf = await getDocument({ data: new Uint8Array(buf), verbosity: 0, disableFontFace: true }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(squash(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
    }
    const { info } = await pdf.getMetadata();
    return { pages, text: pages.join(' '), info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}

function allFindings(data: ConversationReportData): ReportFinding[] {
  return [...data.documents.flatMap((d) => d.findings), ...data.other_findings];
}

/** Everything a report must show, whatever its format. */
function expectCoreContent(text: string, data: ConversationReportData): void {
  const flat = squash(text);
  expect(flat).toContain(data.company_full_name);
  expect(flat).toContain(data.case_id);
  expect(flat).toContain(data.conversation_id);
  for (const finding of allFindings(data)) {
    expect(flat).toContain(squash(finding.text));
    for (const comment of finding.comments) expect(flat).toContain(squash(comment.comment_text));
  }
  for (const doc of data.documents) {
    expect(flat).toContain(doc.sha256);
    expect(flat).toContain(doc.file_name);
  }
  for (const fact of ['outgoing', '45,000.00 EUR', 'EUR', 'Baltic Freight SIA', '2025-02-27', 'TRX-99812']) expect(flat).toContain(fact);
}

describe('escapeHtml', () => {
  it('escapes the five markup characters and stringifies anything', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml(null)).toBe('');
  });
});

describe('renderWebReport', () => {
  const data = buildReportData();
  const html = renderWebReport(data);

  it('shows the company, every finding with its comments, every SHA-256 and the transaction', () => {
    expectCoreContent(html, data);
    expect(html).toContain(data.communication_id!);
    expect(html).toContain('Bill of lading');
    expect(html).toContain('href="https://find-and-update.company-information.service.gov.uk/company/01234567/filing-history"');
  });

  it('escapes every value, including a script in the company name', () => {
    const hostile = buildReportData({
      company_full_name: '<script>alert(1)</script> Evil Ltd',
      documents: [
        buildDocument({
          file_name: '"><img src=x onerror=alert(2)>.pdf',
          extracted_data: { '<b>key</b>': '<i>value</i>' },
        }),
      ],
    });
    const out = renderWebReport(hostile);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>key');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Evil Ltd');
    expect(out).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;.pdf');
  });

  it('links only http(s) source addresses', () => {
    const out = renderWebReport(buildReportData({ documents: [buildDocument({ source: 'register', source_url: 'javascript:alert(1)' })] }));
    expect(out).toContain('javascript:alert(1)');
    expect(out).not.toContain('href="javascript:');
  });

  it('is a self-contained, accessible page', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => i > 0 && expect(level).toBeLessThanOrEqual(levels[i - 1] + 1));
    const ths = html.match(/<th[\s>][^>]*>?/g) ?? [];
    expect(ths.length).toBeGreaterThan(0);
    for (const th of ths) expect(th).toMatch(/scope="(row|col)"/);
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\((?!#)/i);
    for (const severity of ['Critical', 'Warning', 'Info']) expect(html).toContain(`">${severity}</span> `);
  });

  it('draws the ownership chart as inline SVG with its text alternative, and stays self-contained', () => {
    const out = renderWebReport(buildReportData({ ownership: ownershipData() }));
    expect(out).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="ownership-chart"');
    expect(out).toContain('role="img"');
    for (const text of ['Иван Петров', 'ООО «Северный Холдинг»', '25–50 %', '12.5–25 %', 'Ultimate beneficial owners', 'Élodie Müller-Łukasiewicz holds 50 % of Ζήτα Συμμετοχές Α.Ε.'])
      expect(out).toContain(text);
    expect(out).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\((?!#)|<style>[^<]*<\/style>\s*<\/svg>/i);
    expect(out.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('puts the transaction facts of the case beside what each document states', () => {
    const out = renderWebReport(
      buildReportData({
        documents: [buildDocument({ extracted_data: { fields: { grand_total: '45000.00', currency: 'EUR', issue_date: '2025-02-20', seller: { name: 'Baltic Freight SIA' } } } })],
      }),
    );
    const section = out.slice(out.indexOf('id="transaction-check"'), out.indexOf('id="ownership"') > 0 ? out.indexOf('id="ownership"') : out.indexOf('id="documents"'));
    expect(section).toMatch(/Amount<\/th><td>45,000.00 EUR<\/td><td>invoice-2024-117.pdf<\/td><td>45,000.00 EUR<\/td><td><span[^>]*>Matches/);
    expect(section).not.toContain('fields.');
    // An invoice issued a week before the payment is the normal order: it matches, and says so.
    expect(section).toMatch(/Date<\/th><td>2025-02-27<\/td>.*2025-02-20 <span class="muted">\(invoice dated 7 days before the payment\)<\/span>.*Matches/);
    expect(section).toMatch(/Counterparty<\/th><td>Baltic Freight SIA<\/td>.*Matches/);
    expect(section).toMatch(/Reference<\/th><td>TRX-99812<\/td><td>—<\/td><td>—<\/td><td><span[^>]*>Not in any document/);
  });

  it('leaves out the transaction section when the case has no transaction', () => {
    const out = renderWebReport(buildReportData({ case_data: { case_kind: 'onboarding', company_reg_number: '01234567' } }));
    expect(out).not.toContain('<h3>Transaction</h3>');
    expect(out).toContain('01234567');
  });
});

describe('renderPdfReport', () => {
  const data = buildReportData();

  it('shows the same content as the web report', async () => {
    const pdf = await readPdf(await renderPdfReport(data));
    expectCoreContent(pdf.text, data);
    expect(pdf.text).toContain('High risk, score 72 of 100');
    expect(pdf.text).toContain('Here is the invoice.');
  });

  it('puts the case, conversation, generation time and "page N of M" on every page', async () => {
    const pdf = await readPdf(await renderPdfReport(data));
    const total = pdf.pages.length;
    expect(total).toBeGreaterThan(1);
    expect(pdf.pages[0]).toContain(`page 1 of ${total}`);
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`page ${i + 1} of ${total}`);
      expect(page).toContain(`Case ${data.case_id}`);
      expect(page).toContain(`Conversation ${data.conversation_id}`);
      expect(page).toContain('generated 2025-03-04 08:00:00 UTC');
    });
  });

  it('sets the document info from the data', async () => {
    const { info } = await readPdf(await renderPdfReport(data));
    expect(info.Title).toBe('Dossier report: Northwind Trading Ltd');
    expect(info.Author).toBe('Dossier');
    expect(String(info.CreationDate)).toMatch(/^D:20250304080000/);
  });

  it('renders the same bytes for the same input', async () => {
    const first = await renderPdfReport(data);
    // Apart in time, so a clock reading anywhere in the output would show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await renderPdfReport(buildReportData());
    expect(first.equals(second)).toBe(true);
    const [caseA, caseB] = [await renderCaseReport(buildCaseReportData()), await renderCaseReport(buildCaseReportData())];
    expect(caseA.equals(caseB)).toBe(true);
  });

  it('reads zone-less timestamps as UTC', async () => {
    const pdf = await readPdf(await renderPdfReport(buildReportData({ generated_at: '2025-03-04 08:00:00' })));
    expect(pdf.pages[0]).toContain('generated 2025-03-04 08:00:00 UTC');
    expect(String(pdf.info.CreationDate)).toMatch(/^D:20250304080000/);
  });

  it('prints Cyrillic, Greek and accented Latin as written, with the fonts embedded', async () => {
    const name = 'ООО «Ромашка» Ζήτα Müller Łódź Ærøskøbing';
    const data = buildReportData({
      company_full_name: name,
      other_findings: [
        {
          issue_id: 'x',
          code: 'c',
          severity: 'info',
          text: 'Ελληνικά και русский, façade',
          comments: [{ comment_text: 'Проверено: συμφωνεί με το μητρώο.', author: 'Анна Łukasiewicz', created_at: '2025-03-03T11:30:00.000Z' }],
        },
      ],
    });
    const out = await renderPdfReport(data);
    const pdf = await readPdf(out);
    for (const text of [name, 'Ελληνικά και русский, façade', 'Проверено: συμφωνεί με το μητρώο.', 'Анна Łukasiewicz']) expect(pdf.text).toContain(text);
    expect(pdf.text).not.toContain('?');
    expect(pdf.info.Title).toBe(`Dossier report: ${name}`);
    const fonts = out.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(new Set(fonts.map((f) => f.replace(/^.*\+/, '')))).toEqual(new Set(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSansMono', 'DejaVuSans-Oblique']));
    expect(out.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('holds every finding with its comments and every document hash, read back as text', async () => {
    const pdf = await readPdf(await renderPdfReport(data));
    for (const finding of allFindings(data)) {
      expect(pdf.text).toContain(squash(finding.text));
      for (const c of finding.comments) expect(pdf.text).toContain(squash(c.comment_text));
    }
    for (const doc of data.documents) expect(pdf.text).toContain(doc.sha256);
  });

  it('draws the ownership chart and lists holdings and beneficial owners', async () => {
    const pdf = await readPdf(await renderPdfReport(buildReportData({ ownership: ownershipData() })));
    for (const text of ['Ownership', 'Иван Петров', 'Ζήτα Συμμετοχές Α.Ε.', 'Élodie Müller-Łukasiewicz', '25–50 %', '12.5–25 %', 'Main company · GB', 'Ultimate beneficial owners']) {
      expect(pdf.text).toContain(text);
    }
  });

  it('paginates long content without losing any of it', async () => {
    const findings: ReportFinding[] = Array.from({ length: 40 }, (_, i) => ({
      issue_id: `long-${i}`,
      code: 'long',
      severity: i % 3 === 0 ? 'critical' : 'warning',
      text: `Finding number ${i}: ${'the amount and the counterparty need a closer look '.repeat(3)}`,
      comments: [{ comment_text: `Comment on finding ${i}.`, author: 'Jane Analyst', created_at: '2025-03-03T11:30:00.000Z' }],
    }));
    const log = Array.from({ length: 60 }, (_, i) => ({
      at: '2025-03-03T09:00:00.000Z',
      author: 'Dossier',
      module: 'invoice',
      text: `Message ${i} ${'lorem ipsum dolor sit amet '.repeat(i % 7)}`,
      attachments: [],
    }));
    const big = buildReportData({ other_findings: findings, conversation_log: log });
    const pdf = await readPdf(await renderPdfReport(big));
    expect(pdf.pages.length).toBeGreaterThan(6);
    pdf.pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} of ${pdf.pages.length}`));
    expectCoreContent(pdf.text, big);
    expect(pdf.text).toContain('Message 59');
  });
});

describe('renderCaseReport', () => {
  it('puts every conversation under a case summary, with the case id on every page', async () => {
    const data = buildCaseReportData();
    const pdf = await readPdf(await renderCaseReport(data));
    const total = pdf.pages.length;
    expect(pdf.pages[0]).toContain('Case summary');
    for (const conversation of data.conversations) expect(pdf.text).toContain(conversation.conversation_id);
    expectCoreContent(pdf.text, data.conversations[0]);
    expect(pdf.text).toContain('Please explain the earlier card payment.');
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`Case ${data.case_id}`);
      expect(page).toContain(`page ${i + 1} of ${total}`);
    });
    expect(pdf.info.Author).toBe('Dossier');
  });
});

describe('pdfSafe', () => {
  it('keeps what the embedded fonts draw, drops control characters and marks what they cannot draw', () => {
    expect(pdfSafe('Zürich €5 — “ok”')).toBe('Zürich €5 — “ok”');
    expect(pdfSafe('Łódź Ωμέγα Москва\tend')).toBe('Łódź Ωμέγα Москва end');
    expect(pdfSafe('a\u0000b\u0085c\u200b\r\nd')).toBe('abc\nd');
    expect(pdfSafe('東京 Ltd')).toBe('?? Ltd');
  });
});
