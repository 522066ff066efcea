// biome-ignore-all format: word lists read better packed, a paragraph a language
// The labels an invoice prints its fields under, per field, in the languages read (folded: lower case,
// no accents): parties, number, dates, totals, taxes, discounts and currency.
import { ARABIC_INVOICE_LABELS as AR } from './invoice-intl.ts';

export const SELLER_LABELS = [
  'rechnungsersteller', 'seller', 'supplier', 'vendor', 'verkaufer', 'lieferant', 'fournisseur', 'vendeur', 'emetteur', 'proveedor',
  'vendedor', 'fornitore', 'leverancier', 'issued by', 'bill from', 'invoice from', 'from', 'payee', 'exporter',
  'fornecedor', 'prestador', 'emitente', 'cedente prestatore', 'verkoper', 'sprzedawca', 'wystawca', 'продавец', 'поставщик', 'исполнитель',
  'етказиб берувчи', 'sotuvchi', 'yetkazib beruvchi', 'emisor', 'satici', 'myyja', 'εκδοτης', 'πωλητης', 'dodavatel', 'furnizor', 'prestator', 'leverandor', 'elado', 'szallito',
  'доставчик', 'продавач', 'prodavatelj', 'penjual',
  // Lithuanian, and an e-invoice printout's "Issuer" over "Receiver" (Egypt).
  'pardavejas', 'issuer',
  // Latvian, Slovenian and Serbian: "Piegādātājs", "Prodajalec", "Prodavac".
  'piegadatajs', 'prodajalec', 'prodavac', ...AR.seller,
];
export const BUYER_LABELS = [
  'kaufer leistungsempfanger', 'rechnungsempfanger', 'leistungsempfanger', 'bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to',
  'buyer', 'customer', 'client', 'kaufer', 'kunde', 'acheteur', 'destinataire', 'facturer a', 'factura a', 'cliente', 'comprador',
  'klant', 'afnemer', 'recipient', 'importer', 'to', 'aan',
  'invoice for:', 'destinatario', 'adquirente', 'faturar a', 'fatturare a', 'intestatario', 'cessionario committente', 'committente', 'koper',
  'factuuradres', 'nabywca', 'odbiorca', 'klient', 'rechnungsadresse', 'exmo', 'exma', 'exmos', 'покупатель', 'заказчик', 'плательщик',
  'сотиб олувчи', 'xaridor', 'sotib oluvchi', 'receptor', 'tomador dos servicos', 'tomador do servico', 'sayin', 'kund', 'asiakas', 'πελατης',
  'αγοραστης', 'odberatel', 'cumparator', 'fakturamottaker', 'vevo',
  // Bulgarian, Croatian and Indonesian: "Получател", "Kupac:", "Kepada Yth." (to the honourable).
  'получател', 'купувач', 'kupac', 'pembeli', 'kepada yth', 'kepada',
  // Lithuanian, an e-invoice printout's "Receiver", and a Chilean invoice's "Señor(es):" before the buyer's name.
  'pirkejas', 'receiver', 'senor(es)', 'senores',
  // Estonian "Maksja" (payer) and "Ostja", Latvian "Maksātājs" and "Pircējs", Slovenian "Kupec", Colombian "Adquiriente".
  'maksja', 'ostja', 'maksatajs', 'pircejs', 'kupec', 'adquiriente', ...AR.buyer,
];
/** "Nombre: Lucia Ferrer" over "Dirección: …": a name field where no role label names the buyer. */
export const NAME_LABELS = ['nombre', 'nome', 'name', 'nom', 'naam', 'nazwa', 'imie i nazwisko'];

export const PARTY_LABELS = [...SELLER_LABELS, ...BUYER_LABELS];

export const NUMBER_LABELS = [
  ['invoice number', 'invoice no', 'invoice nr', 'invoice #', 'invoice ref', 'rechnungsnummer', 'rechnungs nr', 'rechnung nr', 'beleg nr', 'belegnummer',
    'numero de facture', 'facture n', 'n de facture', 'numero factura', 'factura n', 'numero fattura', 'fattura n', 'factuurnummer', 'credit note number', 'credit note no',
    'numero de factura', 'n de factura', 'no factura', 'numero da fatura', 'numero de fatura', 'fatura n', 'n fatura', 'n fattura', 'numero documento',
    'document number', 'document no', 'factuur nr', 'factuurnr', 'numer faktury', 'faktura nr', 'faktura vat nr', 'bill number', 'bill no', 'invoice id',
    'receipt number', 'receipt no', 'receipt', 'statement number', 'statement no', '請求番号', '請求書番号', '請求書no', '発票号码', '发票号码', '發票號碼',
    'номер счета', 'счет-фактура №', 'фактура №', 'fatura nº', 'fatura n.º', 'n.º fatura', 'fakturanummer', 'fakturanr', 'faktura nummer', 'fatura no', 'fatura numarasi', 'laskun numero', 'szamla sorszama', 'szamlaszam', 'sorszam',
    'folio', 'αριθμος τιμολογιου', 'αριθμος', 'cislo faktury', 'cislo dokladu', 'numar factura', 'factura nr', '승인번호',
    'no faktur', 'nomor faktur', 'nomor invoice', 'racun br', 'broj racuna', 'arve nr', 'rekins nr', 'racun st', 'faktura broj', 'номер на фактура', 'фактура номер', 'номер', ...AR.number],
  [...AR.title, 'invoice', 'rechnung', 'facture', 'factura', 'fattura', 'factuur', 'avoir', 'credit note', 'gutschrift', 'arve', 'rekins', 'racun', 'faktura'],
];
export const DATE_LABELS = [
  ['invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued on', 'rechnungsdatum', 'beleg datum', 'belegdatum', 'date de facture', 'date facture',
    'fecha de factura', 'fecha factura', 'data fattura', 'data della fattura', 'factuurdatum', 'tax point', 'credit note date',
    'fecha de emision', 'fecha emision', 'data de emissao', 'data da emissao', 'data emissao', 'data da fatura', 'data documento', 'data wystawienia',
    'date d emission', 'date de la facture', 'bill date', 'document date', 'fakturadatum', 'fakturadato', 'fatura tarihi', 'laskun paivays', 'laskun paiva',
    'ημερομηνια εκδοσης', 'emissao', 'datum vystaveni', 'data emiterii', 'data emitere', 'data facturii', 'udstedelsesdato', '発行日', '請求日', '請求書発行日', '开票日期', '開票日期', '작성일자', 'дата счета', ...AR.issueDate],
  ['date', 'datum', 'dated', 'fecha', 'data', 'tarih', 'ημερομηνια', ...AR.date],
];
/** Words before a bare "Date" that make it another date than the invoice's. */
export const NOT_ISSUE_DATE = /(due|payment|delivery|ship(ping)?|order|service|expiry|birth|start|end|faellig|fallig|liefer|leistungs|echeance|livraison|vencimiento|entrega|scadenza|consegna|vervaldag|levering|vencimento|termin|forfallo|forfalls|forfalds|erapaiva|odeme|splatnosti|scadentei|ληξης?)[\s.:_-]*$/;
// Polish labels come twice: OCR without the Polish model reads "ł" as "t" ("termin ptatnosci", "do zaptaty").
export const DUE_LABELS = [['due date', 'payment due', 'date d echeance', 'echeance', 'falligkeitsdatum', 'fallig am', 'zahlbar bis', 'pay by', 'payable by', 'due by', 'fecha de vencimiento', 'scadenza',
  'data de vencimento', 'vencimento', 'fecha vencimiento', 'data scadenza', 'vervaldatum', 'vervaldag', 'termin platnosci', 'termin ptatnosci', 'date limite de paiement', 'payment due date', 'vencimiento', 'forfallodatum', 'forfallsdato',
  'forfaldsdato', 'datum splatnosti', 'splatnost', 'jatuh tempo', 'datum dospijeca', 'rok placanja', 'падеж', 'срок на плащане', 'срок за плащане', 'оплатить не позднее', 'срок оплаты', 'data scadentei', 'data scadenta', 'scadenta', 'termen de plata', 'betalingsfrist', 'erapaiva', 'fizetesi hatarido', 'son odeme tarihi', 'odeme tarihi', 'ληξη πληρωμης', 'ημερομηνια ληξης', '支払期限日', '支払期限', 'お支払期限', '支払期日', '振込期限',
  // Lithuanian "Apmokėti iki" (to be paid by) and Argentine "Fecha de Vto. para el pago" (not the "Vto. de CAE", the authorisation's expiry).
  'apmoketi iki', 'fecha de vto para el pago', 'vto para el pago',
  // Estonian "Maksetähtaeg", Latvian "Apmaksas termiņš", Slovenian "Datum zapadlosti" and Serbian "Valuta plaćanja" (the day payment is due).
  'maksetahtaeg', 'apmaksas termins', 'datum zapadlosti', 'rok placila', 'valuta placanja', ...AR.dueDate]];
export const GROSS_LABELS = [
  ['grand total', 'invoice total', 'total ttc', 'bruttosumme', 'rechnungssumme brutto', 'summe brutto', 'rechnungsbetrag', 'rechnungsbeitrag', 'total amount',
    'total incl vat', 'total including vat', 'total inc vat', 'total gross', 'gross total', 'gesamtbetrag', 'endbetrag', 'importe total', 'totale fattura', 'totaal',
    'montant ttc', 'montante ttc', 'total a pagar', 'importe a pagar', 'totale documento', 'totale da pagare', 'valor total', 'totaalbedrag',
    'valor a pagar', 'total do documento', 'total da fatura', 'razem do zaplaty', 'kwota do zaplaty', 'razem do zaptaty', 'kwota do zaptaty', 'summa att betala',
    '御請求額', '請求金額', 'ご請求金額', '総計', '价税合计', '價稅合計', '합계금액', 'всего к оплате', 'итого к оплате', 'att betala', 'celkem k uhrade', 'k uhrade',
    'totaal te betalen', 'eindtotaal', 'gesamtsumme', 'odenecek tutar', 'genel toplam', 'πληρωτεο ποσο', 'γενικο συνολο',
    'total credit', 'a betale', 'at betale', 'total de plata', 'total de plata cu tva', 'brutto vegosszeg', 'fizetendo osszeg', 'vegosszeg',
    'maksettava yhteensa', 'laskun loppusumma', 'total tagihan', 'jumlah tagihan', 'ukupno za platiti', 'za platiti', 'ukupan iznos', 'сума за плащане', 'обща сума',
    'tasuda kokku', 'kokku tasuda', 'kopa apmaksai', 'kopa apmaksai eur', 'za placilo', 'skupaj za placilo', 'ukupno za uplatu',
    ...AR.grandTotal],
  ['total', 'summe', 'gesamt', 'totale', 'razem', 'celkem', 'summa', 'totalt', 'i alt', 'yhteensa', 'osszesen', '合計', '合计', 'итого', 'жами', 'всего', ...AR.total],
  ['total due', 'amount due', 'balance due', 'due payable', 'zahlbetrag', 'zu zahlen', 'solde a payer', 'net a payer', 'amount payable', 'a pagar', 'pagar', 'da pagare', 'a payer', 'te betalen', 'do zaplaty', 'do zaptaty', ...AR.amountDue],
];
export const NET_LABELS = [
  ['subtotal', 'sub total', 'net total', 'total net', 'net amount', 'total before tax', 'total excl vat', 'total excluding vat', 'total ht', 'montant ht',
    'nettobetrag', 'summe netto', 'rechnungssumme netto', 'rechnungssumme ohne ust', 'warenwert netto', 'nettosumme', 'totale imponibile', 'base imponible',
    'subtotale', 'imponibile', 'zwischensumme', 'sous total', 'total liquido', 'subtotaal', 'totaal excl btw', 'valor liquido', 'total sem iva', 'total sin iva',
    'wartosc netto', 'razem netto', 'suma netto', 'nettobelopp', 'zaklad dane', 'zaklad dph', 'total fara tva', 'sum eks mva', 'total eks mva',
    'total ekskl moms', 'subtotal uden moms', 'veroton yhteensa', 'netto osszesen', 'netto ertek', 'osnovica', 'данъчна основа', 'dasar pengenaan pajak', ...AR.net],
];
export const TAX_LABELS = [
  ['total tax', 'tax total', 'total taxes', 'total vat', 'vat total', 'vat amount', 'tax amount', 'ust gesamt', 'steuerbetrag', 'umsatzsteuer betrag',
    'mwst betrag', 'montant tva', 'total tva', 'iva total', 'totale iva', 'versicherungsteuer', 'total iva', 'imposta iva', 'importe iva', 'cuota iva', 'btw bedrag', 'totaal btw',
    'valor do iva', 'total do iva', 'kwota vat', 'razem vat', 'podatek vat', 'summa moms', 'dph celkem', ...AR.taxTotal],
  ['vat', 'tax', 'ust', 'umsatzsteuer', 'mwst', 'tva', 'iva', 'b t w', 'moms', 'mva', 'alv', 'dph', 'kdv', 'afa', 'ppn', 'pdv', 'ддс', 'ндс'],
];
/** Words of tax rows: a row carrying one is not the grand total. */
export const TAX_WORDS = ['tax', 'taxes', 'vat', 'ust', 'steuer', 'tva', 'iva', 'b t w', 'mwst', 'imposta', 'impuesto', 'moms', 'mva', 'alv', 'dph', 'kdv', 'afa', 'ppn', 'pdv', 'ддс', 'ндс', ...AR.taxWords];
export const NOT_GROSS = [...AR.notGross, 'net', 'netto', 'veroton', 'ht', 'subtotal', 'sub total', ...TAX_WORDS, 'before', 'excl', 'exkl', 'ohne', 'bez', 'positionssumme', 'zuschlage', 'abschlage', 'subtotale', 'imponibile', 'zwischensumme', 'liquido', 'subtotaal'];
/** Rows that are not line items: totals, taxes, bank and contact details, page footers. */
export const SKIP_IN_LINES = [...GROSS_LABELS.flat(), ...NET_LABELS.flat(), ...TAX_LABELS.flat(), 'iban', 'balance', 'saldo', 'page', 'seite', 'payment', 'zahlung', 'tel', 'phone', 'fax'];
export const NOT_GROSS_NOR_TAX = NOT_GROSS.filter((w) => !TAX_WORDS.includes(w));
/** Rows with a tax word that are not a tax amount: bases, rates, and tax ids ("BTW Nummer", "Partita IVA", "N° TVA"). */
export const NOT_TAX = ['net', 'netto', 'incl', 'inkl', 'including', 'ttc', 'brutto', 'id', 'idnr', 'nr', 'number', 'no', 'reg', 'identnr', 'basis', 'base', 'satz', 'rate', 'intracommunautaire',
  'nummer', 'numero', 'partita', 'registration', 'nif', 'cif',
  // A tax's base, not its amount: "Základ DPH", "Total fără TVA", "Sum eks. mva", "Cena bez DPH".
  'zaklad', 'fara', 'eks', 'ekskl', 'excl', 'exkl', 'uden', 'utan', 'bez', 'sans', 'sin', 'senza', 'zonder'];
/** Discounts and allowances on the whole invoice, which the total is below its net by. */
export const DISCOUNT_LABELS = ['discount', 'rabatt', 'nachlass', 'remise', 'descuento', 'sconto', 'korting', 'desconto', 'rabat', 'скидка', 'chegirma', '値引き', '割引', '折扣', ...AR.discount];
export const CURRENCY_LABELS = [['rechnungswahrung', 'invoice currency', 'currency', 'wahrung', 'devise', 'moneda', 'valuta', 'betrage in', 'amounts in', 'all amounts in']];
