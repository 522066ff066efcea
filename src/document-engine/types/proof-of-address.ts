// biome-ignore-all format: word lists read better packed, a paragraph a language
// The proof of address document type: a utility bill or a bank's letter showing where the holder is found.
import { Type } from '@sinclair/typebox';
import type { ProofOfAddressFields } from '../extract/fields.ts';
import { extractProofOfAddress } from '../extract/finance.ts';
import { Day, Period, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const proofOfAddress: DocumentTypePlugin<'proof_of_address', ProofOfAddressFields> = {
  type: 'proof_of_address',
  label: 'proof of address',
  requests: ['proof_of_address', 'company_proof_of_address', 'utility_bill'],
  modules: ['company_proof_of_address'],
  keywords: [
    ['utility bill', 6], ['electricity', 3], ['electricity bill', 5], ['gas bill', 5], ['water bill', 5], ['energy bill', 5],
    ['meter reading', 4], ['meter number', 3], ['kwh', 3], ['supply address', 4], ['service address', 3], ['billing period', 1],
    ['broadband', 2], ['council tax', 4], ['stromrechnung', 5], ['gasrechnung', 5], ['strom', 2], ['zählerstand', 4], ['zählernummer', 3],
    ['lieferstelle', 3], ['facture d électricité', 5], ['relevé de compteur', 4], ['point de livraison', 3], ['factura de luz', 5],
    ['lectura del contador', 4], ['bolletta', 4], ['lettura del contatore', 4], ['energierekening', 5], ['meterstand', 4],
    ['fatura de eletricidade', 5], ['leitura do contador', 4], ['stan licznika', 4], ['proof of address', 6], ['confirmation of address', 6],
    ['address confirmation', 6], ['to whom it may concern', 2], ['we confirm that', 2], ['we hereby confirm', 2], ['registered address', 1],
    ['maintains an account', 3], ['bank reference', 3], ['electric service', 3], ['gas service', 3], ['water service', 3], ['meter read', 3],
    ['service at premise', 4], ['premise', 1], ['energy charges', 3], ['delivery charges', 2], ['supply charges', 2], ['usage history', 3], ['therms', 3],
    ['kwh usage', 3], ['date bill issued', 4], ['bill date', 2], ['bill period', 3], ['account number', 1], ['previous reading', 3],
    ['current reading', 3], ['units consumed', 3], ['الطاقة الكهربائية', 4], ['استهلاك', 3], ['الكهرباء', 3], ['القراءة الحالية', 4],
    ['القراءة السابقة', 4], ['رقم العداد', 3], ['قراءة العداد', 4], ['consumer no', 3], ['ht c c bill', 4], ['tariff', 2], ['outages', 2], ['emergencies', 1],
    // Telephone and internet bills, and the words of energy bills per language.
    ['phone bill', 5], ['telephone bill', 5], ['mobile bill', 4], ['internet bill', 4], ['broadband bill', 5], ['facture mobile', 4], ['facture internet', 4],
    ['ligne mobile', 2], ['forfait', 2], ['fibre', 1], ['handyrechnung', 5], ['telefonrechnung', 5], ['factura de telefono', 5], ['factura movil', 4],
    ['bolletta telefonica', 5], ['telefoonrekening', 5], ['rachunek za telefon', 5], ['jaarafrekening', 4], ['leveringsadres', 3], ['verbruik', 2],
    ['vastrecht', 2], ['netbeheer', 2], ['termijnbedrag', 2], ['ean code', 2], ['stroom', 2],
    // Water, gas, mobile and internet bills of more countries and languages.
    ['water and sewerage', 4], ['sewerage', 3], ['water usage', 3], ['postpaid', 3], ['mobile no', 2], ['internet', 1], ['fatura de água', 5],
    ['local de consumo', 3], ['gas naturale', 2], ['codice pdr', 3], ['laskutuskausi', 3], ['liittymä', 3], ['puhelut', 2], ['kuukausimaksu', 3], ['elräkning', 5],
    ['förbrukning', 2], ['strømregning', 5], ['forbruk', 2], ['sähkölasku', 5], ['factura de agua', 5], ['recibo de luz', 5],
    // Telephone bills titled "Rechnung" and energy bills titled "Facture", which read as invoices by their title alone.
    ['festnetz', 3], ['mobilfunk', 3], ['telekommunikation', 2], ['verbindungen', 2], ['monatliche beträge', 2], ['électricité', 3],
    ['période de consommation', 3], ['adresse de fourniture', 4], ['code ean', 3], ['facture de régularisation', 4], ['acomptes', 2], ['consommation', 2],
    // Hungarian and Brazilian energy bills, which read as invoices ("Számla", "Conta") by their title alone.
    ['villamos energia', 3], ['elszámolási időszak', 3], ['felhasználási hely', 4], ['fogyasztási hely', 4], ['conta de energia', 5],
    ['energia elétrica', 3], ['conta de luz', 5], ['nº da instalação', 3], ['período de consumo', 3],
    // The street-lighting levy Latin American energy bills carry, and a Mexican bill's period.
    ['alumbrado público', 3], ['iluminação pública', 3], ['periodo facturado', 3], ['aviso recibo', 4],
    // Polish, Czech and Greek bills, which name the supply point and the consumption period in their own words (a Polish
    // gas bill is titled "Faktura VAT").
    ['paliwo gazowe', 4], ['punkt poboru', 4], ['opłata abonamentowa', 2], ['opłata sieciowa', 2], ['energia elektryczna', 3],
    ['vyúčtování', 4], ['odběrné místo', 4], ['odběrného místa', 4], ['zúčtovací období', 3], ['vodné', 3], ['stočné', 3], ['elektřina', 3],
    ['λογαριασμός ρεύματος', 5], ['λογαριασμός κατανάλωσης', 5], ['περίοδος κατανάλωσης', 3], ['αρ. παροχής', 3], ['ρεύματος', 2], ['κατανάλωση', 2],
    // Spanish-speaking countries' and Morocco's electricity, water and gas bills, which read as invoices by their title ("Factura B",
    // "Boleta", "Facture"): the service billed, the meter's readings, the fixed charge, a Colombian bill's social stratum.
    ['energía eléctrica', 3], ['recibo de electricidad', 5], ['lectura anterior', 3], ['lectura actual', 3], ['cargo fijo', 2],
    ['agua potable', 3], ['alcantarillado', 3], ['aguas servidas', 3], ['servicios públicos', 3], ['gas natural', 2], ['estrato', 2],
    ["facture d'eau", 5], ['eau potable', 3], ['assainissement', 3],
  ],
  schema: Type.Object({
    kind: Type.Union([Type.Literal('utility_bill'), Type.Literal('bank_letter'), Type.Literal('other')], { default: 'other' }),
    holder: Text,
    address: Text,
    issuer: Text,
    issue_date: Day,
    period: Period,
  }),
  outranks: { type: 'invoice', from: 7, unlessEInvoice: true },
  extract: (_doc, d) => extractProofOfAddress(d),
  keyFacts: (f) => [f.holder, f.address, f.issue_date ?? f.period].map(has),
  issueDate: (f) => f.issue_date ?? null,
};
