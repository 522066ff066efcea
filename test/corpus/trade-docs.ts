// biome-ignore-all format: tables and word lists read better packed than one item a line
// Invoices, contracts, bills of lading and charter parties of a deal, in English, German and French
// layouts, with the fields a reader must find in them.
import type { Deal, Party } from './deal.ts';
import { dealCase } from './deal.ts';
import type { CorpusDoc, Expected, Line } from './model.ts';
import { spacedIban, writeAmount, writeDate, type Rng } from './random.ts';

const T = {
  en: { title: 'INVOICE', no: 'Invoice No:', date: 'Invoice Date:', due: 'Due Date:', to: 'Bill to:', desc: 'Description', qty: 'Qty', unit: 'Unit price', amt: 'Amount', net: 'Subtotal', vat: 'VAT', total: 'Total due', vatNo: 'VAT No:', reg: 'Company No:' },
  de: { title: 'RECHNUNG', no: 'Rechnungsnummer:', date: 'Rechnungsdatum:', due: 'Fällig am:', to: 'Rechnungsempfänger:', desc: 'Beschreibung', qty: 'Menge', unit: 'Einzelpreis', amt: 'Betrag', net: 'Nettobetrag', vat: 'USt.', total: 'Gesamtbetrag', vatNo: 'USt-IdNr.:', reg: 'Handelsregister:' },
  fr: { title: 'FACTURE', no: 'Facture N°', date: 'Date de facture :', due: "Date d'échéance :", to: 'Client :', desc: 'Désignation', qty: 'Qté', unit: 'Prix unitaire', amt: 'Montant', net: 'Total HT', vat: 'TVA', total: 'Total TTC', vatNo: 'N° TVA :', reg: 'SIREN :' },
};

function dateStyle(deal: Deal): 'iso' | 'uk' | 'de' | 'long' {
  return deal.lang === 'de' ? 'de' : deal.lang === 'fr' ? 'uk' : deal.invoiceNo.endsWith('1') || deal.invoiceNo.endsWith('7') ? 'iso' : 'long';
}

function money(v: number, deal: Deal): string {
  if (deal.lang === 'fr') return v.toFixed(2).replace('.', ',');
  return writeAmount(v, deal.lang === 'de' ? 'de' : 'en');
}

function partyBlock(p: Party, withIds: boolean, lang: Deal['lang']): Line[] {
  const t = T[lang];
  const lines: Line[] = [{ text: p.name, bold: true }, { text: p.place.street }, { text: `${p.place.postcode} ${p.place.city}` }, { text: p.place.country }];
  if (withIds && p.vat) lines.push({ text: `${t.vatNo} ${p.vat}` });
  return lines;
}

export function invoiceDoc(id: string, deal: Deal, rng: Rng, over: { requested?: string; caseData?: Record<string, unknown>; companyName?: string; expect?: string[]; mutate?: (lines: Line[]) => void; expected?: Partial<Expected> } = {}): CorpusDoc {
  const t = T[deal.lang];
  const ds = dateStyle(deal);
  const cur = deal.currency;
  const lines: Line[] = [];
  const letterhead = rng.chance(0.5);
  if (letterhead) {
    lines.push({ text: deal.seller.name, size: 16, bold: true }, { text: `${deal.seller.place.street}, ${deal.seller.place.postcode} ${deal.seller.place.city}, ${deal.seller.place.country}`, size: 9 });
    if (deal.seller.vat) lines.push({ text: `${t.vatNo} ${deal.seller.vat}`, size: 9 });
    lines.push({ text: t.title, size: 18, bold: true, gap: 18 });
  } else {
    lines.push({ text: t.title, size: 18, bold: true });
    lines.push({ text: deal.lang === 'en' ? 'Seller:' : deal.lang === 'de' ? 'Verkäufer:' : 'Vendeur :', gap: 10, bold: true }, ...partyBlock(deal.seller, true, deal.lang));
  }
  lines.push(
    { cols: [[50, t.no], [170, deal.invoiceNo]], gap: 10 },
    { cols: [[50, t.date], [170, writeDate(deal.invoiceDate, ds)]] },
    { cols: [[50, t.due], [170, writeDate(deal.dueDate, ds)]] },
  );
  if (rng.chance(0.5)) lines.push({ cols: [[50, deal.lang === 'de' ? 'Vertrag:' : 'Contract No:'], [170, deal.contractNo]] });
  lines.push({ text: t.to, gap: 12, bold: true }, ...partyBlock(deal.buyer, rng.chance(0.5), deal.lang));
  lines.push({ cols: [[50, t.desc], [300, t.qty], [360, t.unit], [470, t.amt]], gap: 14, bold: true });
  for (const it of deal.items) lines.push({ cols: [[50, it.name], [300, String(it.qty)], [360, money(it.unit, deal)], [470, money(it.amount, deal)]] });
  lines.push(
    { cols: [[360, t.net], [470, `${money(deal.net, deal)} ${cur}`]], gap: 10 },
    { cols: [[360, `${t.vat} ${deal.vatRate}%`], [470, `${money(deal.tax, deal)} ${cur}`]] },
    { cols: [[360, t.total], [470, `${money(deal.gross, deal)} ${cur}`]], bold: true },
    { text: `IBAN: ${spacedIban(deal.seller.iban)}`, gap: 20, size: 9 },
  );
  over.mutate?.(lines);
  return {
    id,
    kind: 'invoice',
    requested: over.requested ?? 'invoice',
    pages: [lines],
    expected: {
      type: 'invoice',
      invoice_number: deal.invoiceNo,
      issue_date: deal.invoiceDate,
      due_date: deal.dueDate,
      currency: cur,
      'seller.name': deal.seller.name,
      'buyer.name': deal.buyer.name,
      'seller.vat_id': deal.seller.vat || null,
      'seller.iban': deal.seller.iban,
      net_total: deal.net,
      tax_total: deal.tax,
      grand_total: deal.gross,
      ...over.expected,
    },
    caseData: over.caseData ?? dealCase(deal),
    companyName: over.companyName ?? deal.client.name,
    expectFindings: over.expect ?? [],
    meta: { title: `Invoice ${deal.invoiceNo}`, producer: rng.pick(['Microsoft® Word for Microsoft 365', 'LibreOffice 7.6', 'Sage 50 Accounts', 'SAP NetWeaver']), creator: 'Writer', created: deal.invoiceDate },
  };
}

export function contractDoc(id: string, deal: Deal, rng: Rng, over: { caseData?: Record<string, unknown>; companyName?: string; expect?: string[]; parties?: [Party, Party] } = {}): CorpusDoc {
  const [a, b] = over.parties ?? [deal.seller, deal.buyer];
  const cur = deal.currency;
  const total = deal.gross * rng.int(1, 3);
  const date = writeDate(deal.contractDate, 'long');
  const lines: Line[] = [
    { text: 'SALES CONTRACT', size: 18, bold: true },
    { cols: [[50, 'Contract No:'], [170, deal.contractNo]], gap: 8 },
    { cols: [[50, 'Date:'], [170, date]] },
    { text: `This contract is made on ${date} by and between:`, gap: 12 },
    { text: 'Seller:', bold: true, gap: 6 },
    ...partyBlock(a, true, 'en'),
    { text: 'Buyer:', bold: true, gap: 6 },
    ...partyBlock(b, true, 'en'),
    { text: '1. Goods', bold: true, gap: 10 },
    { text: `Goods: ${deal.items.map((i) => i.name).join('; ')}` },
    { text: '2. Price and payment', bold: true, gap: 8 },
    { text: `Total contract value: ${writeAmount(total, 'en')} ${cur}` },
    { text: `Payment by bank transfer within ${rng.pick([30, 45, 60])} days of the invoice date.` },
    { text: '3. Governing law', bold: true, gap: 8 },
    { text: `This contract is governed by the laws of ${a.place.country}.` },
    { text: 'Signed for and on behalf of the Seller and the Buyer.', gap: 20 },
  ];
  return {
    id,
    kind: 'contract',
    requested: 'contract',
    pages: [lines],
    expected: { type: 'contract', contract_number: deal.contractNo, signing_date: deal.contractDate, parties: [a.name, b.name].sort().join(' | '), total_value: total, currency: cur },
    caseData: over.caseData ?? dealCase(deal),
    companyName: over.companyName ?? deal.client.name,
    expectFindings: over.expect ?? [],
    meta: { title: `Contract ${deal.contractNo}`, producer: 'Microsoft® Word for Microsoft 365', creator: 'Microsoft® Word', created: deal.contractDate },
  };
}

export function billOfLadingDoc(id: string, deal: Deal, rng: Rng, over: { vessel?: string; expect?: string[] } = {}): CorpusDoc {
  const vessel = over.vessel ?? deal.vessel;
  const issue = deal.invoiceDate;
  const lines: Line[] = [
    { text: 'BILL OF LADING', size: 18, bold: true },
    { cols: [[50, 'B/L No:'], [170, deal.blNo]], gap: 8 },
    { text: 'Shipper:', bold: true, gap: 10 },
    ...partyBlock(deal.seller, false, 'en'),
    { text: 'Consignee:', bold: true, gap: 6 },
    ...partyBlock(deal.buyer, false, 'en'),
    { text: 'Notify Party: Same as consignee', gap: 6 },
    { cols: [[50, 'Vessel:'], [170, vessel]], gap: 10 },
    { cols: [[50, 'Voyage No:'], [170, `V${rng.digits(3)}`]] },
    { cols: [[50, 'Port of Loading:'], [170, deal.loadPort]] },
    { cols: [[50, 'Port of Discharge:'], [170, deal.dischargePort]] },
    { cols: [[50, 'Description of goods:'], [170, deal.items.map((i) => `${i.qty} x ${i.name}`).join('; ')]], gap: 10 },
    { cols: [[50, 'Gross weight:'], [170, `${rng.int(500, 24000)} kg`]] },
    { cols: [[50, 'Invoice No:'], [170, deal.invoiceNo]] },
    { text: 'Freight prepaid. Shipped on board in apparent good order and condition.', gap: 10 },
    { cols: [[50, 'Place and date of issue:'], [200, `${deal.loadPort}, ${writeDate(issue, 'long')}`]], gap: 10 },
    { text: 'Number of original B/Ls: 3' },
  ];
  return {
    id,
    kind: 'bill_of_lading',
    requested: 'cargo_bill',
    pages: [lines],
    expected: { type: 'bill_of_lading', bl_number: deal.blNo, shipper: deal.seller.name, consignee: deal.buyer.name, vessel: vessel.replace(/^MV /, ''), port_of_loading: deal.loadPort, port_of_discharge: deal.dischargePort, issue_date: issue },
    caseData: dealCase(deal),
    companyName: deal.client.name,
    expectFindings: over.expect ?? [],
    meta: { title: `B/L ${deal.blNo}`, producer: 'CargoDocs 4.2', creator: 'CargoDocs', created: issue },
  };
}

export function charterDoc(id: string, deal: Deal, rng: Rng): CorpusDoc {
  const freight = Math.round(deal.gross * 0.08);
  const laycanFrom = deal.contractDate;
  const owner = `${deal.vessel.replace(/^MV /, '')} Shipping Ltd`;
  const lines: Line[] = [
    { text: 'VOYAGE CHARTER PARTY', size: 18, bold: true },
    { cols: [[50, 'Place and date:'], [170, `London, ${writeDate(deal.contractDate, 'long')}`]], gap: 8 },
    { text: 'Owners:', bold: true, gap: 10 },
    { text: owner },
    { text: 'Charterers:', bold: true, gap: 6 },
    ...partyBlock(deal.client, false, 'en'),
    { cols: [[50, 'Vessel:'], [170, deal.vessel]], gap: 10 },
    { cols: [[50, 'IMO No:'], [170, `9${rng.digits(6)}`]] },
    { cols: [[50, 'Loading port:'], [170, deal.loadPort]] },
    { cols: [[50, 'Discharging port:'], [170, deal.dischargePort]] },
    { cols: [[50, 'Cargo:'], [170, deal.items.map((i) => i.name).join('; ')]] },
    { cols: [[50, 'Laycan:'], [170, `${writeDate(laycanFrom, 'long')} - ${writeDate(deal.invoiceDate, 'long')}`]] },
    { cols: [[50, 'Freight:'], [170, `${writeAmount(freight, 'en')} ${deal.currency} lump sum`]] },
    { text: 'Demurrage and laytime as per GENCON 1994 clauses.', gap: 10 },
  ];
  return {
    id,
    kind: 'charter_agreement',
    requested: 'charter_agreement',
    pages: [lines],
    expected: { type: 'charter_agreement', owner, charterer: deal.client.name, vessel: deal.vessel.replace(/^MV /, ''), load_port: deal.loadPort, discharge_port: deal.dischargePort, freight, date: deal.contractDate },
    caseData: dealCase(deal),
    companyName: deal.client.name,
    expectFindings: [],
    meta: { title: 'Charter party', producer: 'Microsoft® Word 2019', creator: 'Microsoft® Word 2019', created: deal.contractDate },
  };
}
