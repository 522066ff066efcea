// Words and phrases that point to each document type, in the languages clients send most (English,
// German, French, Spanish, Italian, Dutch), folded (lower case, no accents). Weights: 5 names the type
// outright, 3 is typical of it, 1 is a hint shared with other types.
import type { DocType } from '../document-types.ts';

export type Keywords = [phrase: string, weight: number][];

export const KEYWORDS: Partial<Record<DocType, Keywords>> = {
  invoice: [
    ['invoice', 4], ['tax invoice', 5], ['commercial invoice', 5], ['proforma invoice', 4], ['rechnung', 4], ['facture', 4], ['factura', 4],
    ['fattura', 4], ['factuur', 4], ['faktura', 4], ['credit note', 4], ['gutschrift', 3], ['avoir', 3], ['invoice number', 3],
    ['invoice no', 3], ['invoice date', 3], ['rechnungsnummer', 3], ['rechnungsdatum', 3], ['date de facture', 3], ['bill to', 3],
    ['invoice to', 3], ['sold to', 2], ['amount due', 2], ['total due', 2], ['subtotal', 2], ['nettobetrag', 2], ['bruttosumme', 3],
    ['total ttc', 3], ['total ht', 3], ['vat', 1], ['ust', 1], ['mwst', 1], ['tva', 1], ['due date', 1], ['payment terms', 1],
    ['zahlbar', 1], ['handelsrechnung', 5], ['rechnungsbetrag', 3], ['belegsummen', 3], ['unit price', 2], ['qty', 1],
  ],
  contract: [
    ['contract', 4], ['agreement', 3], ['vertrag', 4], ['contrat', 4], ['contrato', 4], ['contratto', 4], ['overeenkomst', 4],
    ['sales contract', 5], ['purchase agreement', 5], ['supply agreement', 5], ['service agreement', 5], ['framework agreement', 5],
    ['kaufvertrag', 5], ['liefervertrag', 5], ['the parties', 2], ['hereinafter', 3], ['whereas', 3], ['in witness whereof', 3],
    ['governing law', 3], ['termination', 1], ['entered into', 2], ['signed for and on behalf', 2], ['by and between', 3],
    ['the seller', 1], ['the buyer', 1], ['obligations', 1], ['effective date', 1],
  ],
  charter_agreement: [
    ['charter party', 6], ['charterparty', 6], ['time charter', 6], ['voyage charter', 6], ['charter agreement', 6], ['charterer', 4],
    ['charterers', 4], ['laycan', 4], ['laytime', 4], ['demurrage', 3], ['gencon', 5], ['dwt', 2], ['imo', 1], ['vessel', 1],
    ['loading port', 1], ['discharging port', 1], ['owners', 1], ['freight', 1],
  ],
  bill_of_lading: [
    ['bill of lading', 7], ['b l no', 4], ['bl no', 3], ['connaissement', 6], ['konnossement', 6], ['shipper', 3], ['consignee', 3],
    ['notify party', 4], ['port of loading', 3], ['port of discharge', 3], ['place of receipt', 3], ['shipped on board', 4],
    ['freight prepaid', 2], ['freight collect', 2], ['number of original', 3], ['container', 1], ['gross weight', 1], ['vessel', 1], ['voyage', 1],
  ],
  bank_statement: [
    ['bank statement', 6], ['statement of account', 6], ['account statement', 6], ['kontoauszug', 6], ['releve de compte', 6],
    ['extracto bancario', 6], ['estratto conto', 6], ['opening balance', 4], ['closing balance', 4], ['balance brought forward', 4],
    ['balance carried forward', 4], ['alter kontostand', 4], ['neuer kontostand', 4], ['solde initial', 4], ['solde final', 4],
    ['statement period', 3], ['account holder', 2], ['sort code', 2], ['debit', 1], ['credit', 1], ['balance', 1], ['iban', 1],
  ],
  proof_of_address: [
    ['utility bill', 6], ['electricity', 3], ['electricity bill', 5], ['gas bill', 5], ['water bill', 5], ['energy bill', 5],
    ['meter reading', 4], ['meter number', 3], ['kwh', 3], ['supply address', 4], ['service address', 3], ['billing period', 1],
    ['broadband', 2], ['council tax', 4], ['stromrechnung', 5], ['strom', 2], ['zahlerstand', 4], ['facture d electricite', 5],
    ['proof of address', 6], ['confirmation of address', 6], ['address confirmation', 6], ['to whom it may concern', 2],
    ['we confirm that', 2], ['we hereby confirm', 2], ['registered address', 1], ['maintains an account', 3], ['bank reference', 3],
  ],
  certificate_of_incorporation: [
    ['certificate of incorporation', 7], ['is this day incorporated', 6], ['hereby certify', 3], ['incorporated under', 3],
    ['companies act', 3], ['registrar of companies', 3], ['certificate of registration', 5], ['certificat d immatriculation', 5],
    ['limited by shares', 1], ['given under my hand', 3],
  ],
  register_extract: [
    ['register extract', 6], ['extract from the register', 6], ['commercial register', 5], ['companies register', 4], ['company register', 4],
    ['handelsregister', 4], ['handelsregisterauszug', 6], ['registre du commerce', 5], ['extrait kbis', 6], ['kbis', 4],
    ['registergericht', 3], ['amtsgericht', 2], ['aktueller abdruck', 4], ['chronologischer abdruck', 4], ['company status', 3],
    ['date of incorporation', 2], ['registered office', 1], ['company number', 2], ['registration number', 1], ['officers', 1],
    ['business register', 4], ['trade register', 4], ['kamer van koophandel', 5],
  ],
  articles_of_association: [
    ['articles of association', 7], ['memorandum of association', 6], ['memorandum and articles', 6], ['bylaws', 6], ['by laws', 5],
    ['satzung', 6], ['gesellschaftsvertrag', 5], ['statuts', 6], ['estatutos', 6], ['statuto', 5], ['general meeting', 2],
    ['share capital', 1], ['objects of the company', 3], ['board of directors', 1], ['interpretation', 1], ['model articles', 5],
  ],
  shareholder_register: [
    ['register of members', 6], ['shareholder register', 6], ['register of shareholders', 6], ['shareholders register', 6],
    ['share register', 5], ['gesellschafterliste', 6], ['list of shareholders', 5], ['registre des actionnaires', 6], ['number of shares', 3],
    ['shares held', 3], ['class of shares', 2], ['shareholder', 2], ['nominal value', 1],
  ],
  license: [
    ['licence', 4], ['license', 4], ['licence number', 4], ['license number', 4], ['licence no', 4], ['license no', 4], ['permit', 3],
    ['licensee', 4], ['licence holder', 4], ['license holder', 4], ['hereby authorised', 3], ['hereby authorized', 3], ['authorisation', 2],
    ['authorization', 2], ['gewerbeerlaubnis', 5], ['erlaubnis', 3], ['genehmigung', 3], ['autorisation', 3], ['agrement', 2],
    ['licensing authority', 4], ['valid until', 1], ['issued by', 1],
  ],
  insurance_policy: [
    ['insurance policy', 6], ['policy schedule', 5], ['certificate of insurance', 6], ['policy number', 4], ['policyholder', 4],
    ['policy holder', 4], ['sum insured', 4], ['insured', 2], ['insurer', 3], ['premium', 2], ['period of insurance', 4], ['cover', 1],
    ['versicherungsschein', 6], ['versicherungsnehmer', 4], ['police d assurance', 6], ['assure', 2], ['deductible', 2], ['excess', 1],
    ['limit of indemnity', 3], ['insurance', 2],
  ],
  proof_of_identity: [
    ['passport', 5], ['passeport', 5], ['reisepass', 5], ['identity card', 5], ['carte nationale d identite', 5], ['personalausweis', 5],
    ['date of birth', 2], ['nationality', 2], ['place of birth', 2], ['date of expiry', 2], ['surname', 2], ['given names', 2], ['sex', 1],
  ],
};

/** Types whose title on the first lines settles the question (a title outweighs body words). */
export const TITLE_BONUS = 2;
