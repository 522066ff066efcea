// biome-ignore-all format: word lists read better packed, a paragraph a language
// Words that label a field on a form, a bill or a statement, per kind and language. Text made of
// such words only ("ACCOUNT NUMBER", "Statement date", "Customer service", "Contact us") is a label
// or a heading, never the value of a field: a holder, an issuer or an address is never one.
import { fold } from './text.ts';

/** Label words by the kind of document they are printed on (folded: lower case, no accents). */
export const LABEL_WORDS: Record<string, readonly string[]> = {
  common: [
    'name', 'names', 'address', 'addresses', 'date', 'dates', 'number', 'no', 'nr', 'num', 'ref', 'reference', 'page', 'of', 'the', 'and', 'for', 'to', 'from',
    'your', 'our', 'details', 'information', 'info', 'contact', 'contacts', 'us', 'phone', 'telephone', 'tel', 'fax', 'email', 'e', 'mail', 'website',
    'customer', 'client', 'service', 'services', 'support', 'help', 'total', 'amount', 'amounts', 'summary', 'description', 'type', 'code', 'id',
    'period', 'from', 'until', 'thru', 'through', 'issued', 'issue', 'due', 'by', 'on', 'at', 'in', 'please', 'note', 'notes', 'important', 'more',
    'holder', 'owner', 'signature', 'signed', 'place', 'status', 'current', 'previous', 'new', 'next', 'last', 'this', 'month', 'year', 'day',
    // de, fr, es, it, nl, pt, pl
    'anschrift', 'adresse', 'datum', 'nummer', 'seite', 'kunde', 'kundennummer', 'zeitraum', 'betrag', 'summe', 'nom', 'numero', 'client', 'montant',
    'periode', 'nombre', 'direccion', 'fecha', 'cliente', 'importe', 'indirizzo', 'data', 'importo', 'naam', 'adres', 'bedrag', 'nome', 'endereco',
    'valor', 'nazwa', 'adres', 'kwota', 'okres', 'aan', 'an', 'para', 'spett',
    // Dates, numbers and codes of a bill or an invoice in more languages: "Data emissione", "Codice PDR", "Fatura Tarihi", "Eräpäivä".
    'emissione', 'emissao', 'emision', 'scadenza', 'vencimento', 'vencimiento', 'codice', 'pdr', 'pod', 'cups', 'fakturadatum', 'fakturanummer',
    'forfallodatum', 'forfallsdato', 'erapaiva', 'laskun', 'paiva', 'numero', 'tarihi', 'fatura', 'kundnummer', 'asiakasnumero', 'folio',
    // Finnish and Hungarian: "Laskun päivämäärä", "Viitenumero", "Számla kelte", "Fizetési határidő", "Eladó", "Vevő".
    'paivamaara', 'viitenumero', 'maksuehto', 'lasku', 'szamla', 'sorszama', 'kelte', 'fizetesi', 'hatarido', 'teljesites', 'datuma', 'mod',
    'elado', 'vevo', 'adoszam', 'azonosito',
    // Connectors inside labels ("Numéro de client", "Fecha de emisión"): a text of labels and these is still a label.
    'de', 'du', 'des', 'la', 'le', 'del', 'di', 'da', 'van', 'het', 'der', 'die', 'das', 'et', 'y', 'e', 'en', 'und', 'i',
  ],
  statement: [
    'account', 'accounts', 'acct', 'statement', 'statements', 'balance', 'balances', 'opening', 'closing', 'brought', 'carried', 'forward', 'debit',
    'debits', 'credit', 'credits', 'deposit', 'deposits', 'withdrawal', 'withdrawals', 'transaction', 'transactions', 'sort', 'iban', 'bic', 'swift',
    'branch', 'card', 'limit', 'available', 'interest', 'rate', 'fees', 'fee', 'charges', 'payment', 'payments', 'paid', 'made', 'minimum',
    'kontoinhaber', 'kontonummer', 'kontostand', 'auszug', 'titulaire', 'compte', 'solde', 'releve', 'titular', 'cuenta', 'saldo', 'extracto',
    'conto', 'estratto', 'rekening', 'afschrift', 'rachunek', 'wyciag', 'rekeningnummer', 'rekeninghouder', 'kontoutdrag', 'tiliote', 'clearingnummer',
  ],
  utility: [
    'bill', 'bills', 'billing', 'invoice', 'meter', 'meters', 'reading', 'readings', 'read', 'usage', 'consumption', 'supply', 'supplier', 'premise',
    'premises', 'property', 'tariff', 'rate', 'plan', 'kwh', 'therms', 'units', 'energy', 'electricity', 'electric', 'gas', 'water', 'emergencies',
    'emergency', 'outages', 'correspondence', 'mailing', 'delivery', 'enclosed', 'remit', 'remittance', 'portion', 'return', 'keep', 'records',
    'rechnung', 'zahler', 'zahlerstand', 'verbrauch', 'lieferstelle', 'facture', 'compteur', 'consommation', 'factura', 'contador', 'bolletta',
    'leveringsadres', 'factuuradres', 'klantnummer', 'factuurnummer', 'factuurdatum', 'verbruik', 'meterstand', 'emission', 'facturation', 'livraison',
    'abonnement', 'titulaire', 'suministro', 'emision', 'facturacion', 'titular', 'fornitura', 'fatturazione', 'odczyt', 'licznik',
  ],
  form: [
    'insured', 'insurer', 'insurers', 'producer', 'policy', 'policies', 'coverage', 'coverages', 'certificate', 'holder', 'effective', 'expiry',
    'expiration', 'limits', 'each', 'occurrence', 'aggregate', 'naic', 'affording', 'letter', 'ltr', 'insr', 'addl', 'subr', 'wvd', 'contact',
    'company', 'registration', 'registered', 'office', 'incorporation', 'incorporated', 'director', 'directors', 'secretary', 'signatory',
    // A licence's header row: "Trade Name	Legal Status", "Legal Form".
    'legal', 'form', 'trade', 'licence', 'license',
    // A register's header row in Lithuanian, Latvian and the languages of the former Yugoslavia: "Kodas	Pavadinimas	Įregistravimo data".
    'kodas', 'pavadinimas', 'iregistravimo', 'teisine', 'forma', 'buveines', 'adresas', 'teisinis', 'statusas', 'nosaukums', 'registracijas',
    'datums', 'numurs', 'naslov', 'sjediste', 'sediste', 'maticni', 'broj', 'maticna', 'stevilka', 'pravni', 'oblik', 'pravna',
    // A register's header row in French and German: "Dénomination	Forme juridique", "Registernummer	Rechtsform	Eintragung".
    'denomination', 'forme', 'juridique', 'siege', 'immatriculation', 'rccm', 'ninea', 'rechtsform', 'eintragung', 'registernummer', 'domiziladresse',
  ],
};

const ALL = new Set(Object.values(LABEL_WORDS).flat());

/** The folded words of a text, without punctuation and digits standing alone. */
function wordsOf(text: string): string[] {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '' && !/^\d+$/.test(w));
}

/**
 * Whether a text is a label or a heading and nothing else: every word of it is a label word of the
 * given kinds (all kinds when none is given). "ACCOUNT NUMBER", "Customer Service", "DATE BILL ISSUED".
 */
export function isLabelText(text: string, kinds?: readonly string[]): boolean {
  const words = wordsOf(text);
  // A number is a value; punctuation alone is nothing.
  if (words.length === 0) return !/\d/.test(text);
  const set = kinds ? new Set(['common', ...kinds].flatMap((k) => LABEL_WORDS[k] ?? [])) : ALL;
  return words.every((w) => set.has(w));
}

/** A value read for a name or an address: null when it is only label words. */
export function notALabel(value: string | null | undefined, kinds?: readonly string[]): string | null {
  if (!value) return null;
  return isLabelText(value, kinds) ? null : value;
}

/**
 * A box's label beside another on a transport document or a form, never its value: the label of a
 * number ("Booking No.", "FBL No.", "Voy. No.:"), a port or a place ("Port of loading", "Place of
 * Delivery"), or the next numbered box ("6. GT/NT (Cl. 1)", "11. Discharging port or place"; not a date, "8. června 2016").
 */
export function isBoxLabel(cell: string): boolean {
  const t = cell.trim();
  // A label in two languages is one box's label if either half is ("Lugar de Entrega / Place of Delivery").
  const halves = /^([\p{L}][\p{L}\s.'°-]*?)\s*\/\s*([\p{L}][\p{L}\s./'°-]*)$/u.exec(t);
  if (halves) return isBoxLabel(halves[1]) || isBoxLabel(halves[2]) || TRANSPORT_BOX.test(halves[1]) || TRANSPORT_BOX.test(halves[2]);
  return (
    // "Nº" as well: "Conhecimento Nº", "Reserva Nº".
    /^[\p{L}][\p{L}\s./'-]*\b(?:no|nr|number|n[º°])\.?\s*:?$/iu.test(t) ||
    /^(?:port|place)\s+of\s+(?:loading|discharge|destination|receipt|delivery|shipment|issue|transhipment)\s*:?$/iu.test(t) ||
    // The same boxes in Portuguese and German: "Local de Entrega", "Porto de Descarga", "Viagem", "Ablieferungsort", "Verladehafen".
    /^(?:(?:porto|local)\s+de\s+(?:embarque|descarga|entrega|recebimento|destino|emissao)|navio|viagem|(?:ver)?ladehafen|loschhafen|ablieferungsort|ubernahmeort|empfangsort|bestimmungsort)\s*:?$/iu.test(fold(t)) ||
    // The next numbered box, its number bare or in brackets: "6. GT/NT (Cl. 1)", "(12) Port of Loading".
    /^\(?\d{1,2}[.)]\s+\p{L}\D*$/u.test(t.replace(/(?<!^)\([^()]*\)/g, '')) ||
    // A consignment note's numbered box in two languages, its number bare: "3 Auslieferungsort des Gutes / Place of delivery of the goods".
    /^\d{1,2}\s+\p{L}\D*\s\/\s\p{L}\D*$/u.test(t)
  );
}

/**
 * Whether the words at [start, end) of a line are a name a sentence defines rather than a label: in
 * quotes ('«Vendedor»).', 'as "the Vessel")') or closed by a bracket opened on an earlier line ("the
 * Supplier)."); an abbreviation in its own brackets ("(VRN)") is still a label.
 */
export function definedTermAt(text: string, start: number, end: number): boolean {
  const before = text.slice(0, start);
  const after = text.slice(end);
  return /["“„«‹]\s*$/.test(before) || /^\s*["”»›]/.test(after) || (/^\s*\)/.test(after) && !before.includes('('));
}

/** The same label in another language, before a slash: "Nave / ", "Puerto de Descarga / ". */
// A box's number and a note in brackets may stand with it: "2 Empfänger (Name, Anschrift, Land) / ", "1 Expéditeur (nom, adresse) / ".
export const TRANSLATION_BEFORE = /^(?:\d{1,2}[.)]?\s+)?[\p{L}][\p{L} .'°-]{0,30}(?:\s*\([^()]{0,40}\))?\s?\/\s*$/u;

/** The boxes of a transport document, by their English names: one half of a label in two languages names one of them. */
const TRANSPORT_BOX = /^(?:shipper|consignee|notify(?:\s+party)?|vessel|voyage|ocean\s+vessel|marks|packages|description\s+of\s+goods|gross\s+weight|freight\s+payable\s+at|shipped\s+on\s+board|place\s+and\s+date\s+of\s+issue)\s*:?$/i;
