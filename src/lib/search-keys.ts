// The normalised keys the case list searches and sorts on: the company name without accents,
// case or punctuation ("Müller & Søn A/S" → "muller and son a s"), and the registration number
// without spaces or separators. Stored on every case (migration 006) so both databases can index them.
import { normalizeText } from './names.ts';
import { storedObject } from './stored-json.ts';

export function nameSearchKey(name: string): string {
  return normalizeText(name);
}

export function regNumberKey(regNumber: unknown): string | null {
  if (typeof regNumber !== 'string') return null;
  const key = regNumber
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toUpperCase();
  return key || null;
}

/** The list columns of a case row, derived from what it was created with. */
export function caseListColumns(row: { company_full_name: string; case_data: string }): { company_name_search: string; reg_number_search: string | null } {
  let regNumber: unknown = null;
  try {
    regNumber = storedObject(row.case_data, 'cases.case_data').company_reg_number;
  } catch {
    regNumber = null;
  }
  return { company_name_search: nameSearchKey(row.company_full_name), reg_number_search: regNumberKey(regNumber) };
}
