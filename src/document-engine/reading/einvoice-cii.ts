// UN/CEFACT Cross Industry Invoice, as used by Factur-X, ZUGFeRD 2.x and XRechnung (CII), and the
// older ZUGFeRD 1.0 CrossIndustryDocument whose paths differ.
import type { EInvoiceFacts, LineItem, PartyFacts } from '../document-model.ts';
import { all, amountIn, attr, ciiDate, first, numberOrNull, text, textAt, type XmlNode } from './xml-nodes.ts';

/** Profile from the guideline id, as the corpora name them; an unknown id is kept as written. */
export function ciiProfile(guideline: string | null): string | null {
  if (guideline === null) return null;
  const id = guideline.toLowerCase();
  if (id.includes('xrechnung')) return 'XRECHNUNG';
  if (/(^|:)extended$/.test(id)) return 'EXTENDED';
  if (/basic-?wl$/.test(id)) return 'BASIC WL';
  if (/(^|:)basic$/.test(id)) return 'BASIC';
  if (/(^|:)minimum$/.test(id)) return 'MINIMUM';
  if (/(^|:)comfort$/.test(id)) return 'COMFORT';
  if (id === 'urn:cen.eu:en16931:2017' || /en16931:2017#compliant#urn:(zugferd\.de:2p\d|factur-x\.eu:1p0):(en16931|comfort)$/.test(id)) return 'EN16931';
  return guideline;
}

function address(party: XmlNode): string | null {
  const a = first(party, 'PostalTradeAddress');
  if (!a) return null;
  const streets = ['LineOne', 'LineTwo', 'LineThree'].map((k) => textAt(a, k)).filter((s): s is string => !!s);
  const city = [textAt(a, 'PostcodeCode'), textAt(a, 'CityName')].filter(Boolean).join(' ');
  const parts = [...streets, city, textAt(a, 'CountryID')].filter((s): s is string => !!s);
  return parts.length ? parts.join(', ') : null;
}

function party(node: XmlNode, iban: string | null): PartyFacts {
  const vat = all(node, 'SpecifiedTaxRegistration')
    .map((r) => first(r, 'ID'))
    .find((id) => attr(id, 'schemeID') === 'VA');
  return {
    name: textAt(node, 'Name'),
    address: address(node),
    registration_number: textAt(node, 'SpecifiedLegalOrganization', 'ID'),
    vat_id: text(vat ?? null),
    iban,
    country_code: textAt(node, 'PostalTradeAddress', 'CountryID'),
  };
}

export function parseCii(root: XmlNode, sourceFile: string): EInvoiceFacts {
  // ZUGFeRD 1.0 names the same parts differently.
  const v1 = first(root, 'HeaderExchangedDocument') !== undefined;
  const context = first(root, v1 ? 'SpecifiedExchangedDocumentContext' : 'ExchangedDocumentContext');
  const doc = first(root, v1 ? 'HeaderExchangedDocument' : 'ExchangedDocument');
  const tx = first(root, v1 ? 'SpecifiedSupplyChainTradeTransaction' : 'SupplyChainTradeTransaction');
  const agreement = first(tx, v1 ? 'ApplicableSupplyChainTradeAgreement' : 'ApplicableHeaderTradeAgreement');
  const settlement = first(tx, v1 ? 'ApplicableSupplyChainTradeSettlement' : 'ApplicableHeaderTradeSettlement');
  const sums = first(settlement, v1 ? 'SpecifiedTradeSettlementMonetarySummation' : 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const means = all(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const sellerIban = means.map((m) => textAt(m, 'PayeePartyCreditorFinancialAccount', 'IBANID')).find(Boolean) ?? null;
  const buyerIban = means.map((m) => textAt(m, 'PayerPartyDebtorFinancialAccount', 'IBANID')).find(Boolean) ?? null;
  const lines: LineItem[] = all(tx, 'IncludedSupplyChainTradeLineItem').map((item) => {
    const lineAgreement = first(item, v1 ? 'SpecifiedSupplyChainTradeAgreement' : 'SpecifiedLineTradeAgreement');
    const delivery = first(item, v1 ? 'SpecifiedSupplyChainTradeDelivery' : 'SpecifiedLineTradeDelivery');
    const lineSettlement = first(item, v1 ? 'SpecifiedSupplyChainTradeSettlement' : 'SpecifiedLineTradeSettlement');
    const lineSums = first(lineSettlement, v1 ? 'SpecifiedTradeSettlementMonetarySummation' : 'SpecifiedTradeSettlementLineMonetarySummation');
    return {
      description: textAt(item, 'SpecifiedTradeProduct', 'Name') ?? '',
      quantity: numberOrNull(textAt(delivery, 'BilledQuantity')),
      unit_price: textAt(lineAgreement, 'NetPriceProductTradePrice', 'ChargeAmount'),
      amount: textAt(lineSums, 'LineTotalAmount'),
    };
  });
  return {
    syntax: 'CII',
    profile: ciiProfile(textAt(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID')),
    invoice_number: textAt(doc, 'ID'),
    type_code: textAt(doc, 'TypeCode'),
    issue_date: ciiDate(first(doc, 'IssueDateTime')),
    due_date: ciiDate(first(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime')),
    currency,
    seller: party(first(agreement, 'SellerTradeParty'), sellerIban),
    buyer: party(first(agreement, 'BuyerTradeParty'), buyerIban),
    net_total: textAt(sums, 'TaxBasisTotalAmount'),
    tax_total: amountIn(all(sums, 'TaxTotalAmount'), currency),
    grand_total: amountIn(all(sums, 'GrandTotalAmount'), currency),
    due_payable: textAt(sums, 'DuePayableAmount'),
    lines,
    source_file: sourceFile,
  };
}
