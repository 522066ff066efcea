// Finds parties in a document: a name after a role label ("Seller", "Bill to", "Verkäufer", "Shipper"),
// skipping lines that hold numbers or salutations, then the address lines under it; and, where there
// are no labels, the letterhead and the addressee block of a business letter.
import type { PartyFacts } from '../document-model.ts';
import { mayEndWithLegalForm, normalizeCompanyName } from '../../lib/names.ts';
import { findIbans, findVatIds, findRegNumber } from './identifiers.ts';
import { definedTermAt, isBoxLabel, isLabelText, TRANSLATION_BEFORE } from './label-words.ts';
import { afterLabel, columnCell, columnView, fold, itemNumberLength, labelsIn, matchLabel, type TextLine } from './text.ts';

export interface FoundParty extends PartyFacts {
  /** Index of the line holding the name, for finding what sits near it. */
  line: number;
  /** Index of the last line of its block (name and address). */
  end?: number;
}

const SALUTATION =
  'herrn?|frau|firma|mr\\.?|mrs\\.?|ms\\.?|messrs\\.?|m\\.|mme|madame|monsieur|attn\\.?|attention|z\\.? ?hd\\.?|sr\\.?|sra\\.?|srta\\.?|exmos?\\.?|exmas?\\.?|sig\\.(?:ra)?|dhr\\.?|mevr\\.?|pan|pani|spett\\.?\\s?le|spettabile|egr\\.?|egregio|egregia|gentile|gent\\.(?:mo|ma)|' +
  // A form of address on a line of its own, of one or two words: "Exmo. Senhor", "Egregio Signor", "Sayın", "Mevrouw", "Señora".
  'senhor|senhora|senhores|signor|signora|signore|sayin|sayın|mevrouw|meneer|de heer|señor|señora|senor|senora|don|doña|dona|herr|κ\\.|κα|κος';
export const SALUTATIONS = new RegExp(`^(?:${SALUTATION})(?:\\s+(?:${SALUTATION}))?$`, 'i');
/** A form of address to a firm, never part of its name even before a legal form: "Spett.le Rossi S.p.A.", "Messrs Acme Ltd". */
const FIRM_ADDRESS = /^(?:spett\.?\s?le|spettabile|messrs\.?)\s+(?=\p{Lu})/iu;
/** A title before a person's name, which is not part of it: "Sr. Ramón Vidal", "Mrs Jane Doe". */
const TITLE =
  /^(?:(?:mr|mrs|ms|dr|sr|sra|srta|dhr|mevr)\.?|miss|herrn?|frau|m\.|mme|mlle|sig\.(?:ra)?|exmo\.?|exma\.?|mevrouw|meneer|de heer|signor|signora|senhor|senhora|señor|señora|sayın|sayin)\s+(?=\p{Lu})/iu;

/** Lines under a label that are identifiers, not the party's name. */
const NOISE =
  /^(globale nummer|nummer|gln|lief(erant)?[-\s.]*n(r|ummer)|kunden[-\s.]*n(r|ummer)|customer (no|number|id)|client (no|number)|account (no|number)|contact|ansprechpartner|abteilung|department|tel|fax|phone|e-?mail|www|http|ust|vat|tva|steuer|tax|iln|duns|kd|debitor|gst|hst|qst|pst|gstin|abn|acn|rfc|cnpj|vkn|siret|siren|kvk|y-tunnus)\b/i;

const NOT_NAME_START =
  /^(original|duplicate|triplicate|quadruplicate|copy|copie|kopie|copia|duplicado|betr(a|ä)ge|amounts|invoice|rechnung|facture|factura|date|datum|page|seite|total|summe|betrag|iban|bic|swift|adresse|address|anschrift|delivery|lieferadresse|livraison|shipping|nr\b|no\b|ref|order|bestell|payment|zahlung|description|beschreibung|qty|quantity|menge|amount|pos\b|item|your|our|ihre?|unsere?|votre|notre|incoterms?|terms|conditions|bemerkung|note|hinweis|qualifizierung|betreff|subject|stylesheet)\b/i;

const ADDRESS_WORD =
  /\b(street|st\.|road|rd\.?|avenue|ave\.?|lane|way|drive|square|place|court|house|floor|suite|strasse|straße|str\.|weg|allee|platz|gasse|ring|damm|ufer|rue|chemin|boulevard|bd|avenue|calle|via|viale|piazza|straat|laan|plein|p\.?o\.? box|postfach|bp)\b/i;
const POSTCODE_CITY = /(^|\s)(\d{4,5}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]{2}[- ]\d{4,5}|\d{3} ?\d{2})\s+\p{Lu}/u;

// OCR reads "ß" as B, R or 8: "Gartenstrabe 02".
const COMPOUND_STREET = /\p{L}(strasse|stra[ßbr8]e|str\.?|weg|allee|platz|gasse|damm|ufer|ring|steig|pfad|chaussee|markt|laan|straat|gracht|vej|gatan|gade|katu)\s*\d/iu;

/** Countries as a line of an address: never a party's name. */
export const COUNTRY_LINE =
  /^(germany|deutschland|france|united kingdom|uk|spain|espana|italy|italia|netherlands|nederland|austria|osterreich|switzerland|schweiz|suisse|belgium|belgique|belgie|poland|polska|ireland|usa|united states|portugal|india|luxembourg|danmark|denmark|sverige|sweden|norway|norge|czechia|ceska republika|canada|australia)\.?$/i;

export function looksLikeAddress(text: string): boolean {
  return (ADDRESS_WORD.test(text) && /\d/.test(text)) || COMPOUND_STREET.test(text) || POSTCODE_CITY.test(text) || /^\d+[a-z]?,?\s+\p{L}{3,}/u.test(text);
}

/** Cuts a letterhead line at the first separator or contact detail: "Acme GmbH | Main St 1" → "Acme GmbH". */
export function cleanName(text: string): string {
  // A box's rule OCR read as a colon or a bar before the name: ": VIÑEDOS … LTDA.".
  let s = text.replace(/^[\s:;|]+/, '').replace(/^(name|firma|company|raison sociale|nom|nombre|nome|naam|nazwa)\s*:\s*/i, '');
  // "M/S EXAMPLE PRIVATE LIMITED": Messrs, before a firm's name on Indian and Pakistani registrations.
  s = s.replace(/^(?:M\/S\.?|Messrs\.?)\s+/i, '');
  s = s.split(/\s+[|●•·]\s*|\s*[|●•·]\s+|\s+[-–]\s+|\s{2,}|\t/)[0];
  s = s.replace(/\s+(tel|fax|phone|telefon|e-?mail|www)\b.*$/i, '');
  // Two columns merged into one line: "Kunden AG Mitte Beträge in EUR".
  s = s.replace(/\s+(betr(a|ä)ge in|amounts in|rechnungs\p{L}*|kundennummer|nr\.|no\.)(\s.*)?$/iu, '');
  // "Globex GmbH, Beispielstrasse 5, 10115 Berlin": the name ends at the first comma before an address.
  const comma = s.indexOf(',');
  if (comma > 0 && /\d/.test(s.slice(comma))) s = s.slice(0, comma);
  s = s.replace(/[,;:]+$/, '').trim();
  s = s.replace(FIRM_ADDRESS, '');
  // OCR of a small page loses the space before a capitals name's legal form: "BRIGHTMOORLTD." is "BRIGHTMOOR LTD.".
  s = s.replace(/^(\p{Lu}[\p{Lu}&'-]{2,})(LTD|LIMITED|GMBH|INC|LLC|PLC|CORP)(\.?)$/u, '$1 $2$3');
  if (!hasLegalForm(s)) s = s.replace(TITLE, '');
  // OCR reads the "v" of the Indian legal form "Pvt Ltd" as "u".
  s = s.replace(/\bPut(\.?\s+(?:Ltd|Limited)\b)/, 'Pvt$1');
  return s.trim();
}

export function looksLikeName(text: string): boolean {
  const s = text.trim();
  if (s.length < 2 || s.length > 90) return false;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  const digits = (s.match(/\d/g) ?? []).length;
  if (letters < 2 || digits > letters / 3) return false;
  // Two or three lower-case letters alone are OCR's reading of a speck or a smudge ("oe"), no party's name.
  if (/^\p{Ll}{2,3}$/u.test(s)) return false;
  if (NOISE.test(s) || NOT_NAME_START.test(s) || SALUTATIONS.test(s) || isLegalFormOnly(s)) return false;
  if (/[@:~^*=_<>{}[\]|]/.test(s) || /^\+?\d/.test(s) || /^[([{]/.test(s)) return false;
  if (COUNTRY_LINE.test(fold(s)) || LABEL_WORD.test(s) || ENDS_LIKE_LABEL.test(s) || /^(of|for|and|on|in|at|by|with)\s/i.test(s)) return false;
  // One word ending in "nr" is a number's label of the Nordic and German languages: "Fakturanr.", "Kundenr", "Rechnungsnr.".
  if (/^\p{L}{3,}nr\.?:?$/iu.test(s)) return false;
  // An article or a connector alone is the start of a name cut off by a column gap ("THE | BRIGHTMOOR | …").
  if (LEADING_NOISE.test(s) || CONNECTORS.has(s.toLowerCase())) return false;
  // "Francesco 226": words and a house number are a street line whose street word was lost.
  if (/^[\p{L}][\p{L}.'’ -]*\s\d{1,5}[a-z]?$/u.test(s) && !hasLegalForm(s)) return false;
  // A sentence is not a name: "pay by wire transfer to the following bank account".
  const words = s.split(/\s+/);
  if (words.length > 7 || words.filter((w) => /^(to|the|by|for|with|of|from|in|on|at|is|are|we|you|our|your)$/.test(w)).length >= 2) return false;
  return !looksLikeAddress(s);
}

/** Words of labels and totals: a line holding one is a field of the document, not a name. */
const LABEL_WORD =
  /\b(invoice|rechnung|facture|factura|fattura|fatura|factuur|faktura|subtotal|totale|summe|payable|amount due|bill to|ship to|sold to|account (no|nr|number)|total (due|amount|a pagar|ttc|ht))\b|\b(due ?date|please ?pay)|^total$/i;
/** "PAYABLE TO", "Invoice for": a label waiting for its value. */
const ENDS_LIKE_LABEL = /\s(to|for|from|by|an|para|pour|per|für|fur|van|voor|dla|od|do)\s*:?$/i;

/**
 * A name an organisation would print as its letterhead: one with a legal form, or a few capitalised
 * words with at least one real word ("Brightmoor", "Acme Trading"), not OCR debris ("aarsss", "TT").
 */
export function looksLikeOrganisation(text: string): boolean {
  const s = text.trim();
  if (!looksLikeName(s) || /[[\]{}|<>~=_*]/.test(s)) return false;
  if (hasLegalForm(s)) return true;
  const words = s.split(/\s+/);
  if (words.length > 5) return false;
  return words.every((w) => /^[\p{Lu}\d&]/u.test(w) || CONNECTORS.has(w.toLowerCase())) && words.some((w) => /^\p{Lu}\p{L}{2,}/u.test(w) && /[aeiouy]/i.test(w));
}

export function isLegalFormOnly(s: string): boolean {
  const n = normalizeCompanyName(`x ${s}`);
  return n.legalForm !== null && n.core === 'x';
}

export function hasLegalForm(s: string): boolean {
  return normalizeCompanyName(s).legalForm !== null;
}

/** Reads a name starting at line i (joining a second line that completes a company name), then its address. */
export function partyAt(lines: TextLine[], i: number, name?: string): FoundParty {
  let n = name ?? cleanName(lines[i].text);
  let j = i + 1;
  const next = lines[j]?.text;
  if (next && !hasLegalForm(n) && hasLegalForm(next) && looksLikeName(next) && cleanName(next) === next.trim()) {
    n = `${n} ${next.trim()}`;
    j++;
  }
  const address: string[] = [];
  let last = j - 1;
  // The rest of the name's own line, when it is an address ("Globex GmbH, Beispielstrasse 5, 10115 Berlin").
  const own = lines[i].text;
  const after = own.slice(own.indexOf(n) >= 0 ? own.indexOf(n) + n.length : own.length).replace(/^[\s,;|●•·-]+/, '');
  if (after && looksLikeAddress(after)) address.push(after);
  for (let k = j; k < Math.min(lines.length, j + 5); k++) {
    const t = lines[k].text;
    if (looksLikeAddress(t)) {
      address.push(t);
      last = k;
    } else if (address.length > 0) {
      // A country on its own line ends the address.
      if (COUNTRY_LINE.test(fold(t))) {
        address.push(t);
        last = k;
      }
      break;
    } else if (k > j + 2) break;
  }
  const end = Math.min(lines.length, Math.max(j, i + 1) + address.length + 1);
  const block = lines
    .slice(i, end)
    .map((l) => l.text)
    .join('\n');
  const vat = findVatIds(block)[0] ?? null;
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i.exec(block)?.[0]?.toLowerCase();
  return {
    name: n || null,
    address: address.length ? address.join(', ') : null,
    registration_number: findRegNumber(lines, { from: i, to: end + 1 }),
    vat_id: vat,
    iban: findIbans(block)[0] ?? null,
    country_code: vat ? vat.slice(0, 2).replace('EL', 'GR') : null,
    ...(email ? { email } : {}),
    line: i,
    end: last,
  };
}

function isLabelLine(line: TextLine, labels: readonly string[]): boolean {
  const hit = matchLabel(line, labels);
  return hit !== null && hit.start <= 1;
}

/**
 * The party named after one of `labels` at the start of a line: the rest of that line, or the first
 * name-like line below it (up to four lines down, skipping identifiers and salutations).
 */
export function partyAfterLabel(lines: TextLine[], labels: readonly string[], opts: { from?: number; to?: number; stopAt?: readonly string[] } = {}): FoundParty | null {
  const present = labelsIn(lines, labels);
  if (present.length === 0) return null;
  const stopAt = opts.stopAt ?? [];
  const to = Math.min(lines.length, opts.to ?? lines.length);
  for (let i = opts.from ?? 0; i < to; i++) {
    // Labels may head a column: "Lieferant	Käufer" over "KOSTENLIEFERANT GMBH	MUSTER-KUNDE GMBH".
    const cells = lines[i].text.split('\t');
    for (let c = 0; c < cells.length; c++) {
      // The label's own cell first; the whole column only when the label heads it.
      const cell = cells.length === 1 ? lines[i] : columnCell(lines[i], c);
      const hit = matchLabel(cell, present);
      // A form's item number may stand before the label: "2. Name of policy holder"; so may the label in another language: "Embarcador / Shipper".
      if (!hit || (hit.start > 1 + itemNumberLength(cell.text) && !TRANSLATION_BEFORE.test(cell.text.slice(0, hit.start)))) continue;
      // A role in quotes or brackets is a defined name of a sentence run onto this line ("«Vendedor»).", "Supplier)."), not a label.
      if (definedTermAt(cell.text, hit.start, hit.end)) continue;
      const view = cells.length === 1 ? lines : columnView(lines, c);
      // "Licence holder:	Helios Energy GmbH": the value is the next cell of the same row.
      const rest = afterLabel(view[i].text.slice(hit.end));
      // The next cell is the value unless it is the next label ("Aan:	Factuurnummer:	2024-0311").
      // Nor is it when it is a label of its own: a row of labels over a row of values ("Rekeninghouder	Rekeningnummer").
      // Nor when a bare number or date follows it: it labels that value ("Customer	Against invoice	INV-10877").
      const labelsNext = cells[c + 2] !== undefined && BARE_VALUE.test(cells[c + 2].trim());
      // A form may print the colon at the head of the value's cell ("Razón Social	: ALTIPLANO S.A.C.").
      const nextCell = cells[c + 1]?.replace(/^\s*:\s*/, '');
      const next = nextCell && !/:\s*$/.test(nextCell) && !isLabelText(nextCell) && !isBoxLabel(nextCell) && !labelsNext ? cleanName(nextCell) : '';
      if (rest === '' && next && looksLikeName(next) && !isLabelLine(lineOf(next), [...labels, ...stopAt])) return partyAt(lines, i, next);
      const found = partyBelowLabel(view, i, hit.end, labels, stopAt);
      if (found) return found;
    }
  }
  return null;
}

function partyBelowLabel(view: TextLine[], i: number, end: number, labels: readonly string[], stopAt: readonly string[]): FoundParty | null {
  const rest = cleanName(afterLabel(view[i].text.slice(end)).replace(/^\/\s*\p{L}+\s*:?\s*/u, ''));
  // "Lieferant GmbH": the label word is the name itself.
  if (rest && isLegalFormOnly(rest)) return partyAt(view, i, cleanName(view[i].text));
  if (rest && !isLabelLine(lineOf(rest), [...labels, ...stopAt]) && looksLikeName(rest)) return partyAt(view, i, rest);
  // "Customer VAT Number …", "Customer: 2": the label names another field, not a block of this party.
  // "To pay by card please call …": the word starts a sentence, it labels nothing.
  if (rest && !looksLikeName(rest) && /^\p{Ll}+\s+\p{Ll}+\s+\p{Ll}+/u.test(rest)) return null;
  if (rest && (/^[\d\s.\-\/]+$/.test(rest) || /^(vat|tax|tva|ust|id|contact|order|ref|reference|number|no|nr|#|email|e-mail|phone|tel)\b/i.test(rest))) return null;
  for (let k = i + 1; k < Math.min(view.length, i + 5); k++) {
    // The next box's label ends the party's box: "3 Auslieferungsort des Gutes / Place of delivery of the goods".
    if (isLabelLine(view[k], labels) || isLabelLine(view[k], stopAt) || isBoxLabel(view[k].text.split('\t')[0])) break;
    if (labelledField(view[k].text)) continue;
    const c = cleanName(view[k].text);
    if (looksLikeName(c)) return partyAt(view, k, c);
  }
  return null;
}

/**
 * A line that is another field's label and its value, from a column beside the party's block
 * ("Vencimiento:	05/12/2026", "Förfallodatum	2026-11-19", "Due	30/10/2026"): no line of the party's.
 */
function labelledField(text: string): boolean {
  const [first, value] = text.split('\t');
  if (value === undefined || !BARE_VALUE.test(value.trim())) return false;
  return /:\s*$/.test(first) || isLabelText(first) || (/^\p{L}+$/u.test(first.trim()) && !hasLegalForm(first));
}

/** A cell that is one number, reference or date and nothing else: "INV-10877", "12.11.2026", "4410 2287". */
const BARE_VALUE = /^(?=[^\s]*\d)[A-Z0-9][A-Z0-9\-\/.]*(?:\s\d+)*$/;

function lineOf(text: string): TextLine {
  return { text, fold: fold(text), page: 0 };
}

/** A letterhead line such as "Acme GmbH | Europa-Allee 19 | 60486 Frankfurt": the sender, with the addressee below. */
export function returnAddressLine(lines: TextLine[], within = 30): number {
  for (let i = 0; i < Math.min(lines.length, within); i++) {
    const t = lines[i].text;
    const parts = t.split(/\s+[|●•·]\s*|\s*[|●•·]\s+|\s+[-–]\s+/);
    // OCR turns table rules into "|": the name must be a real word, the address a street or a postcode and town.
    if (parts.length >= 3 && looksLikeName(parts[0]) && /\p{L}{3,}/u.test(parts[0]) && parts.slice(1).some((p) => looksLikeAddress(p) && !/^\d+[a-z]?\s+\p{Ll}/u.test(p.trim()))) return i;
  }
  return -1;
}

/** The first name-like line at or after `from`, skipping salutations; -1 when none within `within` lines. */
export function nextNameLine(lines: TextLine[], from: number, within = 6, not?: string | null): number {
  for (let k = from; k < Math.min(lines.length, from + within); k++) {
    if (labelledField(lines[k].text)) continue;
    const c = cleanName(lines[k].text);
    if (looksLikeName(c) && (!not || fold(c) !== fold(not))) return k;
  }
  return -1;
}

const CONNECTORS = new Set(['&', 'and', 'und', 'et', 'of', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'den', 'for', 'y', 'e', 'di']);
const LEADING_NOISE = /^(the|between|and|with|from|to|by|messrs|seller|buyer|dear|der|die|das|zwischen|entre|la|le|les|el|hereby|this|that)$/i;
/** Roles a sentence gives a party ("Hamburg (the Forwarder) and Alpine Foods AG"): never the first word of a name in running text. */
const ROLE_WORD =
  /^(forwarder|carrier|shipper|consignee|consignor|customer|client|supplier|vendor|purchaser|contractor|licensor|licensee|lessor|lessee|landlord|tenant|party|parties|agreement|contract|vertrag|agent|principal|owners?|charterers?)$/i;
/** A lower-case word inside a name: a connector, an initial or a dotted legal form ("sp. z o.o."), never a sentence's "the" or "as". */
const inNameLowercase = (w: string) => CONNECTORS.has(w) || /^[a-z]$/.test(w) || (/\./.test(w) && /^[a-z.]{2,8}$/.test(w)) || (w.length <= 3 && mayEndWithLegalForm(w) && w !== 'as');

/** Company names inside running text: a run of capitalised words ending in a legal form ("between Acme Trading Ltd, a company…"). */
export function companiesInSentence(text: string): string[] {
  const words = text.split(/\s+/).map((w) => w.replace(/^[("'“]+|[)"'”,;:]+$/g, ''));
  const out: string[] = [];
  let k = 0;
  // A name never runs back over the one found before it ("Nordic GmbH, Hamburg … AG" is not "GmbH Hamburg … AG").
  let floor = 0;
  while (k < words.length) {
    let found: string | null = null;
    let start = -1;
    // The legal form closes the name: capitalised ("Ltd", "GmbH") or dotted ("o.o.", "a.G."), never a plain lower-case word ("as").
    const last = words[k];
    const closes = (/^[\p{Lu}&]/u.test(last) || /\./.test(last)) && mayEndWithLegalForm(last);
    for (let s = Math.max(floor, k - 7); closes && s <= k && !found; s++) {
      const run = words.slice(s, k + 1);
      if (!/^[\p{Lu}\d]/u.test(run[0]) || LEADING_NOISE.test(run[0]) || ROLE_WORD.test(run[0])) continue;
      if (!run.every((w) => (/^[\p{Lu}\d&]/u.test(w) && !/^\d+$/.test(w)) || CONNECTORS.has(w.toLowerCase()) || inNameLowercase(w))) continue;
      const n = normalizeCompanyName(run.join(' '));
      if (n.legalForm && n.core !== '') {
        found = run.join(' ');
        start = s;
      }
    }
    if (found && start >= 0) {
      // Extend over a longer legal form that follows ("Acme GmbH & Co. KG").
      let end = k;
      for (let e = k + 1; e <= Math.min(words.length - 1, k + 3); e++) {
        const longer = normalizeCompanyName(words.slice(start, e + 1).join(' '));
        if (longer.legalForm && longer.core === normalizeCompanyName(found).core) {
          found = words.slice(start, e + 1).join(' ');
          end = e;
        }
      }
      out.push(found);
      k = end + 1;
      floor = k;
    } else k++;
  }
  return out;
}

/** Company-like names (ending in a legal form) anywhere in the text, in order of appearance, each once. */
export function companyNames(lines: TextLine[]): { name: string; line: number }[] {
  const seen = new Set<string>();
  const out: { name: string; line: number }[] = [];
  lines.forEach((l, i) => {
    for (const part of l.text.split(/\s+[|●•·]\s*|\s+[-–]\s+|:\s+|\s{2,}|\t/)) {
      const short = cleanName(part).replace(/^((of|for|between|and|the|by|with|to)\s+)+/i, '');
      const names = short.split(/\s+/).length <= 6 && hasLegalForm(short) && looksLikeName(short) ? [short] : companiesInSentence(part);
      for (const c of names) {
        const key = normalizeCompanyName(c).full;
        if (!seen.has(key)) {
          seen.add(key);
          out.push({ name: c, line: i });
        }
      }
    }
  });
  return out;
}

/**
 * A short name ("Client: HALVERSON") written in full elsewhere on the page, at the start of a cell
 * with its legal form ("HALVERSON LTD" heading the address block): that full name, when there is
 * exactly one and it is not `not` (the other party's).
 */
export function fullerName(lines: TextLine[], name: string, not?: string | null): string | null {
  if (hasLegalForm(name)) return null;
  const want = `${fold(name).trim()} `;
  const found = new Set<string>();
  for (const l of lines) {
    for (const cell of l.text.split('\t')) {
      const c = cleanName(cell);
      if (!fold(c).startsWith(want) || !isLegalFormOnly(c.slice(want.length))) continue;
      if (not && normalizeCompanyName(c).full === normalizeCompanyName(not).full) return null;
      found.add(c);
    }
  }
  return found.size === 1 ? [...found][0] : null;
}

export function emptyParty(): PartyFacts {
  return { name: null, address: null, registration_number: null, vat_id: null, iban: null, country_code: null };
}

export function toPartyFacts(p: FoundParty | null): PartyFacts {
  if (!p) return emptyParty();
  const { line: _line, end: _end, ...facts } = p;
  return facts;
}
