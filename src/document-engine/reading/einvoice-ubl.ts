// OASIS UBL 2.1 Invoice and CreditNote, as used by XRechnung (UBL) and Peppol BIS.
import type { EInvoiceFacts, LineItem, PartyFacts } from '../document-model.ts';
import { all, amountIn, first, numberOrNull, textAt, type XmlNode } from './xml-nodes.ts';

export function ublProfile(customization: string | null): string | null {
  if (customization === null) return null;
  const id = customization.toLowerCase();
  if (id.includes('xrechnung')) return 'XRECHNUNG';
  if (id.includes('peppol')) return 'PEPPOL BIS';
  if (id.startsWith('urn:cen.eu:en16931:2017')) return 'EN16931';
  return customization;
}

function address(p: XmlNode): string | null {
  const a = first(p, 'PostalAddress');
  if (!a) return null;
  const streets = [textAt(a, 'StreetName'), textAt(a, 'AdditionalStreetName'), textAt(a, 'AddressLine', 'Line')].filter((s): s is string => !!s);
  const city = [textAt(a, 'PostalZone'), textAt(a, 'CityName')].filter(Boolean).join(' ');
  const parts = [...streets, city, textAt(a, 'Country', 'IdentificationCode')].filter((s): s is string => !!s);
  return parts.length ? parts.join(', ') : null;
}

function party(p: XmlNode, iban: string | null): PartyFacts {
  const schemes = all(p, 'PartyTaxScheme');
  const vatScheme = schemes.find((s) => (textAt(s, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT') ?? schemes[0];
  return {
    name: textAt(p, 'PartyLegalEntity', 'RegistrationName') ?? textAt(p, 'PartyName', 'Name'),
    address: address(p),
    registration_number: textAt(p, 'PartyLegalEntity', 'CompanyID'),
    vat_id: textAt(vatScheme, 'CompanyID'),
    iban,
    country_code: textAt(p, 'PostalAddress', 'Country', 'IdentificationCode'),
  };
}

export function parseUbl(root: XmlNode, creditNote: boolean, sourceFile: string): EInvoiceFacts {
  const currency = textAt(root, 'DocumentCurrencyCode');
  const totals = first(root, 'LegalMonetaryTotal');
  const means = all(root, 'PaymentMeans');
  const sellerIban = means.map((m) => textAt(m, 'PayeeFinancialAccount', 'ID')).find(Boolean) ?? null;
  const buyerIban = means.map((m) => textAt(m, 'PaymentMandate', 'PayerFinancialAccount', 'ID')).find(Boolean) ?? null;
  const lines: LineItem[] = all(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine').map((line) => ({
    description: textAt(line, 'Item', 'Name') ?? textAt(line, 'Item', 'Description') ?? '',
    quantity: numberOrNull(textAt(line, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity')),
    unit_price: textAt(line, 'Price', 'PriceAmount'),
    amount: textAt(line, 'LineExtensionAmount'),
  }));
  return {
    syntax: 'UBL',
    profile: ublProfile(textAt(root, 'CustomizationID')),
    invoice_number: textAt(root, 'ID'),
    type_code: textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (creditNote ? '381' : null),
    issue_date: textAt(root, 'IssueDate'),
    due_date: textAt(root, 'DueDate') ?? means.map((m) => textAt(m, 'PaymentDueDate')).find(Boolean) ?? null,
    currency,
    seller: party(first(root, 'AccountingSupplierParty', 'Party'), sellerIban),
    buyer: party(first(root, 'AccountingCustomerParty', 'Party'), buyerIban),
    net_total: textAt(totals, 'TaxExclusiveAmount'),
    tax_total: amountIn(
      all(root, 'TaxTotal').flatMap((t) => all(t, 'TaxAmount')),
      currency,
    ),
    grand_total: textAt(totals, 'TaxInclusiveAmount'),
    due_payable: textAt(totals, 'PayableAmount'),
    lines,
    source_file: sourceFile,
  };
}
