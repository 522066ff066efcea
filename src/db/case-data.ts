// The shape of the JSON the `cases.case_data` column holds.
/**
 * The case as its client sent it, stored as JSON in `cases.case_data` (validated on the way in by
 * `cases/cases.schemas.ts`, whose static type is assignable to this one).
 */
export interface StoredCaseData {
  case_kind: 'onboarding' | 'monitoring';
  company_country_code: string;
  company_full_name: string;
  company_reg_number?: string;
  user_full_name?: string;
  company_id?: string;
  company_reg_date?: string;
  company_industry_classification?: { classification: 'UKSIC2007' | 'NACE' | 'MCC' | 'NAICS'; code: string }[];
  account_opening_date?: string;
  trx_direction?: 'incoming' | 'outgoing';
  trx_counterparty_full_name?: string;
  trx_amount?: number;
  trx_currency?: string;
  trx_date?: string;
  trx_description?: string;
  trx_ref_number?: string;
  ultimate_debtor?: string;
  ultimate_creditor?: string;
  modules: { module: string; document_name?: string; question?: string; subject?: string }[];
}
