// How Dossier tells that two mentions are the same real entity: companies by country and
// registration number, else by name (legal form aside) in the same country; persons by first and
// last name with birth months that do not disagree. Pure.
import crypto from 'node:crypto';
import { normalizeCompanyName, normalizePersonName } from '../lib/names.ts';
import { normalizeCompanyNumber } from './registers/companies-house/mapping.ts';

/** Registration numbers compared without spaces, dots or dashes; UK numbers padded to 8 characters. */
export function normalizeRegNumber(countryCode: string, regNumber: string): string {
  const s = regNumber.replace(/[\s.\-/]+/g, '').toUpperCase();
  return countryCode.toUpperCase() === 'GB' ? normalizeCompanyNumber(s) : s;
}

export function regKey(countryCode: string | null | undefined, regNumber: string | null | undefined): string | null {
  if (!countryCode || !regNumber || !regNumber.trim()) return null;
  return `${countryCode.toUpperCase()}:${normalizeRegNumber(countryCode, regNumber)}`;
}

/** The name of a company without its legal form, normalised ("Acme Trading Ltd." → "acme trading"). */
export function companyNameKey(name: string | null | undefined): string {
  if (!name) return '';
  return normalizeCompanyName(name).core;
}

/** First given name and last name, normalised ("Mrs Jane Anne SMITH" → "jane smith"). */
export function personNameKey(first: string | null | undefined, last: string | null | undefined): string {
  const words = normalizePersonName([first ?? '', last ?? ''].join(' '));
  if (words.length === 0) return '';
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words[words.length - 1]}`;
}

/** Birth months agree unless both are known and differ (YYYY-MM, or a full date's month). */
export function birthMonthsAgree(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return true;
  return a.slice(0, 7) === b.slice(0, 7);
}

/** A stable id for an entity first seen through `key` in a case: the same inputs give the same id. */
export function stableId(caseId: string, key: string): string {
  const hex = crypto.createHash('sha256').update(`${caseId}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) & 3]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
