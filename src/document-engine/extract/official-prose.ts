// biome-ignore-all format: word lists read better packed
// What official certificates and letters say in sentences rather than in labelled boxes: the
// sentence that gives a date ("Given under my hand … this 21st day of February, 2018"), the
// authority that issued them ("issued by the Department of …", "registered with Kenya Revenue
// Authority"), and the date a letter is written on.
import { titleCase } from '../../lib/title-case.ts';
import { findDates } from './dates.ts';
import type { DocText } from './doc-text.ts';
import { AUTHORITY_BODY } from './public-bodies.ts';
import { fold, labelRegex, type TextLine } from './text.ts';

/** The text as sentences (a sentence may run over lines). */
export function sentences(d: DocText): string[] {
  return d.lines
    .map((l) => l.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    // Not after a day written as an ordinal before its month: "am 3. März 2015" is one sentence.
    .split(/(?<=[.;])(?<!(?:^|\s)\d{1,2}\.(?=\s+(?:Jan|Feb|M[äa]r|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)))\s+(?=[A-Z(])/);
}

/**
 * A sentence that dates the document's signing: "given under my hand", "witness my hand", "in witness whereof", "dated";
 * a state's certificate "issued this official certificate at Denver, Colorado on …", "En testimonio de lo cual, … hoy …".
 */
export const SIGNED = /\b(given under my hand|given at|witness my hand|in witness whereof|in testimony whereof|issued on|issued at|issued by [a-z ,]{3,80}? on|dated|fait a|ausgestellt am|expedido en|expedido y firmado en|emitida en|emitido en|dada en|dado en|rilasciato il|diterbitkan di|done at|signed at|issued this (?:official )?certificate|en testimonio de lo cual)\b/;

/** The first date after `verb` (folded) in its sentence, at most 500 characters on: "… was organized … on March 9, 2011". */
export function dateInSentence(d: DocText, verb: RegExp): string | null {
  for (const sentence of sentences(d)) {
    const at = fold(sentence).search(verb);
    if (at < 0) continue;
    const date = findDates(sentence.slice(at, at + 500), d.order)[0];
    if (date) return date.iso;
  }
  return null;
}

/**
 * The date a sentence gives before its closing verb, where the language puts the verb last ("Die
 * Gesellschaft wurde am 3. März 2015 in das Handelsregister eingetragen"): the date right after
 * "am"/"op", with no other figure between it and the verb.
 */
export function dateBeforeVerb(d: DocText, verb: RegExp): string | null {
  for (const sentence of sentences(d)) {
    const at = fold(sentence).search(verb);
    if (at < 0) continue;
    const head = sentence.slice(0, at);
    const last = findDates(head, d.order).at(-1);
    if (!last) continue;
    const from = head.lastIndexOf(last.raw);
    const between = head.slice(from + last.raw.length);
    if (/\b(?:am|op|den)\s+$/i.test(head.slice(Math.max(0, from - 6), from)) && !/\d/.test(between) && between.length <= 80) return last.iso;
  }
  return null;
}

/** A place before a date, and a word that may join them: "Madrid, a 4 de noviembre de 2026", "Lisboa, 5 de novembro de 2026", "München, den 3. März 2026". */
const PLACE_BEFORE_DATE = /^[\p{Lu}][\p{L} .'-]{1,30},\s*(?:(?:a|à|le|den|am|il|em|el|dnia|op|on)\s+)?$/u;

/** The date of the closing line a document is signed at, "<place>, <date>", among its last lines. */
export function placeAndDateLine(d: DocText): string | null {
  return placeAndDateIn(d, d.lines.slice(-6).reverse());
}

/** The "<place>, <date>" line a register's certificate prints under its title ("Dakar, le 4 novembre 2026", "Reykjavík, 4. nóvember 2026"). */
export function placeAndDateUnderTitle(d: DocText): string | null {
  return placeAndDateIn(d, d.lines.slice(0, 8));
}

function placeAndDateIn(d: DocText, lines: DocText['lines']): string | null {
  for (const l of lines) {
    const found = findDates(l.text, d.order);
    if (found.length !== 1) continue;
    const at = l.text.indexOf(found[0].raw);
    const before = l.text.slice(0, at);
    const after = l.text.slice(at + found[0].raw.length).trim();
    if (PLACE_BEFORE_DATE.test(before) && /^[.,]?$/.test(after)) return found[0].iso;
  }
  return null;
}

/** What a letter puts between a number's name and the number: "… Number as a VAT Collection Agent is", "… assigned to you is:". */
const GIVEN_AS = /^[^.\d]{0,60}?\b(?:is|are|was|shall be|will be)\s*:?\s+/i;

/**
 * A number a letter gives in a sentence rather than after a label: "please be informed that your Tax
 * Identification Number as a VAT Collection Agent is 01234567-0001." The first of `labels` that a
 * sentence names with a number `parse` accepts.
 */
export function numberInSentence(d: DocText, labels: readonly string[], parse: (text: string) => string | null): string | null {
  const all = sentences(d);
  for (const label of labels) {
    const re = new RegExp(labelRegex(label).source, 'gu');
    for (const sentence of all) {
      const folded = fold(sentence);
      // Folding keeps ASCII one character a character; elsewhere the folded text is read instead.
      const source = folded.length === sentence.length ? sentence : folded;
      for (const m of folded.matchAll(re)) {
        const after = source.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 120);
        const link = GIVEN_AS.exec(after);
        const v = link ? parse(after.slice(link[0].length)) : null;
        if (v) return v;
      }
    }
  }
  return null;
}

/** "issued … by the X", "granted by the X", "registered with X": the authority a sentence names. */
const BY_AUTHORITY = new RegExp(String.raw`\b(?:issued|granted|given|registered|licensed|authori[sz]ed)\b[^.]{0,40}?\b(?:by|with)\s+(?:the\s+)?((?:[A-Z][\p{L}]*\.?\s+){0,4}?${AUTHORITY_BODY})`, 'iu');
/** An authority named anywhere, with up to three words before it ("Kenya Revenue Authority", "Ohio Secretary of State"). */
const AUTHORITY = new RegExp(String.raw`((?:(?:[A-Z][\p{L}]+|HM)\s+){0,3}${AUTHORITY_BODY})`, 'u');

/** The issuing authority of a certificate or letter, from its prose; null when no public body is named. */
export function authorityOf(d: DocText): string | null {
  const flat = d.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ');
  const by = BY_AUTHORITY.exec(flat);
  if (by) return tidy(by[1]);
  // Of a letterhead's hierarchy (government, ministry, directorate), the last body named is the one that issues.
  // A letterhead line is the body's whole name ("Gewerbeamt Hamburg"): the part of it (of a bilingual line) that names one.
  const heads = d.lines.slice(0, 8).flatMap((l) => l.text.split(/\s+\/\s+|\t/));
  const head = heads.reverse().find((t) => AUTHORITY.test(letterheadCase(t)));
  if (head) return tidy(head.trim().split(/\s+/).length <= 8 ? head : (AUTHORITY.exec(letterheadCase(head))?.[1] ?? ''));
  const any = AUTHORITY.exec(flat);
  if (any) return tidy(any[1]);
  // Only the authority's short name is printed ("Ask HMRC", "KRA Call Centre").
  return ACRONYM.exec(flat)?.[1] ?? null;
}

/** Short names of tax and company authorities, as their own documents print them. */
const ACRONYM = /\b(HMRC|IRS|KRA|FIRS|CRA|ATO|SARS|ZATCA|IRD|DGFT|ACRA|ASIC|CAC|AFSA|DET|URSSAF|DGFiP|AEAT|NTS)\b/;

function tidy(s: string): string | null {
  const v = s.replace(/^(?:the|by|with)\s+/i, '').replace(/[\s,.;]+$/, '').trim();
  return v.length >= 4 ? v : null;
}

/** A letterhead's words start at a word boundary, and "of", "and", "the" stay lower case. */
const LETTERHEAD_CASE = { wordStart: String.raw`\b`, lowerWords: /\b(Of|And|The)\b/g };

/** "INTERNAL REVENUE SERVICE" → "Internal Revenue Service", so capitalised patterns find upper-case letterheads. */
function letterheadCase(s: string): string {
  return /[a-z]/.test(s) ? s : titleCase(s, LETTERHEAD_CASE);
}

/**
 * The date a letter or certificate is written on when nothing labels it: a line that is a date and
 * nothing else among the last lines (a Korean certificate's date over the tax office's seal), else
 * the first date among the first lines, on a line that names no other date (validity, expiry, birth).
 */
export function unlabelledIssueDate(d: DocText): string | null {
  // The start or the end of a validity, also inside a compound ("Versicherungsbeginn", "Vertragsablauf").
  const OTHER = /\b(valid|expir|birth|due|until|from|effective|registration|incorporat|period|modified|print|commenc|start|inizio|decorrenza|scadenza|inicio|vencimiento|debut|effet|contrato|constitu|abertura)|beginn|ablauf/;
  const alone = (l: TextLine) => {
    const found = findDates(l.text, d.order);
    return found.length === 1 && l.text.replace(found[0].raw, '').replace(/[\s.,]/g, '').length <= 2 ? found[0] : null;
  };
  for (const l of d.lines.slice(-5)) {
    const found = alone(l);
    if (found) return found.iso;
  }
  // A Chinese or Japanese certificate is dated over its seal, and OCR may read the seal's and the
  // watermark's noise after it: the last date written 年月日 on a line of its own.
  for (const l of d.lines.slice().reverse()) {
    const found = alone(l);
    if (found && /[年년]/.test(found.raw)) return found.iso;
  }
  for (const l of d.lines.slice(0, 8)) {
    if (OTHER.test(l.fold)) continue;
    const found = findDates(l.text, d.order)[0];
    if (found) return found.iso;
  }
  return null;
}
