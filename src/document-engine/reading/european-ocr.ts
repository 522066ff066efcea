// Tesseract with the page's own language data for pages in another European language, which the
// English data reads without their letters: "Razén social" for "Razón social", "Miinchen" for
// "München", "£6dz" for "Łódź", and Greek as Latin noise ("Huepopnvia" for "Ημερομηνία"). Which
// language: decided from the words English tesseract read (pageLanguage): French, German, Spanish,
// Italian, Portuguese, Dutch, Polish, Swedish, Czech, Romanian and Turkish by their common words;
// Greek by the noise English data makes of it. The worker with that language's data is created in a
// reading thread only when a page first needs it, one language at a time (a page in another language
// ends it and starts its own: about a second), at most EUROPEAN_PAGES pages of a document
// (read-context.ts); the reading is kept only when it measures better (chooseEuropean). OCR_EUROPEAN=false
// turns it off. Whatever fails here (the data, the worker, its thread) leaves the page as English
// tesseract read it: never a failed document.
import { startTesseractWithData, type TesseractReader } from './tesseract-worker.ts';

/** The tesseract data (@tesseract.js-data/<code>) of each language read again, by ISO 639-1 code. */
export const EUROPEAN_DATA: Readonly<Record<string, string>> = {
  fr: 'fra',
  de: 'deu',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  pl: 'pol',
  sv: 'swe',
  cs: 'ces',
  ro: 'ron',
  tr: 'tur',
  el: 'ell',
};

/**
 * Common words of each language as English tesseract reads them: accents dropped (it reads "für" as
 * "fur" or "fiir", "są" as "sa"), so each word is written here without them and the page's words are
 * compared the same way (fold). Labels of the documents read (invoice, date, name, register) beside
 * the small words.
 */
const WORDS: Record<string, string> = {
  en: 'the and of to in for is on that with by this are be as at from or it an your our not have has will all please invoice date total amount due payment number account name birth',
  de: 'kontoauszug kontonummer kontostand saldo alter neuer verwendungszweck buchung gutschrift lastschrift verbrauch zahlbar rechnungsdatum rechnungsnummer kundennummer zwischensumme steuer rechnungsbetrag menge preis dank deutschland ihr der die das und ist nicht ein eine einer mit von zu den dem des auf fur im sich auch als bei nach wir sie ihre oder wird sind bitte rechnung datum betrag gesamt zahlung strasse geburtsdatum vorname geschaftsfuhrer handelsregister amtsgericht sitz firma steuernummer kunde',
  fr: 'releve compte solde ancien nouveau libelle debit credit operations electricite consommation abonnement registre commerce extrait client echeance designation quantite prix merci le la les et des est une un pour que dans du au aux sur par pas qui nous vous votre avec ce cette sont ou facture montant paiement tva nom prenom naissance adresse siege societe numero',
  es: 'extracto cuenta saldo anterior concepto cargo abono movimientos titular luz consumo periodo registro mercantil sociedad cliente cantidad precio gracias vencimiento el la los las y de que en un una es por para con del al se su sus lo como mas este esta factura importe fecha pago iva nombre apellidos domicilio razon social numero',
  it: 'estratto conto saldo iniziale finale movimenti causale addebito accredito bolletta consumo fornitura registro imprese societa cliente quantita prezzo scadenza grazie totale il lo la gli le di che e un una per con non del della dei delle al alla sono come anche questo questa fattura importo data pagamento iva nome cognome nascita sede',
  nl: 'rekeningafschrift rekening saldo oude nieuwe omschrijving jaarafrekening verbruik handelsregister kamer koophandel klant aantal prijs vervaldatum bedankt de het een en van is in op te dat die voor met niet zijn aan er bij ook als wij u uw onze of factuur bedrag datum betaling btw totaal naam geboortedatum',
  pl: 'wyciag rachunku saldo poczatkowe koncowe operacje obciazenie uznanie zuzycie rejestr sadowy krajowy zarzad zakladowy wydzial sprzedawca nabywca ilosc cena termin i w na z do nie sie jest to ze o jak po za od dla przez oraz lub sa ktory ktora faktura kwota data platnosc razem netto brutto nazwa siedziba',
  pt: 'extrato conta saldo anterior movimentos descritivo debito credito consumo fornecimento agua certidao conservatoria sociedade cliente quantidade preco vencimento obrigado contribuinte o a os as e de do da dos das que em um uma para com nao por no na se ao seu sua mais fatura valor data pagamento iva nome morada sede',
  sv: 'kontoutdrag kontonummer ingaende utgaende saldo hyra lon sek fakturanummer fakturadatum forfallodag bankgiro plusgiro forbrukning bolagsverket aktiebolag styrelse sate och att det som en av pa ar med till for inte den har om ett vi ni er faktura belopp datum forfallodatum moms summa betala kundnummer organisationsnummer',
  cs: 'vypis uctu zustatek pocatecni konecny ucet vyuctovani spotreba obchodni rejstrik spolecnost sidlo jednatel zapsano a v na se je z do s k o ve pro ze jako faktura datum splatnosti celkem castka dodavatel odberatel ico dic cislo',
  ro: 'extras cont sold initial final operatiuni debit credit consum registrul comertului societate sediul administrator si de la in cu pe din pentru care nu un o al ale factura data total plata cod fiscal judetul strada numar',
  tr: 'hesap ozeti bakiye acilis kapanis aciklama borc alacak tuketim sirketi mersis mudurlugu ve bir bu ile icin da de fatura tarihi toplam tutar vergi adres ticaret sicil numarasi tarih',
};

const LANGUAGES = Object.keys(WORDS);
/** Each language's words as a set, built once. */
const WORD_SETS = new Map(LANGUAGES.map((lang) => [lang, new Set(WORDS[lang].split(' '))]));
const WORD_LANGUAGES = new Map<string, number[]>();
LANGUAGES.forEach((lang, i) => {
  // Words of one letter ("a", "o", "e", "i", "w", "z") are what OCR makes of specks and frames: they do not count.
  for (const word of new Set(WORDS[lang].split(' '))) if (word.length > 1) WORD_LANGUAGES.set(word, [...(WORD_LANGUAGES.get(word) ?? []), i]);
});

/** Lower case without accents ("Número" → "numero"; ł, ø, ß, ı as l, o, ss, i). */
export function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/ø/g, 'o').replace(/ß/g, 'ss').replace(/ı/g, 'i');
}

// As language.ts: enough words, and a clear lead over the next language (words shared by several count for each).
const MIN_HITS = 4;
const MIN_LEAD = 1.25;

/** The Latin-script language of a reading by its common words (fold), or null when unclear. */
export function latinLanguage(text: string): string | null {
  const words = fold(text).match(/\p{L}+/gu);
  if (!words) return null;
  const hits = LANGUAGES.map(() => 0);
  for (const word of words.slice(0, 3000)) for (const l of WORD_LANGUAGES.get(word) ?? []) hits[l]++;
  const ranked = LANGUAGES.map((lang, i) => ({ lang, n: hits[i] })).sort((a, b) => b.n - a.n);
  const [top, second] = ranked;
  if (top.n < MIN_HITS || top.n < second.n * MIN_LEAD) return null;
  return top.lang;
}

/**
 * Whether English tesseract's reading looks like Greek print read as Latin letters: doubtful (Greek
 * reads at a mean confidence of 50 to 65), and many of its longer words switch case inside
 * ("NanadémnovAog", "ABnvag", "ApOpéC": Greek capitals and small letters read as whichever Latin
 * letter looks alike) or run Latin letters no European language puts together ("Enwvupia",
 * "Huepopnvia": ν, μ and ρ read as v, u and p; a capital Ω as Q).
 */
export function looksGreek(text: string, confidence: number): boolean {
  if (confidence >= GREEK_BELOW) return false;
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  if (words.length < 8) return false;
  const odd = words.filter((w) => /\p{Ll}\p{Lu}/u.test(w) || /^\p{Lu}{2}\p{Ll}/u.test(w) || GREEK_AS_LATIN.test(w)).length;
  return odd >= 0.3 * words.length;
}

/**
 * English tesseract's mean word confidence under which a reading is noise whatever words it seems to
 * hold (photos of identity documents read at 25 to 40, where specks read as "a", "v", "de"): no
 * language data reads such a page better, and Greek print reads at 50 and more.
 */
export const NOISE_BELOW = 45;

/** English tesseract's mean word confidence under which a page may be Greek print. */
export const GREEK_BELOW = 70;
/**
 * Latin letter runs of Greek read with English data (νυ ημ πν ωνυ; Ω read as a Q no U follows:
 * "MHTPQO", "KATAXQPIZHZ"): rare in the Latin-script languages here.
 */
const GREEK_AS_LATIN = /(?:vu|pn|nv|wv|uep|opn|ptk|vt|6[a-z]|q(?!u))/i;

/**
 * The language a page is read again in, from English tesseract's reading of it: one of EUROPEAN_DATA's,
 * or null (English, unclear, or a script read elsewhere).
 */
export function pageLanguage(page: { text: string; confidence: number; cjk: boolean; identity: boolean }): string | null {
  if (page.cjk || page.confidence < NOISE_BELOW) return null;
  const latin = latinLanguage(page.text);
  if (latin && latin !== 'en') return latin;
  // A doubtful photo of an identity document reads as noise too: its zone and Latin labels are read by the second engine.
  if (latin === null && !page.identity && looksGreek(page.text, page.confidence)) return 'el';
  return null;
}

let enabled = false;
/** This thread's worker and its language: one at a time. */
let current: { lang: string; worker: Promise<TesseractReader> } | null = null;
/** Languages whose worker could not be started or ended in this thread: their pages stay as English tesseract read them. */
const unavailable = new Set<string>();

/** Whether pages may be read with their own language's data in this reading thread (OCR_EUROPEAN), sent with every document. */
export function configureEuropean(on: boolean): void {
  enabled = on;
}

export function europeanEnabled(lang: string): boolean {
  return enabled && !unavailable.has(lang) && lang in EUROPEAN_DATA;
}

/**
 * The worker with `lang`'s data (and English for Greek, whose pages mix in Latin codes and words),
 * started on first use; a worker of another language is ended first, so a thread holds one at most.
 */
export async function europeanWorker(lang: string): Promise<TesseractReader> {
  if (!europeanEnabled(lang)) throw new Error(`tesseract with ${lang} data is not available in this thread`);
  if (current && current.lang !== lang) await closeEuropeanOcr();
  if (!current) {
    const worker = startTesseractWithData(lang === 'el' ? ['ell', 'eng'] : [EUROPEAN_DATA[lang]]);
    current = { lang, worker };
    worker.catch(() => {
      unavailable.add(lang);
      if (current?.worker === worker) current = null;
    });
  }
  const worker = await current.worker;
  if (!worker.dead) return worker;
  unavailable.add(lang);
  current = null;
  throw new Error(`tesseract's ${lang} worker ended`);
}

export async function closeEuropeanOcr(): Promise<void> {
  const pending = current?.worker;
  current = null;
  if (pending) await (await pending.catch(() => null))?.terminate();
}

/** Clears what this thread learnt about unavailable data (a new pool, a test). */
export function resetEuropeanOcr(): Promise<void> {
  unavailable.clear();
  return closeEuropeanOcr();
}

/** Words of `lang`'s list (WORDS) read with their letters as the language writes them, counted. */
function wordsOf(text: string, lang: string): number {
  const list = WORD_SETS.get(lang) ?? new Set<string>();
  return (text.match(/\p{L}+/gu) ?? []).filter((w) => list.has(fold(w))).length;
}

/** Share of a reading's letters that are Greek (0 when it has fewer than 20 letters). */
export function greekShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 20) return 0;
  return (text.match(/\p{Script=Greek}/gu)?.length ?? 0) / letters;
}

/** How much more confident (mean word confidence, 0–100) a Greek reading must be than the English noise it replaces. */
export const GREEK_MARGIN = 15;

/**
 * Whether the reading with the page's language data replaces English tesseract's. A Latin-script
 * language: at least as confident, nearly as many words (the data of a language does not drop a line
 * English read), and its own common words still there (the page stays in its language). Greek:
 * clearly more confident (GREEK_MARGIN) and mostly Greek letters.
 */
export function chooseEuropean(lang: string, english: { confidence: number; words: number; text: string }, reading: { confidence: number; words: number; text: string }): boolean {
  if (lang === 'el') return reading.confidence >= english.confidence + GREEK_MARGIN && greekShare(reading.text) >= 0.4;
  return reading.confidence >= english.confidence && reading.words >= english.words * 0.9 && wordsOf(reading.text, lang) >= wordsOf(english.text, lang);
}

/** Tesseract's Greek data reads μ as the micro sign (µ, U+00B5) inside Greek words: the Greek letter put back. */
export function tidyGreek(text: string): string {
  return text.replace(/(?<=\p{Script=Greek})\u00B5|\u00B5(?=\p{Script=Greek})/gu, 'μ');
}
