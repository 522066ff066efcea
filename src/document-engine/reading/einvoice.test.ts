// E-invoices: the XML syntaxes (Factur-X/ZUGFeRD 2 CII, ZUGFeRD 1.0, UBL) read field by field with
// decimals exactly as written, and a generated Factur-X PDF read end to end through readDocument.
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_INVOICE, ciiXml, makeHybridInvoicePdf, ublXml, zugferd1Xml } from '../../../test/fixtures/einvoices.ts';
import { ciiProfile } from './einvoice-cii.ts';
import { parseEInvoiceXml } from './einvoice.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

const seller = { name: 'Acme Trading Ltd', address: '1 Example Street, EC1A 1BB London, GB', vat_id: 'GB123456789', country_code: 'GB' };
const buyer = { name: 'Globex Holdings Limited', address: 'Hauptstraße 5, 10115 Berlin, DE', vat_id: 'DE987654321', country_code: 'DE' };

describe('parseEInvoiceXml', () => {
  it('reads a Factur-X (CII) invoice', () => {
    const facts = parseEInvoiceXml(ciiXml(), 'factur-x.xml');
    expect(facts).toMatchObject({
      syntax: 'CII',
      profile: 'EN16931',
      invoice_number: 'FX-2024-0815',
      type_code: '380',
      issue_date: '2024-03-15',
      due_date: '2024-04-14',
      currency: 'EUR',
      seller: { ...seller, registration_number: '01234567', iban: 'GB33BUKB20201555555555' },
      buyer: { ...buyer, iban: null },
      net_total: '1028.75',
      tax_total: '205.75',
      grand_total: '1234.50',
      due_payable: '1234.50',
      source_file: 'factur-x.xml',
    });
    expect(facts!.lines).toEqual([
      { description: 'Consulting services', quantity: 10, unit_price: '102.8750', amount: '1028.75' },
      { description: 'Travel expenses & fees', quantity: 1, unit_price: '0.00', amount: '0.00' },
    ]);
  });

  it('reads a ZUGFeRD 1.0 invoice, whose paths differ', () => {
    const facts = parseEInvoiceXml(zugferd1Xml(), 'ZUGFeRD-invoice.xml');
    expect(facts).toMatchObject({
      syntax: 'CII',
      profile: 'COMFORT',
      invoice_number: 'FX-2024-0815',
      issue_date: '2024-03-15',
      currency: 'EUR',
      seller: { name: seller.name },
      buyer: { name: buyer.name },
      net_total: '1028.75',
      tax_total: '205.75',
      grand_total: '1234.50',
    });
    expect(facts!.lines[0]).toEqual({ description: 'Consulting services', quantity: 10, unit_price: '102.8750', amount: '1028.75' });
  });

  it('reads an XRechnung UBL invoice and credit note', () => {
    const invoice = parseEInvoiceXml(ublXml(), 'xrechnung.xml');
    expect(invoice).toMatchObject({
      syntax: 'UBL',
      profile: 'XRECHNUNG',
      invoice_number: 'FX-2024-0815',
      type_code: '380',
      issue_date: '2024-03-15',
      due_date: '2024-04-14',
      currency: 'EUR',
      seller: { ...seller, registration_number: '01234567', iban: 'GB33BUKB20201555555555' },
      buyer,
      net_total: '1028.75',
      tax_total: '205.75',
      grand_total: '1234.50',
      due_payable: '1234.50',
    });
    const credit = parseEInvoiceXml(ublXml(SAMPLE_INVOICE, 'CreditNote'), 'xrechnung.xml');
    expect(credit).toMatchObject({ syntax: 'UBL', type_code: '381', grand_total: '1234.50' });
    expect(credit!.lines).toHaveLength(2);
  });

  it('keeps decimals as written and refuses what is not an invoice', () => {
    const odd = { ...SAMPLE_INVOICE, grand: '01234.500', tax: '-0.10' };
    expect(parseEInvoiceXml(ciiXml(odd), 'factur-x.xml')).toMatchObject({ grand_total: '01234.500', tax_total: '-0.10' });
    expect(parseEInvoiceXml('<?xml version="1.0"?><Order><ID>1</ID></Order>', 'order.xml')).toBeNull();
    expect(parseEInvoiceXml('not xml at all <<<', 'x.xml')).toBeNull();
    expect(parseEInvoiceXml('<!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice><ID>&a;</ID></Invoice>', 'x.xml')).toBeNull();
  });

  it('names profiles as the corpora do', () => {
    expect(ciiProfile('urn:factur-x.eu:1p0:minimum')).toBe('MINIMUM');
    expect(ciiProfile('urn:factur-x.eu:1p0:basicwl')).toBe('BASIC WL');
    expect(ciiProfile('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic')).toBe('BASIC');
    expect(ciiProfile('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')).toBe('EXTENDED');
    expect(ciiProfile('urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_2.0')).toBe('XRECHNUNG');
    expect(ciiProfile('urn:ferd:CrossIndustryDocument:invoice:1p0:komfort')).toBe('urn:ferd:CrossIndustryDocument:invoice:1p0:komfort');
  });
});

describe('readDocument on a hybrid PDF', () => {
  it('finds the attached Factur-X XML and reads it, beside the visible text', async () => {
    const pdf = await makeHybridInvoicePdf(SAMPLE_INVOICE, { extra: [{ name: 'timesheet.csv', data: Buffer.from('day,hours\n1,8\n') }] });
    const doc = await readDocument(pdf, 'application/pdf', { maxPages: 10 });
    expect(doc.readable).toBe(true);
    expect(doc.einvoice).toMatchObject({ syntax: 'CII', invoice_number: 'FX-2024-0815', grand_total: '1234.50', source_file: 'factur-x.xml' });
    expect(doc.forensics?.embedded_files.sort()).toEqual(['factur-x.xml', 'timesheet.csv']);
    expect(doc.pages[0].text).toContain('Total: 1234.50 EUR');
  });

  it('prefers factur-x.xml over a ZUGFeRD 1 file and reads a UBL attachment under any .xml name', async () => {
    const both = await makeHybridInvoicePdf(SAMPLE_INVOICE, {
      extra: [{ name: 'ZUGFeRD-invoice.xml', data: Buffer.from(zugferd1Xml({ ...SAMPLE_INVOICE, number: 'OLD-1' })) }],
      useObjectStreams: false,
    });
    expect((await readDocument(both, 'application/pdf', { maxPages: 10 })).einvoice).toMatchObject({ invoice_number: 'FX-2024-0815', source_file: 'factur-x.xml' });
    const ubl = await makeHybridInvoicePdf(SAMPLE_INVOICE, { xml: ublXml(), attachmentName: 'invoice-2024.xml' });
    expect((await readDocument(ubl, 'application/pdf', { maxPages: 10 })).einvoice).toMatchObject({ syntax: 'UBL', source_file: 'invoice-2024.xml' });
  });

  it('has no e-invoice when nothing is attached', async () => {
    const { makeInvoicePdf } = await import('../../../test/fixtures/documents.ts');
    const pdf = await makeInvoicePdf({ seller: 'A Ltd', buyer: 'B Ltd', invoiceNumber: '1', date: '2024-01-01', currency: 'EUR', total: 10 });
    expect((await readDocument(pdf, 'application/pdf', { maxPages: 10 })).einvoice).toBeNull();
  });
});
