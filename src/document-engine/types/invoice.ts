// biome-ignore-all format: word lists read better packed, a paragraph a language
// The invoice document type: a bill for goods or services: seller, buyer, lines, totals, the documents it refers to.
import { Type } from '@sinclair/typebox';
import type { InvoiceFields } from '../extract/fields.ts';
import { extractInvoiceFromEInvoice, extractInvoiceFromText } from '../extract/invoice.ts';
import { einvoicePageRule } from '../rules/einvoice-page.ts';
import { arithmeticRules, transactionRules } from '../rules/invoice-rules.ts';
import { Amount, Day, Line, Nullable, Party, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const invoice: DocumentTypePlugin<'invoice', InvoiceFields> = {
  type: 'invoice',
  label: 'invoice',
  requests: ['invoice', 'invoice_with_client', 'invoice_from_supplier'],
  servesRequests: ['utility_bill'],
  clientRoles: { invoice_with_client: 'seller', invoice_from_supplier: 'buyer' },
  modules: ['invoice', 'invoice_with_client', 'invoice_from_supplier'],
  keywords: [
    // English
    ['invoice', 4], ['tax invoice', 5], ['commercial invoice', 5], ['proforma invoice', 4], ['sales invoice', 5], ['credit note', 4],
    ['invoice number', 3], ['invoice no', 3], ['invoice date', 3], ['bill to', 3], ['invoice to', 3], ['sold to', 2], ['amount due', 2],
    ['total due', 2], ['balance due', 2], ['amount payable', 2], ['subtotal', 2], ['net amount', 2], ['unit price', 2], ['unit cost', 2],
    ['terms of payment', 2], ['payment terms', 2], ['remit to', 2], ['sales receipt', 4], ['receipt', 1], ['due date', 1], ['vat', 1],
    ['qty', 1], ['discount', 1], ['gross', 1], ['purchase order', 1],
    // German
    ['rechnung', 4], ['handelsrechnung', 5], ['schlussrechnung', 5], ['abschlagsrechnung', 5], ['gutschrift', 3], ['rechnungsnummer', 3],
    ['rechnungsdatum', 3], ['rechnungsbetrag', 3], ['rechnungsempfänger', 3], ['bruttosumme', 3], ['belegsummen', 3], ['nettobetrag', 2],
    ['gesamtbetrag', 2], ['endbetrag', 2], ['einzelpreis', 2], ['zahlungsziel', 2], ['zahlbar bis', 2], ['leistungszeitraum', 2],
    ['ust', 1], ['mwst', 1], ['umsatzsteuer', 1], ['zahlbar', 1], ['lieferdatum', 1], ['kundennummer', 1],
    // French
    ['facture', 4], ['avoir', 3], ['numéro de facture', 3], ['facture n', 3], ['date de facture', 3], ['total ttc', 3], ['total ht', 3],
    ['net à payer', 3], ['montant ht', 2], ['montant ttc', 2], ['total tva', 2], ['prix unitaire', 2], ['date d échéance', 2], ['tva', 1],
    ['échéance', 1], ['conditions de paiement', 1],
    // Spanish
    ['factura', 4], ['factura electrónica', 5], ['número de factura', 3], ['factura n', 3], ['fecha de factura', 3], ['base imponible', 3],
    ['total a pagar', 3], ['fecha de emisión', 2], ['fecha de vencimiento', 2], ['precio unitario', 2], ['total iva', 2], ['iva', 1],
    ['importe', 1], ['cantidad', 1], ['forma de pago', 1],
    // Italian
    ['fattura', 4], ['fattura elettronica', 5], ['numero fattura', 3], ['fattura n', 3], ['data fattura', 3], ['imponibile', 3],
    ['totale documento', 3], ['totale fattura', 3], ['totale da pagare', 3], ['prezzo unitario', 2], ['partita iva', 1], ['scadenza', 1],
    ['quantità', 1], ['importo', 1],
    // Dutch
    ['factuur', 4], ['factuurnummer', 3], ['factuurdatum', 3], ['te betalen', 2], ['vervaldatum', 2], ['eenheidsprijs', 2], ['subtotaal', 2],
    ['btw', 1], ['totaal', 1], ['bedrag', 1],
    // Portuguese
    ['fatura', 4], ['fatura recibo', 5], ['nota fiscal', 5], ['número da fatura', 3], ['fatura n', 3], ['data de emissão', 2],
    ['data da emissão', 2], ['data de vencimento', 2], ['valor total', 2], ['preço unitário', 2], ['contribuinte', 1], ['nif', 1],
    ['quantidade', 1], ['valor', 1],
    // Polish
    ['faktura', 4], ['faktura vat', 5], ['rachunek', 4], ['numer faktury', 3], ['do zapłaty', 3], ['nabywca', 3], ['sprzedawca', 3],
    ['data wystawienia', 2], ['termin płatności', 2], ['cena jednostkowa', 2], ['netto', 1], ['brutto', 1], ['nip', 1], ['razem', 1],
    // Nordic, Turkish, Greek; Indian GST and Mexican CFDI marks
    ['fakturanummer', 3], ['fakturadatum', 3], ['förfallodatum', 2], ['forfallsdato', 2], ['forfaldsdato', 2], ['fakturadato', 3], ['moms', 1], ['mva', 1],
    ['fatura no', 3], ['fatura tarihi', 3], ['ödenecek tutar', 3], ['kdv', 1], ['vkn', 1], ['τιμολόγιο', 5], ['τιμολόγιο πώλησης', 5], ['φπα', 1], ['αφμ', 1],
    ['πληρωτέο ποσό', 3], ['gstin', 1], ['hsn', 1], ['cgst', 1], ['sgst', 1], ['igst', 1], ['cfdi', 3], ['folio fiscal', 3], ['rfc', 1],
    // Finnish and Hungarian
    // (Light, as Finnish bills are titled "Lasku" and carry the same numbers: their own words must outweigh these.)
    ['lasku', 3], ['laskun numero', 2], ['laskunumero', 2], ['eräpäivä', 1], ['viitenumero', 1], ['alv', 1],
    ['számla', 4], ['számla sorszáma', 3], ['számla kelte', 3], ['számlaszám', 2], ['fizetési határidő', 2], ['teljesítés dátuma', 2],
    ['bruttó végösszeg', 3], ['fizetendő', 2], ['áfa', 1], ['adószám', 1],
    // Indonesian and Croatian (the Croatian "račun" is a bank account too: its invoice's own labels weigh with it)
    ['faktur', 4], ['faktur pajak', 5], ['no faktur', 3], ['nomor faktur', 3], ['jatuh tempo', 2], ['total tagihan', 3], ['harga satuan', 2],
    ['ppn', 1], ['npwp', 1], ['terbilang', 1], ['račun br', 4], ['broj računa', 3], ['datum računa', 3], ['datum dospijeća', 2],
    ['ukupno za platiti', 3], ['za platiti', 2], ['osnovica', 2], ['kupac', 2], ['pdv', 1], ['oib', 1],
    // Estonian, Latvian and Slovenian, whose invoices are titled "Arve", "Rēķins" and "Račun"; Serbian labels in Latin script
    ['arve', 4], ['arve nr', 4], ['arve kuupäev', 3], ['maksetähtaeg', 2], ['käibemaks', 1], ['tasuda', 1],
    ['rēķins', 4], ['rēķins nr', 4], ['piegādātājs', 3], ['maksātājs', 2], ['apmaksas termiņš', 2], ['pvn', 1],
    ['račun št', 4], ['datum računa', 3], ['datum zapadlosti', 2], ['za plačilo', 2], ['kupec', 2], ['ddv', 1],
    ['prodavac', 3], ['valuta plaćanja', 2], ['ukupno za uplatu', 3], ['pib', 1],
    // Russian and Uzbek (Cyrillic and Latin)
    ['счет-фактура', 5], ['счёт-фактура', 5], ['ҳисобварақ-фактура', 5], ['hisobvaraq-faktura', 5], ['фактура', 4], ['счет на оплату', 5],
    ['продавец', 3], ['покупатель', 3], ['поставщик', 2], ['етказиб берувчи', 3], ['сотиб олувчи', 3], ['итого', 2], ['жами', 2], ['всего к оплате', 3],
    ['ндс', 1], ['ққс', 1], ['сумма', 1], ['цена', 1],
    // Japanese and Chinese
    ['請求書', 5], ['御請求書', 5], ['請求番号', 3], ['請求書番号', 3], ['御請求額', 3], ['請求金額', 3], ['支払期限', 2], ['お支払期限', 2], ['消費税', 2],
    ['小計', 1], ['合計', 1], ['発行日', 1], ['発票', 5], ['发票', 5], ['发票号码', 3], ['发票代码', 3], ['开票日期', 3], ['价税合计', 3], ['增值税', 2],
    ['税额', 1], ['發票', 5], ['統一發票', 5], ['發票號碼', 3], ['開票日期', 3], ['價稅合計', 3], ['购买方', 2], ['销售方', 2], ['購買方', 2], ['銷售方', 2],
    ['开票人', 2], ['開票人', 2],
    // Korean
    ['세금계산서', 5], ['계산서', 4], ['청구서', 4], ['공급가액', 3], ['공급받는자', 3], ['공급자', 1], ['합계금액', 2],
    // Arabic
    ['فاتورة', 4], ['فاتورة ضريبية', 5], ['رقم الفاتورة', 3], ['تاريخ الفاتورة', 3], ['الإجمالي', 1], ['المجموع', 1], ['ضريبة القيمة المضافة', 2],
  ],
  schema: Type.Object({
    invoice_number: Text,
    issue_date: Day,
    due_date: Day,
    service_period: Nullable(Type.Object({ from: Type.String(), to: Type.String() })),
    currency: Text,
    seller: Party,
    buyer: Party,
    lines: Type.Array(Line),
    net_total: Amount,
    tax_total: Amount,
    grand_total: Amount,
    amount_due: Amount,
    references: Type.Object({ order: Text, contract: Text, bill_of_lading: Text }),
    vessel: Text,
    source: Type.Union([Type.Literal('einvoice'), Type.Literal('text')], { default: 'text' }),
  }),
  evidence: { einvoice: 20 },
  extract: (doc, d) => {
    const fromText = extractInvoiceFromText(d);
    return doc.einvoice ? extractInvoiceFromEInvoice(doc.einvoice, fromText) : fromText;
  },
  keyFacts: (f) => [f.invoice_number, f.issue_date, f.grand_total ?? f.amount_due, f.seller?.name, f.buyer?.name].map(has),
  issueDate: (f) => f.issue_date ?? null,
  // A due date before the issue date is odd, not impossible (premiums due before the bill): not compared.
  datePairs: (f) => [['period start', f.service_period?.from, 'period end', f.service_period?.to]],
  contentRules: (doc, ctx) => [
    ...arithmeticRules(doc.fields, ctx.task.file_name, doc.text.text),
    ...einvoicePageRule(doc.fields, doc.text.text, ctx.task.file_name),
    ...transactionRules(doc.fields, ctx),
  ],
  parties: (f) => [f.seller?.name, f.buyer?.name],
  goods: (f) => (f.lines ?? []).map((l) => l.description),
  vessel: (f) => f.vessel,
};
