// Checks of a case payload that a JSON schema cannot express: real ISO codes, requiredness that
// depends on the case kind, the module rules of each context, dates not in the future, amounts
// that can be kept exactly. Pure: returns the problems, each with the JSON path at fault.
import countries from 'i18n-iso-countries';
import currencyCodes from 'currency-codes';
import type { ErrorDetail } from '../http/errors.ts';
import type { CaseData, CreateCaseInput } from './cases.schemas.ts';
import { validateModules } from './modules.ts';

const INDUSTRY_CODE_FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  UKSIC2007: { pattern: /^\d{4,5}$/, example: '62012' },
  NACE: { pattern: /^[A-U](\d{2}(\.\d{1,2})?)?$|^\d{2}(\.\d{1,2})?$/, example: '62.01' },
  MCC: { pattern: /^\d{4}$/, example: '5999' },
  NAICS: { pattern: /^\d{2,6}$/, example: '541511' },
};

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes.code(code) !== undefined;
}

/** Amounts are stored as the decimal string JSON gave; 15 significant digits round-trip exactly. */
export function amountToDecimalString(amount: number): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const s = String(amount);
  if (/e/i.test(s)) return null;
  const digits = s.replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? s : null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function validateCaseData(c: CaseData, base = '/case'): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!isCountryCode(c.company_country_code)) {
    problems.push({ path: `${base}/company_country_code`, message: `"${c.company_country_code}" is not an ISO 3166-1 alpha-2 country code (uppercase, e.g. GB)` });
  }
  if (c.trx_currency !== undefined && !isCurrencyCode(c.trx_currency)) {
    problems.push({ path: `${base}/trx_currency`, message: `"${c.trx_currency}" is not an ISO 4217 currency code (uppercase, e.g. EUR)` });
  }
  if (c.case_kind === 'monitoring' && c.trx_direction === undefined) {
    problems.push({ path: `${base}/trx_direction`, message: 'trx_direction is required for monitoring cases: incoming or outgoing' });
  }
  if (c.trx_amount !== undefined && amountToDecimalString(c.trx_amount) === null) {
    problems.push({ path: `${base}/trx_amount`, message: 'trx_amount must be a positive decimal number with at most 15 significant digits' });
  }
  for (const field of ['company_reg_date', 'account_opening_date'] as const) {
    const value = c[field];
    if (value !== undefined && value > today()) problems.push({ path: `${base}/${field}`, message: `${field} ${value} is in the future` });
  }
  c.company_industry_classification?.forEach((ic, i) => {
    const fmt = INDUSTRY_CODE_FORMATS[ic.classification];
    if (fmt && !fmt.pattern.test(ic.code)) {
      problems.push({ path: `${base}/company_industry_classification/${i}/code`, message: `"${ic.code}" is not a ${ic.classification} code (e.g. ${fmt.example})` });
    }
  });
  problems.push(...validateModules(c.case_kind, c.modules, `${base}/modules`));
  return problems;
}

export function validateCreateCase(input: CreateCaseInput): ErrorDetail[] {
  const problems = validateCaseData(input.case);
  const seen = new Set<string>();
  input.invitation_email_recipients?.forEach((addr, i) => {
    const key = addr.toLowerCase();
    if (seen.has(key)) problems.push({ path: `/invitation_email_recipients/${i}`, message: `"${addr}" is listed twice` });
    seen.add(key);
  });
  return problems;
}
