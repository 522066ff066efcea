// The party an invoice asks to be paid: the holder of the bank account it gives ("Account name",
// "Beneficiary", "Kontoinhaber") or the name cheques are to be made payable to. Where no label names
// the seller and no letterhead reads as one (a logo, a name spaced out over a banner), the payee is it.
import { oneEditApart } from './mrz-repair.ts';
import { cleanName, emptyParty, looksLikeName, type FoundParty } from './parties.ts';
import { fold, type TextLine } from './text.ts';

/** Labels of the payee, as words; `bank` when the label names it only beside bank details (a telecom's "Account name" is its customer's). */
const PAYEE_LABELS: { words: string[]; bank: boolean }[] = [
  ...[
    ['account', 'name'],
    ['account', 'holder'],
    ['account', 'holder', 'name'],
    ['beneficiary'],
    ['beneficiary', 'name'],
    ['kontoinhaber'],
    ['titulaire', 'du', 'compte'],
    ['titular', 'de', 'la', 'cuenta'],
    ['titular', 'da', 'conta'],
    ['intestatario', 'conto'],
    ['rekeninghouder'],
    ['ten', 'name', 'van'],
    ['صاحب', 'الحساب'],
    ['اسم', 'الحساب'],
    ['المستفيد'],
  ].map((words) => ({ words, bank: true })),
  ...[['payable', 'to'], ['zahlungsempfanger'], ['a', 'l', 'ordre', 'de'], ['a', 'nombre', 'de'], ['begunstigde']].map((words) => ({ words, bank: false })),
];
/**
 * Words of bank details, near which an account's name is the payee's. Not "account number": a
 * utility's or a telecom's invoice prints its customer's account name and number together.
 */
const BANK_WORDS = /\b(bank|banque|banco|bankverbindung|iban|swift|bic|sort code|routing|blz)\b|بنك|مصرف|آيبان|ايبان/i;
/** How many lines a label may wrap over in a narrow column ("Please make / cheques payable / to:"). */
const WRAP = 3;

const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether the words end with a payee label, allowing one misread letter in a word of four or more ("Account Nama"). */
function endsWithLabel(words: string[], bankNear: boolean): boolean {
  return PAYEE_LABELS.some(({ words: label, bank }) => {
    if ((bank && !bankNear) || words.length < label.length) return false;
    const tail = words.slice(-label.length);
    return label.every((w, k) => tail[k] === w || (w.length >= 4 && oneEditApart(tail[k], w)));
  });
}

/** A cell split into its label and, right of its colon or of a rule OCR read as "|", its value. */
function labelAndValue(cell: string): { label: string; value: string; colon: boolean } {
  const at = cell.search(/[|:]/);
  return at < 0 ? { label: cell, value: '', colon: false } : { label: cell.slice(0, at), value: cell.slice(at + 1), colon: cell[at] === ':' };
}

/**
 * The payee named beside its label: in the label's cell after a rule, in the next cell of the row, or
 * (a label wrapped over lines of a narrow column) beside the label's first or last line. Not `not`
 * (the buyer's name).
 */
export function payeeParty(lines: TextLine[], not?: string | null): FoundParty | null {
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i].text.split('\t');
    for (let c = 0; c < cells.length; c++) {
      const first = labelAndValue(cells[c]);
      const words = wordsOf(first.label);
      if (words.length === 0 || words.length > 6) continue;
      const bankNear = lines.slice(Math.max(0, i - 4), i + 5).some((l) => BANK_WORDS.test(fold(l.text)));
      // A label ended by its colon, or holding a number, does not wrap onto the next line.
      const wraps = first.colon ? 1 : WRAP;
      for (let k = 0; k < wraps && i + k < lines.length; k++) {
        const part = k === 0 ? first : labelAndValue(lines[i + k].text.split('\t')[c] ?? '');
        if (k > 0 && (/\d/.test(part.label) || /\d/.test(first.label))) break;
        if (k > 0) words.push(...wordsOf(part.label));
        if (!endsWithLabel(words, bankNear)) continue;
        const beside: [string, number][] = [
          [first.value, i],
          [cells[c + 1] ?? '', i],
          [part.value, i + k],
          [k > 0 ? (lines[i + k].text.split('\t')[c + 1] ?? '') : '', i + k],
        ];
        for (const [raw, line] of beside) {
          const v = cleanName(raw);
          // The name only: the lines under it are the bank's details, not the payee's address.
          if (v && looksLikeName(v) && (!not || fold(v) !== fold(not))) return { ...emptyParty(), name: v, line };
        }
        break;
      }
    }
  }
  return null;
}
