// Facts of bills and statements that their pages do not spell out: the currency of an account that
// prints none (its IBAN's country, a UK sort code), a British postcode whose space OCR lost, and a
// bill's date when its own line was lost (never one end of its period), a party named twice (with and
// without a title), an address under a plain label that ends with its town.
import { findDates } from './dates.ts';
import { type DocText, valueAfter } from './doc-text.ts';
import { findIbans } from './identifiers.ts';
import { isTownLine } from './layout-pairs.ts';
import { cleanName, looksLikeAddress } from './parties.ts';
import { fold } from './text.ts';

/** Labels of an account's or a bill's holder. */
export const HOLDER = [
  'account holder',
  'account name',
  'account owner',
  'kontoinhaber',
  'titulaire du compte',
  'titulaire',
  'titular',
  'intestatario',
  'rekeninghouder',
  'customer name',
  'name of customer',
];

/** Labels of an account's number; "Compte n°" (Morocco, France) and "N° Cuenta" (Chile) put the number's sign after or before the word. */
// biome-ignore format: a list of labels reads better packed
export const ACCOUNT_NUMBER_LABELS = [
  'account number', 'account no', 'acct no', 'primary account', 'acct #', 'account #', 'card number', 'kontonummer', 'numero de compte', 'numero de cuenta',
  'compte n°', 'compte nº', 'compte no', 'n° cuenta', 'nº cuenta', 'no cuenta', 'n° de cuenta', 'nº de cuenta', 'account',
];

/**
 * Labels a bill prints over its holder's block, with nothing beside them: "Titular del servicio" (Argentina),
 * "Suscriptor" (Colombia), "NAME & ADDRESS" (Pakistan). Looked for before a customer's label elsewhere on the page.
 */
export const HOLDER_OVER_BLOCK = ['titular del servicio', 'suscriptor', 'name & address', 'name and address'];

/**
 * The first date of the page that is not one end of a period: a line with two dates or a period's word
 * ("Periodo de facturación: del 01/02/2024 al 29/02/2024") gives no issue date when the date's own line was lost.
 */
export function firstLoneDate(d: DocText): string | null {
  for (const l of d.lines) {
    const dates = findDates(l.text, d.order);
    if (dates.length === 0) continue;
    // Not the short words of a range ("du", "vom"): they also date a bill alone ("Facture du 15/02/2024", "Rechnung vom …").
    if (dates.length > 1 || /\b(?:period[eo]?|\p{L}*zeitraum|from|bis|thru|through|until)\b/u.test(l.fold)) continue;
    // Nor the day it is to be paid or debited ("Prélevé le 15/04/2024", "Pay by …").
    if (/\b(?:due|pay|payable|paid|debit\p{L}*|prelev\p{L}*|paiement|payer|zahlbar|fallig|abbuchung|vencimiento|cargo|scadenza|addebito|betalen|afschrijving|termin)\b/u.test(l.fold)) continue;
    return dates[0].iso;
  }
  return null;
}

/**
 * A British postcode whose space OCR lost ("LS14AB"): its inward part is always a digit and two letters,
 * so the space goes back before them ("LS1 4AB").
 */
export function spacedPostcode(address: string | null): string | null {
  return address?.replace(/\b([A-Z]{1,2}\d[A-Z\d]?)(\d[ABD-HJLNP-UW-Z]{2})\b/g, '$1 $2') ?? null;
}

/** Countries of the euro whose IBANs a statement may print. */
const EURO_IBAN = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'PT', 'SI', 'SK', 'SM']);
const IBAN_CURRENCY: Record<string, string> = { GB: 'GBP', CH: 'CHF', LI: 'CHF', PL: 'PLN', CZ: 'CZK', HU: 'HUF', SE: 'SEK', DK: 'DKK', NO: 'NOK', RO: 'RON', BG: 'BGN' };

/**
 * The currency of an account that prints none: its IBAN's country (a German IBAN keeps euros), else a
 * UK sort code ("Sort code 20-45-77"), which only British accounts in pounds have.
 */
export function accountCurrency(text: string): string | null {
  const country = findIbans(text)[0]?.slice(0, 2);
  if (country) return EURO_IBAN.has(country) ? 'EUR' : (IBAN_CURRENCY[country] ?? null);
  return /\bsort\s?code\b\W{0,3}\d{2}[- ]\d{2}[- ]\d{2}\b/i.test(text) ? 'GBP' : null;
}

/** The same party written twice, once with a title or in other case: "M. Julien Moreau" and "Julien Moreau". */
export function sameParty(a: string, b: string): boolean {
  const norm = (s: string) =>
    fold(cleanName(s))
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return norm(a) === norm(b);
}

/** An address under a plain "Address" label, kept when its lines end with a town and its postcode ("B-14, Sector 62, Noida, Uttar Pradesh 201309"). */
export function townEnded(address: string | null): string | null {
  const parts = address?.split(', ') ?? [];
  return address && parts.length >= 2 && isTownLine(parts.at(-1) ?? '') ? address : null;
}

/**
 * A statement's address on one line beside a plain "Address" label, where no address block stands
 * (a Nigerian or Kenyan statement: "Address:	21 Example Street, Victoria Island, Lagos", with no postcode).
 */
export function plainAddress(d: DocText): string | null {
  return valueAfter(d, [['address', 'adresse', 'anschrift', 'direccion', 'indirizzo']], (t) => (looksLikeAddress(t.trim()) && /,/.test(t) ? t.trim() : null), { lookahead: 0 });
}
