// The case and the task a document is checked against: the company, the person, the transaction,
// what was asked for and today. Knows no document type, so a type's own rules can take it.

export interface TransactionFacts {
  direction: 'incoming' | 'outgoing' | null;
  /** Decimal string as given in the case. */
  amount: string | null;
  currency: string | null;
  date: string | null;
  counterparty: string | null;
}

export interface CaseFacts {
  company_full_name: string;
  company_reg_number: string | null;
  user_full_name: string | null;
  transaction: TransactionFacts | null;
}

export interface TaskFacts {
  /** verification_task.document_type, as asked. */
  requested_type: string;
  /** verification_task.company_full_name. */
  company_full_name: string;
  file_name: string;
}

export interface RuleContext {
  case: CaseFacts;
  task: TaskFacts;
  /** Today, ISO; injected so rules are deterministic. */
  today: string;
}

/**
 * What the content rules of a type know besides the case: the side of the document the request puts
 * the client on (`invoice_with_client`: the seller), as the registry of types declares it.
 */
export interface ContentRuleContext extends RuleContext {
  requestedClientRole: 'seller' | 'buyer' | null;
}

/** Builds the case facts from the stored case data (`cases.case_data`) and the task's company name. */
export function caseFactsFrom(caseData: Record<string, unknown>, companyName: string): CaseFacts {
  const str = (k: string) => (typeof caseData[k] === 'string' && (caseData[k] as string).trim() !== '' ? (caseData[k] as string).trim() : null);
  const amount = caseData.trx_amount;
  const hasTrx = ['trx_amount', 'trx_currency', 'trx_date', 'trx_counterparty_full_name', 'trx_direction'].some((k) => caseData[k] !== undefined && caseData[k] !== null);
  const direction = str('trx_direction');
  return {
    company_full_name: companyName || str('company_full_name') || '',
    company_reg_number: str('company_reg_number'),
    user_full_name: str('user_full_name'),
    transaction: hasTrx
      ? {
          direction: direction === 'incoming' || direction === 'outgoing' ? direction : null,
          amount: typeof amount === 'number' || typeof amount === 'string' ? String(amount) : null,
          currency: str('trx_currency'),
          date: str('trx_date'),
          counterparty: str('trx_counterparty_full_name'),
        }
      : null,
  };
}
