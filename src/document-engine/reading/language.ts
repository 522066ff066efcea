// Tells the main language of a text from its most common short words. Deterministic, no model:
// enough to route a document to the right patterns (dates, amounts, labels).

const STOP_WORDS: Record<string, string> = {
  en: 'the and of to in for is on that with by this are be as at from or it an was we you your our not have has will all per please invoice date total amount due payment',
  de: 'der die das und ist nicht ein eine einer eines mit von zu den dem des auf für im sich auch als bei nach wir sie ihre ihr oder wird sind bitte rechnung datum betrag gesamt zahlung mehrwertsteuer',
  fr: 'le la les et des est une un pour que dans du en au aux sur par pas qui nous vous votre avec ce cette sont ou facture montant total paiement date tva',
  es: 'el la los las y de que en un una es por para con no del al se su sus lo como más pero este esta factura importe fecha pago iva total',
  it: 'il lo la gli le di che e è un una per con non del della dei delle al alla sono come anche questo questa fattura importo data pagamento iva totale',
  nl: 'de het een en van is in op te dat die voor met niet zijn aan er bij ook als wij u uw onze of factuur bedrag datum betaling btw totaal',
  pl: 'i w na z do nie się jest to że o jak po za od dla przez oraz lub są który która faktura kwota data płatność razem netto brutto',
  pt: 'o a os as e de do da dos das que em um uma para com não por no na se ao seu sua mais fatura valor data pagamento total iva',
};

const LANGUAGES = Object.keys(STOP_WORDS);
/** Each stop word with the languages it belongs to (by index in LANGUAGES). */
const WORD_LANGUAGES = new Map<string, number[]>();
LANGUAGES.forEach((lang, i) => {
  for (const word of new Set(STOP_WORDS[lang].split(' '))) WORD_LANGUAGES.set(word, [...(WORD_LANGUAGES.get(word) ?? []), i]);
});

// Words shared by several languages ("de", "la", "total") count for each of them; the margin below
// keeps a near tie from deciding.
const MIN_HITS = 3;
const MIN_LEAD = 1.25;

/** ISO 639-1 code of the main language (en, de, fr, es, it, nl, pl, pt), or null when unclear. */
export function detectLanguage(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu);
  if (!words) return null;
  const hits = LANGUAGES.map(() => 0);
  // Long documents are decided by their first few thousand words.
  const n = Math.min(words.length, 5000);
  for (let i = 0; i < n; i++) {
    const langs = WORD_LANGUAGES.get(words[i]);
    if (langs) for (const l of langs) hits[l]++;
  }
  const ranked = LANGUAGES.map((lang, i) => ({ lang, n: hits[i] })).sort((a, b) => b.n - a.n);
  const [top, second] = ranked;
  if (top.n < MIN_HITS || top.n < second.n * MIN_LEAD) return null;
  return top.lang;
}
