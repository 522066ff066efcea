// Invoice fields that depend on where text stands: a table whose header row holds the labels and
// whose next row holds the values (read from a PDF text layer and from a scan), side-by-side
// Ship-to / Bill-to blocks, buyer blocks of consumers, and label or address lines never taken as names.
import { afterAll, describe, expect, it } from 'vitest';
import { layoutPdf, layoutPng, type Placed } from '../../../test/fixtures/layout-pages.ts';
import type { ReadPage } from '../document-model.ts';
import { verifyRead } from '../engine.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { caseFactsFrom } from '../rules/context.ts';
import { docText } from './doc-text.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { cleanName, looksLikeName, looksLikeOrganisation } from './parties.ts';

afterAll(closeReaders);

const HEADER_ROW_INVOICE: Placed[] = [
  { text: 'Northwind Traders GmbH', x: 60, y: 60, size: 16 },
  { text: 'INVOICE', x: 430, y: 60, size: 16 },
  { text: 'Hauptstrasse 5, 10115 Berlin', x: 60, y: 80 },
  // Side by side: the delivery address left, the invoiced party right.
  { text: 'Ship To', x: 60, y: 125 },
  { text: 'Bill To', x: 320, y: 125 },
  { text: 'Northwind Depot Ltd', x: 60, y: 140 },
  { text: 'Maria Lopez', x: 320, y: 140 },
  { text: 'Harbour Road 12', x: 60, y: 155 },
  { text: 'Calle Mayor 5', x: 320, y: 155 },
  { text: 'Dublin 2', x: 60, y: 170 },
  { text: '28013 Madrid', x: 320, y: 170 },
  // One row of labels, one row of values under them; the first column is another number.
  { text: 'Customer No', x: 60, y: 230 },
  { text: 'Invoice Number', x: 180, y: 230 },
  { text: 'Invoice Date', x: 300, y: 230 },
  { text: 'Due Date', x: 420, y: 230 },
  { text: 'C-1001', x: 60, y: 250 },
  { text: '4711-22', x: 180, y: 250 },
  { text: '01.02.2024', x: 300, y: 250 },
  { text: '15.02.2024', x: 420, y: 250 },
  { text: 'Consulting services', x: 60, y: 300 },
  { text: '500.00 EUR', x: 450, y: 300 },
];

function expectHeaderRowFields(pages: ReadPage[]) {
  const f = extractInvoiceFromText(docText({ pages, language: 'en' }));
  expect(f.invoice_number).toBe('4711-22');
  expect(f.issue_date).toBe('2024-02-01');
  expect(f.due_date).toBe('2024-02-15');
  expect(f.seller.name).toBe('Northwind Traders GmbH');
  expect(f.buyer.name).toBe('Maria Lopez');
}

function textPage(text: string): ReadPage[] {
  return [{ number: 1, text, method: 'text_layer' }];
}

describe('header-row tables', () => {
  it('pairs each label of a PDF header row with the value under it, not with the first value of the row', async () => {
    const doc = await readDocument(await layoutPdf(HEADER_ROW_INVOICE), 'application/pdf', { maxPages: 2 });
    expect(doc.pages[0].method).toBe('text_layer');
    expect(doc.pages[0].words?.length).toBeGreaterThan(10);
    expectHeaderRowFields(doc.pages);
    // The boxes serve extraction only: what is stored and returned carries none of them.
    const out = verifyRead({
      read: doc,
      documentId: 'header-row',
      ctx: {
        case: caseFactsFrom({}, 'Northwind Traders GmbH'),
        task: { requested_type: 'invoice', company_full_name: 'Northwind Traders GmbH', file_name: 'invoice.pdf' },
        today: '2024-03-01',
      },
    });
    expect((out.extracted.fields as { invoice_number?: string }).invoice_number).toBe('4711-22');
    expect(JSON.stringify(out.extracted)).not.toMatch(/"words"|"confidence"|"x":/);
  });

  it('does the same on a scan, from the OCR word boxes', async () => {
    const doc = await readDocument(layoutPng(HEADER_ROW_INVOICE), 'image/png', { maxPages: 2 });
    expect(doc.pages[0].method).toBe('ocr');
    expect(doc.pages[0].words?.some((w) => typeof w.confidence === 'number')).toBe(true);
    expectHeaderRowFields(doc.pages);
  });

  it('pairs values set off to one side of their labels, from a header drawn as one piece of text', async () => {
    const pieces: Placed[] = [
      { text: 'Fabrikam Ltd', x: 60, y: 60 },
      { text: 'Customer No          Invoice No          Invoice Date          Due Date', x: 60, y: 230 },
      { text: 'C-1001', x: 60, y: 250 },
      { text: '4711-22', x: 160, y: 250 },
      { text: '01.02.2024', x: 250, y: 250 },
      { text: '15.02.2024', x: 350, y: 250 },
    ];
    const doc = await readDocument(await layoutPdf(pieces), 'application/pdf', { maxPages: 2 });
    const f = extractInvoiceFromText(docText({ pages: doc.pages, language: 'en' }));
    expect(f.invoice_number).toBe('4711-22');
    expect(f.issue_date).toBe('2024-02-01');
    expect(f.due_date).toBe('2024-02-15');
  });

  it('finds a number standing alone under the title, only by position', async () => {
    const pieces: Placed[] = [
      { text: 'Fabrikam Exports Pvt Ltd', x: 60, y: 60 },
      { text: 'Tax Invoice', x: 300, y: 60, size: 14 },
      { text: '12 Marine Drive, Mumbai 400002', x: 60, y: 76 },
      { text: 'FAB0099887766', x: 290, y: 80, size: 14 },
      { text: 'Invoice To', x: 60, y: 130 },
      { text: 'Tailspin Toys Pvt Ltd', x: 60, y: 145 },
    ];
    const doc = await readDocument(await layoutPdf(pieces), 'application/pdf', { maxPages: 2 });
    const f = extractInvoiceFromText(docText({ pages: doc.pages, language: 'en' }));
    expect(f.invoice_number).toBe('FAB0099887766');
    expect(f.buyer.name).toBe('Tailspin Toys Pvt Ltd');
    // Without boxes nothing tells the number belongs to the title.
    const plain = extractInvoiceFromText(docText({ pages: doc.pages.map(({ words: _w, ...p }) => p), language: 'en' }));
    expect(plain.invoice_number).toBeNull();
  });
});

describe('parties', () => {
  it("skips the seller's address block and a street line that lost its street word when finding the addressee", () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(['ACME SRL\tFattura', 'Francesco 226', '50025 Montespertoli FI', 'Italia', 'Mario Rossi', 'Via Garibaldi 26', '70043 Monopoli BA', 'Italia', 'Fattura N. 2024/117'].join('\n')),
        language: 'it',
      }),
    );
    expect(f.seller.name).toBe('ACME SRL');
    expect(f.buyer.name).toBe('Mario Rossi');
    expect(f.invoice_number).toBe('2024/117');
  });

  it('reads a German street that OCR spelt with B for ß as an address, not as the buyer', () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(
          ['BEISPIEL AG', 'Mühlenstrabe 07', '22041 Hamburg', 'Deutschland', 'Klaus Weidner\tRechnungsdatum\t14.03.2021', 'Lindenstrabe 14\tRechnungsnummer\tKR7350914', '10437 Berlin'].join('\n'),
        ),
        language: 'de',
      }),
    );
    expect(f.buyer.name).toBe('Klaus Weidner');
    expect(f.seller.address).toContain('Mühlenstrabe 07');
    expect(f.invoice_number).toBe('KR7350914');
  });

  it('reads a Portuguese invoice: the addressee after "Exmo.(s) Senhor(es)" without the title, and "Fatura n.º"', () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(
          [
            'EXEMPLO COMERCIO LDA\tFATURA',
            'Rua do Pinhal 40 1150-207 Lisboa Portugal',
            'Dados do Documento:\tExmo.(s) Senhor(es):',
            'Data de Emissão: 23/04/2021\tSr. Tiago Barros',
            'Fatura n.º FT2021/38\tRua da Escola 8',
            'Contribuinte: 509876123\t4470-211 Maia',
          ].join('\n'),
        ),
        language: 'pt',
      }),
    );
    expect(f.seller.name).toBe('EXEMPLO COMERCIO LDA');
    expect(f.buyer.name).toBe('Tiago Barros');
    expect(f.issue_date).toBe('2021-04-23');
    expect(f.invoice_number).toBe('FT2021/38');
  });

  it('takes a consumer named after "Nombre:" as the buyer, and a bare "Número:" near the top as the number', () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(
          [
            'EJEMPLO SL\tFACTURA',
            'Calle del Olmo 9',
            'Madrid, España',
            '28012\tNÚMERO: FXR40917',
            'FECHA DE EMISIÓN: 03/06/2022',
            'NOMBRE: LUCIA FERRER\tCÓDIGO: C0417',
            'DIRECCIÓN: CALLE MAYOR 12, MADRID',
          ].join('\n'),
        ),
        language: 'es',
      }),
    );
    expect(f.buyer.name).toBe('LUCIA FERRER');
    expect(f.invoice_number).toBe('FXR40917');
  });

  it('drops a copy banner above the letterhead and repairs OCR "Put Ltd"', () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(['Original for Recipient', 'Fabrikam LTD', 'Windsor Tower, 12 Salsette Road', 'INVOICE TO', 'Tailspin Toys India Put Ltd', 'Level 10, Tower C, 122002 Gurgaon'].join('\n')),
        language: 'en',
      }),
    );
    expect(f.seller.name).toBe('Fabrikam LTD');
    expect(f.buyer.name).toBe('Tailspin Toys India Pvt Ltd');
  });

  it('takes no OCR debris as the letterhead, and no sentence starting with "To" as a buyer block', () => {
    const f = extractInvoiceFromText(
      docText({
        pages: textPage(
          [
            'VAT Registration No: GB 123 4567 89',
            'aarsss | Accounts Payable,',
            'sr | oi [omamamres|\t3s eso | so',
            'To pay by card please call the',
            'contact number below',
            'Widget Gamma',
            'Total\t215.00',
          ].join('\n'),
        ),
        language: 'en',
      }),
    );
    expect(f.seller.name).toBeNull();
    expect(f.buyer.name).toBeNull();
  });

  it("takes no addressee printed under the sender's address line as the seller", () => {
    const f = extractInvoiceFromText(
      docText({ pages: textPage(['21 Harbour Street\tLONDON W1D 2HZ', 'TAILSPIN TOYS LTD', 'Tailspin Campus', 'Reading', 'Invoice No: 738215'].join('\n')), language: 'en' }),
    );
    expect(f.seller.name).toBeNull();
    expect(f.invoice_number).toBe('738215');
    const own = extractInvoiceFromText(docText({ pages: textPage(['Globex GmbH, Hauptstrasse 5, 10115 Berlin', 'Rechnung Nr. 4711'].join('\n')), language: 'de' }));
    expect(own.seller.name).toBe('Globex GmbH');
  });

  it('leaves out a name whose OCR words were read with low confidence', () => {
    const word = (text: string, x: number, y: number, confidence: number) => ({ text, x, y, width: text.length * 9, height: 16, confidence });
    const page = (conf: number): ReadPage => ({
      number: 1,
      method: 'ocr',
      text: 'Grnvvl Trdng Ltd\n14 Quay Street, Bristol BS1 4DJ\nBill to: Maria Lopez',
      words: [
        word('Grnvvl', 100, 100, conf),
        word('Trdng', 170, 100, conf),
        word('Ltd', 230, 100, conf),
        word('14', 100, 130, 90),
        word('Quay', 130, 130, 90),
        word('Street,', 180, 130, 90),
        word('Bristol', 250, 130, 90),
        word('BS1', 320, 130, 90),
        word('4DJ', 360, 130, 90),
        word('Bill', 100, 160, 92),
        word('to:', 140, 160, 92),
        word('Maria', 180, 160, 92),
        word('Lopez', 240, 160, 92),
      ],
    });
    expect(extractInvoiceFromText(docText({ pages: [page(93)], language: 'en' })).seller.name).toBe('Grnvvl Trdng Ltd');
    const doubtful = extractInvoiceFromText(docText({ pages: [page(31)], language: 'en' }));
    expect(doubtful.seller.name).toBeNull();
    expect(doubtful.buyer.name).toBe('Maria Lopez');
  });

  it('reads "Invoice For:", "Receipt # No.:" and a label after the rules of a table OCR read as "|"', () => {
    const f = extractInvoiceFromText(docText({ pages: textPage(['Fabrikam', 'Address:\tInvoice For: Globex', '1 Redmond Way\t20 Enterprise Way', 'Receipt # No.: 9876'].join('\n')), language: 'en' }));
    expect(f.buyer.name).toBe('Globex');
    expect(f.invoice_number).toBe('9876');
    const it = extractInvoiceFromText(docText({ pages: textPage(['ACME SRL', '[ Codice Cliente] Partita IVA Termini di Pagamento | Numero Documento: 54321'].join('\n')), language: 'it' }));
    expect(it.invoice_number).toBe('54321');
  });

  it('does not read "Due Date" as the invoice\'s "Date"', () => {
    const f = extractInvoiceFromText(docText({ pages: textPage(['Fabrikam Ltd\tINVOICE 2024-117', 'Due Date: 15.02.2024', 'Date: 01.02.2024'].join('\n')), language: 'en' }));
    expect(f.issue_date).toBe('2024-02-01');
    expect(f.due_date).toBe('2024-02-15');
  });

  it('rejects labels, countries and address lines as names', () => {
    for (const s of ['PAYABLE TO', 'Invoice for', 'Deutschland', 'Francesco 226', '(s) Senhor(es)', 'Total Due', '~TICAGS0TT AND PARTNERS']) expect(looksLikeName(s), s).toBe(false);
    for (const s of ['Maria Lopez', 'Brightmoor', 'Globex Holdings Limited', 'Forever 21 Inc']) expect(looksLikeName(s), s).toBe(true);
    expect(looksLikeOrganisation('aarsss')).toBe(false);
    expect(looksLikeOrganisation('TT')).toBe(false);
    expect(looksLikeOrganisation('Brightmoor')).toBe(true);
    expect(cleanName('Sr. Tiago Barros')).toBe('Tiago Barros');
    expect(cleanName('Mrs Jane Doe')).toBe('Jane Doe');
  });
});
