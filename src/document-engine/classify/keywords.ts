// biome-ignore-all format: word lists read better packed, a paragraph a language
// Words and phrases that point to each document type, in the languages clients send most (English,
// German, French, Spanish, Italian, Dutch, Portuguese, Polish), written as they are printed: they are
// folded (lower case, no accents) before matching. Weights: 5 names the type outright, 3 is typical of
// it, 1 is a hint shared with other types. A phrase starting with "*" matches the end of a word
// (German and Dutch compounds: "*vertrag" is in "Lizenzvertrag"). The optional third number is what
// the phrase adds when it stands in the document's title (by default twice its weight from 4 up):
// a title line "… Agreement" makes a contract even when the body speaks of a licence.
import type { DocType } from '../document-types.ts';

export type Keywords = [phrase: string, weight: number, title?: number][];

/** Title points of a phrase without an explicit third number. */
export const TITLE_BONUS = 2;

export const KEYWORDS: Partial<Record<DocType, Keywords>> = {
  invoice: [
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
  ],
  contract: [
    // English
    ['contract', 4, 12], ['agreement', 3, 12], ['sales contract', 5], ['purchase agreement', 5], ['supply agreement', 5], ['service agreement', 5],
    ['framework agreement', 5], ['lease agreement', 5], ['license agreement', 5], ['licence agreement', 5], ['memorandum of understanding', 5],
    ['hereinafter', 3], ['whereas', 3], ['in witness whereof', 3], ['witnesseth', 3], ['now therefore', 3], ['agree as follows', 3],
    ['governing law', 3], ['by and between', 3], ['licensor', 3], ['the parties', 2], ['entered into', 2], ['signed for and on behalf', 2],
    ['in consideration of', 2], ['hereby agree', 2], ['party a', 2], ['party b', 2], ['first party', 2], ['second party', 2], ['indemnify', 2],
    ['termination', 1], ['the seller', 1], ['the buyer', 1], ['obligations', 1], ['effective date', 1], ['confidentiality', 1],
    // German
    ['*vertrag', 4, 12], ['*vereinbarung', 3, 12], ['kaufvertrag', 5], ['liefervertrag', 5], ['vertragsparteien', 3], ['vertragsgegenstand', 3],
    ['im folgenden', 2], ['gerichtsstand', 2], ['auftraggeber', 2], ['auftragnehmer', 2], ['schlussbestimmungen', 2], ['kündigung', 1],
    // French
    ['contrat', 4, 12], ['convention', 2, 8], ['entre les soussignés', 3], ['ci après dénommé', 3], ['il a été convenu', 3], ['objet du contrat', 3],
    ['les parties', 2], ['droit applicable', 2], ['résiliation', 1],
    // Spanish
    ['contrato', 4, 12], ['acuerdo', 3, 12], ['convenio', 3, 12], ['en adelante', 3], ['exponen', 3], ['objeto del contrato', 3], ['las partes', 2],
    ['reunidos', 2], ['cláusulas', 2], ['ley aplicable', 2],
    // Italian
    ['contratto', 4, 12], ['accordo', 3, 12], ['premesso che', 3], ['si conviene', 3], ['oggetto del contratto', 3], ['le parti', 2],
    ['di seguito', 2], ['legge applicabile', 2], ['recesso', 1],
    // Dutch
    ['*overeenkomst', 4, 12], ['hierna te noemen', 3], ['in aanmerking nemende', 3], ['komen overeen', 3], ['ondergetekenden', 3], ['partijen', 2],
    ['toepasselijk recht', 2],
    // Portuguese
    ['acordo', 3, 12], ['doravante', 3], ['contratante', 3], ['contratada', 3], ['as partes', 2], ['cláusula', 1],
    // Polish
    ['umowa', 4, 12], ['zwana dalej', 3], ['zwanym dalej', 3], ['przedmiot umowy', 3], ['zawarta', 2], ['zamawiający', 2], ['wykonawca', 2], ['strony', 1],
  ],
  charter_agreement: [
    ['charter party', 6], ['charterparty', 6], ['time charter', 6], ['voyage charter', 6], ['charter agreement', 6], ['charterer', 4],
    ['charterers', 4], ['laycan', 4], ['laytime', 4], ['demurrage', 3], ['gencon', 5], ['dwt', 2], ['imo', 1], ['vessel', 1],
    ['loading port', 1], ['discharging port', 1], ['owners', 1], ['freight', 1], ['chartepartie', 6], ['affrètement', 4], ['befrachter', 4],
    ['fletamento', 4], ['noleggio', 2], ['bevrachting', 4], ['czarter', 4],
  ],
  bill_of_lading: [
    ['bill of lading', 7], ['b l no', 4], ['bl no', 3], ['connaissement', 6], ['konnossement', 6], ['conocimiento de embarque', 6],
    ['polizza di carico', 6], ['cognossement', 6], ['conhecimento de embarque', 6], ['konosament', 6], ['shipper', 3], ['consignee', 3],
    ['notify party', 4], ['port of loading', 3], ['port of discharge', 3], ['place of receipt', 3], ['shipped on board', 4],
    ['freight prepaid', 2], ['freight collect', 2], ['number of original', 3], ['container', 1], ['gross weight', 1], ['vessel', 1], ['voyage', 1],
  ],
  bank_statement: [
    ['bank statement', 6], ['statement of account', 6], ['account statement', 6], ['kontoauszug', 6], ['relevé de compte', 6],
    ['extracto bancario', 6], ['extracto de cuenta', 6], ['estratto conto', 6], ['rekeningafschrift', 6], ['bankafschrift', 6],
    ['extrato bancário', 6], ['extrato de conta', 6], ['wyciąg bankowy', 6], ['wyciąg z rachunku', 6], ['opening balance', 4],
    ['closing balance', 4], ['balance brought forward', 4], ['balance carried forward', 4], ['alter kontostand', 4], ['neuer kontostand', 4],
    ['solde initial', 4], ['solde final', 4], ['saldo inicial', 4], ['saldo final', 4], ['saldo iniziale', 4], ['saldo finale', 4],
    ['beginsaldo', 4], ['eindsaldo', 4], ['saldo początkowe', 4], ['saldo końcowe', 4], ['statement period', 3], ['account holder', 2],
    ['sort code', 2], ['debit', 1], ['credit', 1], ['balance', 1], ['iban', 1],
  ],
  proof_of_address: [
    ['utility bill', 6], ['electricity', 3], ['electricity bill', 5], ['gas bill', 5], ['water bill', 5], ['energy bill', 5],
    ['meter reading', 4], ['meter number', 3], ['kwh', 3], ['supply address', 4], ['service address', 3], ['billing period', 1],
    ['broadband', 2], ['council tax', 4], ['stromrechnung', 5], ['gasrechnung', 5], ['strom', 2], ['zählerstand', 4], ['zählernummer', 3],
    ['lieferstelle', 3], ['facture d électricité', 5], ['relevé de compteur', 4], ['point de livraison', 3], ['factura de luz', 5],
    ['lectura del contador', 4], ['bolletta', 4], ['lettura del contatore', 4], ['energierekening', 5], ['meterstand', 4],
    ['fatura de eletricidade', 5], ['leitura do contador', 4], ['stan licznika', 4], ['proof of address', 6], ['confirmation of address', 6],
    ['address confirmation', 6], ['to whom it may concern', 2], ['we confirm that', 2], ['we hereby confirm', 2], ['registered address', 1],
    ['maintains an account', 3], ['bank reference', 3],
  ],
  certificate_of_incorporation: [
    ['certificate of incorporation', 7], ['is this day incorporated', 6], ['hereby certify', 3], ['incorporated under', 3],
    ['companies act', 3], ['registrar of companies', 3], ['certificate of registration', 5], ['certificat d immatriculation', 5],
    ['limited by shares', 1], ['given under my hand', 3], ['certificat de constitution', 6], ['certificado de constitución', 6],
    ['certificato di costituzione', 6], ['akte van oprichting', 5], ['certidão de constituição', 6], ['gründungsurkunde', 6],
  ],
  register_extract: [
    ['register extract', 6], ['extract from the register', 6], ['commercial register', 5], ['companies register', 4], ['company register', 4],
    ['handelsregister', 4], ['handelsregisterauszug', 6], ['registre du commerce', 5], ['extrait kbis', 6], ['kbis', 4],
    ['registergericht', 3], ['amtsgericht', 2], ['aktueller abdruck', 4], ['chronologischer abdruck', 4], ['company status', 3],
    ['date of incorporation', 2], ['registered office', 1], ['company number', 2], ['registration number', 1], ['officers', 1],
    ['business register', 4], ['trade register', 4], ['kamer van koophandel', 5], ['uittreksel handelsregister', 6],
    ['registro mercantil', 5], ['registro delle imprese', 5], ['visura camerale', 6], ['certidão permanente', 6], ['odpis z krs', 6],
    ['krajowy rejestr sądowy', 5],
  ],
  articles_of_association: [
    ['articles of association', 7], ['memorandum of association', 6], ['memorandum and articles', 6], ['bylaws', 6], ['by laws', 5],
    ['satzung', 6], ['gesellschaftsvertrag', 5], ['statuts', 6], ['estatutos', 6], ['statuto', 5], ['statuten', 6], ['statut spółki', 6],
    ['general meeting', 2], ['share capital', 1], ['objects of the company', 3], ['board of directors', 1], ['interpretation', 1],
    ['model articles', 5], ['atto costitutivo', 5], ['acte constitutif', 5], ['contrato social', 6, 16], ['umowa spółki', 6, 16],
  ],
  shareholder_register: [
    ['register of members', 6], ['shareholder register', 6], ['register of shareholders', 6], ['shareholders register', 6],
    ['share register', 5], ['gesellschafterliste', 6], ['list of shareholders', 5], ['registre des actionnaires', 6],
    ['libro soci', 6], ['aandeelhoudersregister', 6], ['księga udziałów', 6], ['number of shares', 3], ['shares held', 3],
    ['class of shares', 2], ['shareholder', 2], ['nominal value', 1],
  ],
  license: [
    ['licence', 4], ['license', 4], ['licence number', 4], ['license number', 4], ['licence no', 4], ['license no', 4], ['permit', 3],
    ['licensee', 4], ['licence holder', 4], ['license holder', 4], ['hereby authorised', 3], ['hereby authorized', 3], ['authorisation', 2],
    ['authorization', 2], ['gewerbeerlaubnis', 5], ['erlaubnis', 3], ['genehmigung', 3], ['lizenz', 4], ['konzession', 4],
    ['autorisation', 3], ['agrément', 2], ['licencia', 4], ['licenza', 4], ['vergunning', 4], ['licença', 4], ['alvará', 4],
    ['licencja', 4], ['zezwolenie', 4], ['koncesja', 4], ['licensing authority', 4], ['valid until', 1], ['issued by', 1],
  ],
  insurance_policy: [
    ['insurance policy', 6], ['policy schedule', 5], ['certificate of insurance', 6], ['policy number', 4], ['policyholder', 4],
    ['policy holder', 4], ['sum insured', 4], ['insured', 2], ['insurer', 3], ['premium', 2], ['period of insurance', 4], ['cover', 1],
    ['versicherungsschein', 6], ['versicherungsnehmer', 4], ['police d assurance', 6], ['assuré', 2], ['póliza de seguro', 6],
    ['polizza assicurativa', 6], ['verzekeringspolis', 6], ['versicherungsvertrag', 5], ['apólice de seguro', 6], ['polisa ubezpieczeniowa', 6], ['deductible', 2],
    ['excess', 1], ['limit of indemnity', 3], ['insurance', 2], ['versicherungspolice', 6], ['attestation d assurance', 6],
    ['polisa', 4], ['seguro', 2], ['assicurazione', 2], ['verzekering', 2], ['ubezpieczenie', 2], ['versicherung', 2],
  ],
  proof_of_identity: [
    ['passport', 5], ['passeport', 5], ['reisepass', 5], ['identity card', 5], ['carte nationale d identite', 5], ['personalausweis', 5],
    ['pasaporte', 5], ['passaporto', 5], ['paspoort', 5], ['paszport', 5], ['carte d identite', 5], ['documento de identidad', 5],
    ['documento nacional de identidad', 5], ['carta d identita', 5], ['identiteitskaart', 5], ['dowod osobisty', 5], ['identity document', 4],
    ['driving licence', 7], ['driving license', 7], ['driver license', 7], ['drivers license', 7], ['driver s license', 7], ['fuhrerschein', 7],
    ['permis de conduire', 7], ['permiso de conducir', 7], ['permiso de conduccion', 7], ['patente di guida', 7], ['rijbewijs', 7], ['prawo jazdy', 7],
    ['passport no', 3], ['date of issue', 1], ['holder s signature', 2], ['fecha de nacimiento', 2], ['date de naissance', 2], ['geburtsdatum', 2],
    ['date of birth', 2], ['nationality', 2], ['place of birth', 2], ['date of expiry', 2], ['surname', 2], ['given names', 2], ['sex', 1],
  ],
};
