// What a contract's clauses say of its term, its value and its number when no box labels them: the
// term as one period ("valid from July 1, 2026 to June 30, 2027", "ha durata dal 1° giugno 2026 al 31
// maggio 2028", "od dnia 1 marca 2026 r. do dnia 28 lutego 2027 r."), the start and end of the term
// named apart ("entrará en vigor el …", "finalizará el …"), the total in a sentence ("Il corrispettivo
// complessivo … è pari a Euro 218.000,00", "Łączna wartość umowy wynosi 512 000,00 zł", "Der Kaufpreis
// beträgt …", "De totale vergoeding … bedraagt …", "un forfait annuel de …", "Sözleşme bedeli …") and the number
// written after the contract's title ("UMOWA DOSTAWY NR 14/2026", "Contrato n.º CV-2026/073").
import { findAmounts, type DecimalStyle, type FoundAmount } from './amounts.ts';
import { findDates, type SlashOrder } from './dates.ts';
import { parseReference } from './doc-text.ts';
import type { TextLine } from './text.ts';

/** Before the first date of a period: "from", "dal", "od dnia", "desde el", "du", "vom", "van". */
const PERIOD_FROM = /\b(?:from|dal(?:l['’])?|od(?:\s+dnia)?|desde(?:\s+el)?|du|vom|van)\s+$/iu;
/** Between its two dates: "to", "al", "do dnia", "hasta el", "au", "bis zum", "tot en met"; a Polish date's "r." first. */
const PERIOD_TO = /^\s*(?:r\.\s*)?(?:to|until|through|al|fino\s+al|do(?:\s+dnia)?|hasta(?:\s+el)?|au|jusqu['’]au|bis(?:\s+zum)?|tot(?:\s+en\s+met)?)\s+$/iu;
/** A period is the contract's term only in a sentence about it: its term, validity or duration. */
const TERM_WORDS =
  /\b(?:agreement|contract|term|valid|validity|durata|duration|durée|dur[ée]e|duración|vigencia|laufzeit|looptijd|duur|umowa|umowę|obowi[aą]zywania|okres|czas\s+określony|contrato|contratto|vertrag|contrat|overeenkomst)\b/iu;

/** The contract's term written as one period in a clause, ISO dates; null when none is. */
export function termOfText(text: string, order: SlashOrder): { from: string; to: string } | null {
  const body = text.replace(/\s*\n\s*/g, ' ');
  const dates = findDates(body, order);
  for (let k = 0; k + 1 < dates.length; k++) {
    const a = dates[k];
    const b = dates[k + 1];
    const before = body.slice(Math.max(0, a.index - 120), a.index);
    if (!PERIOD_FROM.test(before) || !PERIOD_TO.test(body.slice(a.index + a.length, b.index))) continue;
    // The words of the period's own sentence: "4. Prices. Prices are fixed from …" is about prices.
    if (!TERM_WORDS.test(before.split(/[.;:]\s+/).pop() ?? '') || a.iso >= b.iso) continue;
    return { from: a.iso, to: b.iso };
  }
  return null;
}

/**
 * Right before a date: the contract takes effect then, in the languages the first words did not cover;
 * the term's start in a clause of its own too ("starts on", "beginnt am", "gaat in op", "entra em vigor em").
 */
const TAKES_EFFECT =
  /\b(?:entrar[áa]\s+en\s+vigor\s+el|entra\s+en\s+vigor\s+el|entra\s+in\s+vigore\s+il|entrer[àa]\s+in\s+vigore\s+il|wchodzi\s+w\s+życie\s+(?:z\s+dniem|w\s+dniu)|treedt\s+in\s+werking\s+op|(?:starts|begins|commences)\s+on|beginnt\s+am|gaat\s+in\s+op|entra\s+em\s+vigor\s+em)\s+$/iu;
/** Right before a date: the contract ends then ("vigora até", "runs until" in Portuguese). */
const COMES_TO_END =
  /\b(?:finalizar[áa]\s+el|vencer[áa]\s+el|terminar[áa]\s+el|scadr[àa]\s+il|cesser[àa]\s+(?:di\s+avere\s+effetto\s+)?il|wygasa\s+(?:z\s+dniem|w\s+dniu)|eindigt\s+op|vigora\s+at[ée])\s+$/iu;
/** Right after a date, where a language names the day before what happens on it: "01.06.2026 tarihinde yürürlüğe girer", "… tarihinde sona erer". */
const TAKES_EFFECT_AFTER = /^\s*tarihinde\s+y[üu]r[üu]rl[üu][ğg]e\s+girer/iu;
const COMES_TO_END_AFTER = /^\s*tarihinde\s+sona\s+erer/iu;

/** The day a clause says the contract takes effect or ends, ISO; null when none does. */
export function clauseDate(text: string, order: SlashOrder, which: 'start' | 'end'): string | null {
  const body = text.replace(/\s*\n\s*/g, ' ');
  const re = which === 'start' ? TAKES_EFFECT : COMES_TO_END;
  const after = which === 'start' ? TAKES_EFFECT_AFTER : COMES_TO_END_AFTER;
  for (const d of findDates(body, order)) {
    if (re.test(body.slice(Math.max(0, d.index - 60), d.index)) || after.test(body.slice(d.index + d.length, d.index + d.length + 40))) return d.iso;
  }
  return null;
}

/** The words that name a contract's whole value in a sentence, in the languages contracts come in. */
const TOTAL_PHRASE =
  /\b(?:total\s+(?:[\p{L}]+\s+)?(?:fees?|price|value|amount|consideration)|aggregate\s+(?:principal\s+)?amount|principal\s+amount|maximum\s+contract\s+value|precio\s+total|importe\s+total|valor\s+total|corrispettivo\s+(?:complessivo|totale)|importo\s+(?:complessivo|totale)|valore\s+(?:complessivo|totale)|(?:łączna\s+)?wartość\s+umowy|wynagrodzenie\s+(?:łączne|całkowite)|kaufpreis|(?:totale|gehele)\s+vergoeding|forfait\s+(?:annuel|global|total)|s[öo]zle[şs]me\s+bedeli)\b/giu;

/** The first amount with its currency that a sentence names the contract's total ("… asciende a … (145.800,00 €)"); null without one. */
export function totalOfClause(text: string, style: DecimalStyle): FoundAmount | null {
  const body = text.replace(/\s*\n\s*/g, ' ');
  for (const m of body.matchAll(TOTAL_PHRASE)) {
    // A total is never negative: "(145.800,00 €)" is the figure after the amount in words, in brackets.
    const after = body
      .slice(m.index + m[0].length, m.index + m[0].length + 160)
      .split(/\.\s+\p{Lu}/u)[0]
      .replace(/\((?=\d)/g, ' ');
    const found = findAmounts(after, style).find((a) => a.currency !== null);
    if (found) return found;
  }
  return null;
}

/** A title word before a number: "Contrato n.º", "UMOWA DOSTAWY NR", "Order Form No.", "Lease No.", "Framework Reference". */
const TITLE_WORDS = /\b(?:contract|agreement|order\s+form|lease|framework|contrato|contratto|umowa|vertrag|contrat|overeenkomst|acuerdo|accordo)\b/iu;
const NUMBER_AFTER_TITLE = /^(?:(.{0,60}?)\s+)?(?:n\.?\s*[º°o]\.?|nr\.?|no\.?|n\.|number|reference|ref\.?)\s*:?\s*(\S+)\s*$/iu;

/** The number a contract prints after its title or alone on one of its first lines ("N. CF/2026/045"); null without one. */
export function titleNumber(lines: readonly TextLine[]): string | null {
  for (const line of lines.slice(0, 6)) {
    const m = NUMBER_AFTER_TITLE.exec(line.text.replace(/\t/g, ' '));
    if (!m || (m[1] !== undefined && !TITLE_WORDS.test(m[1]))) continue;
    const v = parseReference(m[2]);
    if (v && /\d/.test(v)) return v;
  }
  return null;
}
