// Bills, bank statements and invoices in layouts and languages the real-documents set does not hold
// (test/fixtures/unseen-finance-documents.ts, all invented), read as a PDF and, for a few, as a scan:
// what first sight on them got wrong stays right. And the pure rules behind them: a lost decimal
// point, an IBAN beside a name, French "1er" misread, European street lines, a bill tying with an
// invoice, an account's currency from its IBAN or sort code.
import { afterAll, describe, expect, it } from 'vitest';
import { layoutPdf, layoutPdfUnicode, layoutPng } from '../../../test/fixtures/layout-pages.ts';
import { UNSEEN_FINANCE_DOCUMENTS, type UnseenDocument } from '../../../test/fixtures/unseen-finance-documents.ts';
import { classifyText } from '../classify/classify.ts';
import { verifyRead } from '../engine.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { caseFactsFrom } from '../rules/context.ts';
import { dominantCurrency, findAmounts } from './amounts.ts';
import { findDates, parsePeriod } from './dates.ts';
import { accountCurrency, firstLoneDate, spacedPostcode } from './statement-facts.ts';
import { findIbans, findVatIds, parseRegNumber } from './identifiers.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { isStreetLine, labelledAddress } from './layout-pairs.ts';
import { docText } from './doc-text.ts';
import { cleanName } from './parties.ts';

afterAll(closeReaders);

/** What each document must give: its type and its fields (a subset of them). */
const READ: Record<string, { type: string; fields: Record<string, unknown> }> = {
  'uk-energy-bill-labels-above': {
    type: 'proof_of_address',
    fields: {
      kind: 'utility_bill',
      holder: 'Daniel Hart',
      address: 'Flat 3, 27 Larch Road, Bristol BS7 8QP',
      issuer: 'Kestrel Power Ltd',
      issue_date: '2024-03-12',
      period: { from: '2024-02-01', to: '2024-02-29' },
    },
  },
  'de-stromrechnung': {
    type: 'proof_of_address',
    fields: { holder: 'Anna Becker', address: 'Birkenweg 14, 04109 Leipzig', issuer: 'Stadtwerke Lindenau GmbH', issue_date: '2024-04-05', period: { from: '2023-03-01', to: '2024-02-29' } },
  },
  'fr-facture-electricite': {
    type: 'proof_of_address',
    fields: { holder: 'Louis Garnier', address: '12 rue des Lilas, 69003 Lyon', issuer: 'Volta Énergie SA', issue_date: '2024-02-15', period: { from: '2023-12-01', to: '2024-01-31' } },
  },
  'es-factura-luz': {
    type: 'proof_of_address',
    fields: {
      holder: 'Carmen Ruiz Ortega',
      address: 'Calle del Olmo 23, 3º B, 28045 Madrid',
      issuer: 'Eléctrica Cantábrica S.A.',
      issue_date: '2024-03-08',
      period: { from: '2024-02-01', to: '2024-02-29' },
    },
  },
  'uk-bank-statement': {
    type: 'bank_statement',
    fields: {
      bank_name: 'Harbour Bank plc',
      account_holder: 'Oliver Grant',
      account_number: '41236587',
      currency: 'GBP',
      period: { from: '2024-03-01', to: '2024-03-31' },
      opening_balance: '1250.4',
      closing_balance: '1873.15',
      address: '22 Mill Street, Leeds, LS1 4AB',
    },
  },
  'de-kontoauszug': {
    type: 'bank_statement',
    fields: {
      bank_name: 'Volksbank Mittelrhein eG',
      account_holder: 'Tobias Kramer',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      period: { from: '2024-03-01', to: '2024-03-31' },
      opening_balance: '3412.08',
      closing_balance: '4986.58',
      address: 'Lindenallee 7, 56068 Koblenz',
    },
  },
  'us-bank-statement': {
    type: 'bank_statement',
    fields: {
      bank_name: 'First Prairie Bank',
      account_holder: 'JAMES T WALKER',
      account_number: '0004 5512 8830',
      currency: 'USD',
      period: { from: '2024-03-01', to: '2024-03-31' },
      opening_balance: '2104.55',
      closing_balance: '1987.2',
      address: '118 CEDAR AVE, OMAHA NE 68102',
    },
  },
  'fr-facture-telecom': {
    type: 'proof_of_address',
    fields: { holder: 'Claire Dubois', address: '8 avenue Jean Jaurès, 31000 Toulouse', issuer: 'Rivage Télécom SAS', issue_date: '2024-04-03', period: { from: '2024-03-01', to: '2024-03-31' } },
  },
  'nl-energierekening': {
    type: 'proof_of_address',
    fields: { holder: 'P. de Graaf', address: 'Kastanjelaan 31, 3512 KL Utrecht', issuer: 'Polder Energie B.V.', issue_date: '2024-01-12', period: { from: '2023-01-01', to: '2023-12-31' } },
  },
  'pl-wyciag-bankowy': {
    type: 'bank_statement',
    fields: {
      bank_name: 'Bank Wiślany S.A.',
      account_holder: 'Anna Wiśniewska',
      iban: 'PL61109010140000071219812874',
      currency: 'PLN',
      period: { from: '2024-03-01', to: '2024-03-31' },
      opening_balance: '5230.15',
      closing_balance: '9067.78',
      address: 'ul. Lipowa 12 m. 4, 30-001 Kraków',
    },
  },
  'ie-invoice-header-row': {
    type: 'invoice',
    fields: {
      invoice_number: 'INV-2024-0457',
      issue_date: '2024-03-14',
      due_date: '2024-04-13',
      currency: 'EUR',
      grand_total: '1476',
      seller: { name: 'Bluefin Software Ltd' },
      buyer: { name: 'Rowan Design Studio' },
    },
  },
  'it-fattura': {
    type: 'invoice',
    fields: {
      invoice_number: '118/2024',
      issue_date: '2024-03-22',
      due_date: '2024-04-21',
      currency: 'EUR',
      grand_total: '3050',
      seller: { name: 'Officine Rossi S.r.l.', vat_id: 'IT01234567897' },
      buyer: { name: 'Bianchi Arredamenti S.p.A.' },
    },
  },
  'nl-factuur': {
    type: 'invoice',
    fields: {
      invoice_number: '2024-0311',
      issue_date: '2024-03-11',
      due_date: '2024-04-10',
      currency: 'EUR',
      grand_total: '907.5',
      seller: { name: 'De Vries Installatietechniek B.V.', registration_number: '12345678', vat_id: 'NL001234567B01' },
      buyer: { name: 'Bakkerij Jansen', address: 'Dorpsstraat 45, 3811 AB Amersfoort' },
    },
  },
  'pl-faktura': {
    type: 'invoice',
    fields: {
      invoice_number: 'FV/15/03/2024',
      issue_date: '2024-03-15',
      due_date: '2024-03-29',
      currency: 'PLN',
      grand_total: '4920',
      seller: { name: 'Kowalski Meble Sp. z o.o.', vat_id: 'PL7811234563' },
      buyer: { name: 'Nowak Budownictwo S.A.' },
    },
  },
};

async function readAs(doc: UnseenDocument, as: 'pdf' | 'png') {
  const bytes = as === 'png' ? layoutPng(doc.pieces) : doc.unicode ? await layoutPdfUnicode(doc.pieces) : await layoutPdf(doc.pieces);
  const read = await readDocument(bytes, as === 'png' ? 'image/png' : 'application/pdf', { maxPages: 2 });
  const out = verifyRead({
    read,
    documentId: doc.name,
    ctx: {
      case: caseFactsFrom({ company_full_name: 'Unrelated Client Ltd' }, 'Unrelated Client Ltd'),
      task: { requested_type: doc.expected.requested_type, company_full_name: 'Unrelated Client Ltd', file_name: `${doc.name}.${as}` },
      today: '2024-06-01',
    },
  });
  return { type: out.extracted.classified_type, fields: out.extracted.fields };
}

describe('bills, statements and invoices never seen before, from their text layer', () => {
  for (const doc of UNSEEN_FINANCE_DOCUMENTS) {
    it(`reads ${doc.name}`, async () => {
      const got = await readAs(doc, 'pdf');
      expect(got.type).toBe(READ[doc.name].type);
      expect(got.fields).toMatchObject(READ[doc.name].fields);
    });
  }
});

describe('the same documents scanned', () => {
  const scanned: [string, string[]][] = [
    // Address blocks of a scan, whose OCR line heights are half the font size: kept whole, with the name above.
    ['uk-bank-statement', ['account_holder', 'address', 'currency', 'opening_balance', 'closing_balance']],
    // "1er décembre" read as "ler décembre".
    ['fr-facture-electricite', ['holder', 'address', 'period']],
    // A name's row merged with a label's beside it, and a speck read as "\\" between the name and the street.
    ['fr-facture-telecom', ['holder', 'issue_date', 'period']],
    // "Termin płatności" read as "Termin ptatnosci".
    ['pl-faktura', ['due_date', 'grand_total', 'currency']],
  ];
  for (const [name, fields] of scanned) {
    it(`reads ${name} from a scan: ${fields.join(', ')}`, async () => {
      const doc = UNSEEN_FINANCE_DOCUMENTS.find((d) => d.name === name)!;
      const got = await readAs(doc, 'png');
      const want = READ[name].fields;
      expect(got.type).toBe(READ[name].type);
      expect(Object.fromEntries(fields.map((f) => [f, (got.fields as Record<string, unknown>)[f]]))).toEqual(Object.fromEntries(fields.map((f) => [f, want[f]])));
    });
  }
});

describe('rules behind them', () => {
  it('reads an amount whose decimal point OCR turned into a space, and only at the end of its cell', () => {
    expect(findAmounts('AMOUNT DUE\t$610 00').map((a) => a.value)).toEqual(['610']);
    expect(findAmounts('Total 1.234 56 €', 'comma').map((a) => a.value)).toEqual(['1234.56']);
    expect(findAmounts('EUR 1 200 00').map((a) => a.value)).toEqual(['1200']);
    // A phrase goes on after the two digits: they are a count, not cents; without a currency nothing says money.
    expect(findAmounts('Qty 3 $10 12 items').map((a) => a.value)).toEqual(['3', '10', '12']);
    expect(findAmounts('Total 610 00').map((a) => a.value)).toEqual(['610', '0']);
    expect(findAmounts('Consommation : 1 284 kWh').map((a) => a.value)).toEqual(['1284']);
  });

  it('takes no currency from a sign glued to a word, a capital misread ("£xmo." for "Exmo.")', () => {
    expect(dominantCurrency('£xmo.(s) Senhor(es)\nVALOR 110,00')).toBeNull();
    expect(dominantCurrency('Total £ 12.00 and £4.00')).toBe('GBP');
    expect(dominantCurrency('Prix (€)\n12,00')).toBe('EUR');
  });

  it('reads a domestic VAT number without its country prefix after the label only that country uses, when its check digit holds', () => {
    expect(findVatIds('P.IVA 01234567897')).toEqual(['IT01234567897']);
    expect(findVatIds('NIP 781-123-45-63')).toEqual(['PL7811234563']);
    expect(findVatIds('P.IVA 01234567890')).toEqual([]);
    expect(findVatIds('Tel 781-123-45-63')).toEqual([]);
  });

  it('ends a registration number before the next field on its line', () => {
    expect(parseRegNumber('12345678 BTW NL001234567B01')).toBe('12345678');
  });

  it('takes as total the amount under the net that the line between adds up to, when OCR misread the total label', () => {
    const read = (t: string) => extractInvoiceFromText(docText({ pages: [{ number: 1, text: t, method: 'ocr' }], language: 'nl' }));
    const f = read('Example Trading B.V.\nFACTUUR\nFactuurnummer: 2024-77\nSubtotaal\t100,00\nBTWAN\t10,00\nTotasl\t110,00\nBEDANKT');
    expect([f.net_total, f.tax_total, f.grand_total]).toEqual(['100', '10', '110']);
    // Nothing adds up: no total.
    expect(read('Example Trading B.V.\nFACTUUR\nSubtotaal\t100,00\nVerzending\t5,00\nOverig\t7,00').grand_total).toBeNull();
  });

  it('takes no total a hundred times a net whose euro sign OCR read as a zero, nor that doubtful net', () => {
    const read = (t: string) => extractInvoiceFromText(docText({ pages: [{ number: 1, text: t, method: 'ocr' }], language: 'fr' }));
    const f = read('EXEMPLE SARL\nFACTURE: F-12\nA234 Gazon 3 Kg 5,00 15,00\nB456 Beton 2 Kg 12,50 25,00\nSous total 40,000\nTVA 0,00\nMontant TTC 40.000');
    expect(f.net_total).toBeNull();
    expect(f.grand_total).toBeNull();
  });

  it('finds an IBAN printed right after a name, which a candidate starting at the name would swallow', () => {
    expect(findIbans('Herrn Tobias Kramer\tIBAN\tDE89 3704 0044 0532 0130 00\nLindenallee 7')).toEqual(['DE89370400440532013000']);
  });

  it('reads the French first of the month as OCR misreads it ("ler", "Ier")', () => {
    expect(parsePeriod('du ler décembre 2023 au 31 janvier 2024')).toEqual({ from: '2023-12-01', to: '2024-01-31' });
    expect(parsePeriod('du Ier mars 2024 au 31 mars 2024')).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(findDates('Atelier mars 2024')).toEqual([]);
  });

  it('knows streets written name first, as most of Europe writes them', () => {
    for (const s of ['Birkenweg 14', 'Dorpsstraat 45', 'Lindenallee 7', 'Calle del Olmo 23, 3º B', 'Via Garibaldi 18', 'ul. Polna 8', 'Corso Italia 7', 'Hauptstraße 5a'])
      expect(isStreetLine(s), s).toBe(true);
    for (const s of ['Birkenweg', 'Invoice 2024', 'Via email', 'Total 12']) expect(isStreetLine(s), s).toBe(false);
  });

  it("ends a labelled address at the next field's label, not at an address line's own", () => {
    const text = (t: string) => docText({ pages: [{ number: 1, text: t, method: 'text_layer' }], language: 'de' });
    expect(labelledAddress(text('Verbrauchsstelle:\tBirkenweg 14\nZählernummer:\t1ESY 1160 4471\nTarif:\tGrundversorgung'), ['verbrauchsstelle'])).toBe('Birkenweg 14');
    expect(labelledAddress(text('Verbrauchsstelle:\tBirkenweg 14, 04109 Leipzig\n\t1ESY 1160 4471'), ['verbrauchsstelle'])).toBe('Birkenweg 14, 04109 Leipzig');
    expect(labelledAddress(text('Name\tEXAMPLE WORKS LTD\nADDRESS1\tNORTH VILLAGE\nADDRESS2\tEAST MANDAL\nADDRESS3\tWEST DISTRICT'), ['address1'])).toBe('NORTH VILLAGE, EAST MANDAL, WEST DISTRICT');
  });

  it('calls a bill that scores as much as an invoice a bill', () => {
    const text = ["Facture d'électricité", 'Date de facture 15/02/2024', 'Point de livraison 0912', 'Consommation 1 284 kWh', 'Total HT 310,48', 'Montant TTC 372,58'].join('\n');
    const c = classifyText(text);
    expect(c.type).toBe('proof_of_address');
  });

  it("takes an account's currency from its IBAN or a UK sort code when no amount carries one", () => {
    expect(accountCurrency('IBAN DE89 3704 0044 0532 0130 00')).toBe('EUR');
    expect(accountCurrency('Sort code 20-45-77 Account number 41236587')).toBe('GBP');
    expect(accountCurrency('Account number 41236587')).toBeNull();
  });

  it('dates a bill whose date line was lost by no end of its period, but by a date of its own', () => {
    const text = (t: string) => docText({ pages: [{ number: 1, text: t, method: 'ocr' }], language: 'es' });
    expect(firstLoneDate(text('Factura de luz\nFee*cmson ou aoa\nPeriodo de facturacion: del 01/02/2024 al 29 2024'))).toBeNull();
    expect(firstLoneDate(text('Facture du 15/02/2024\nPériode du 01/01/2024 au 31/01/2024'))).toBe('2024-02-15');
    expect(firstLoneDate(text('Votre facture\nPrélevé le 15/04/2024 sur votre compte'))).toBeNull();
  });

  it('puts back the space OCR lost in a British postcode, and leaves other codes alone', () => {
    expect(spacedPostcode('22 Mill Street, Leeds, LS14AB')).toBe('22 Mill Street, Leeds, LS1 4AB');
    expect(spacedPostcode('1 Example Road, London EC1A1BB')).toBe('1 Example Road, London EC1A 1BB');
    expect(spacedPostcode('Birkenweg 14, 04109 Leipzig')).toBe('Birkenweg 14, 04109 Leipzig');
    expect(spacedPostcode('Unit 4, Dockside Park, Cork T12X5P8')).toBe('Unit 4, Dockside Park, Cork T12X5P8');
  });

  it('drops a form of address to a firm before its name', () => {
    expect(cleanName('Spett.le Bianchi Arredamenti S.p.A.')).toBe('Bianchi Arredamenti S.p.A.');
    expect(cleanName('Messrs Acme Trading Ltd')).toBe('Acme Trading Ltd');
    // The space OCR lost before a capitals name's legal form.
    expect(cleanName('NORTHWINDLTD.')).toBe('NORTHWIND LTD.');
    expect(cleanName('ZINC')).toBe('ZINC');
  });
});
