// Builders of valid requests; each test changes only what it is about.
export function onboardingCase(overrides: Record<string, unknown> = {}, top: Record<string, unknown> = {}) {
  return {
    communication_id: `ref-${Math.random().toString(36).slice(2, 10)}`,
    case_manager: { name: 'Carla Manager', email: 'carla@bank.example' },
    ...top,
    case: {
      case_kind: 'onboarding',
      company_full_name: 'Acme Trading Ltd',
      company_country_code: 'GB',
      company_reg_number: '01234567',
      user_full_name: 'Jane Quinn Public',
      modules: [{ module: 'documents_verification' }],
      ...overrides,
    },
  };
}

export function monitoringCase(overrides: Record<string, unknown> = {}, top: Record<string, unknown> = {}) {
  return {
    communication_id: `mon-${Math.random().toString(36).slice(2, 10)}`,
    ...top,
    case: {
      case_kind: 'monitoring',
      company_full_name: 'Acme Trading Ltd',
      company_country_code: 'GB',
      company_id: 'cust-001',
      company_reg_date: '2015-03-02',
      company_industry_classification: [{ classification: 'UKSIC2007', code: '46900' }],
      account_opening_date: '2020-01-15',
      trx_direction: 'incoming',
      trx_counterparty_full_name: 'Globex GmbH',
      trx_amount: 15250.75,
      trx_currency: 'EUR',
      trx_date: '2026-10-01',
      trx_description: 'Payment for 200 industrial pumps',
      trx_ref_number: 'TRX-2026-0042',
      ultimate_debtor: 'Globex GmbH',
      ultimate_creditor: 'Acme Trading Ltd',
      modules: [
        { module: 'invoice' },
        { module: 'contract' },
        { module: 'transaction_rationale' },
        { module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' },
        { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' },
      ],
      ...overrides,
    },
  };
}

export function uploadForm(bytes: Buffer, fileName: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), fileName);
  return form;
}

/** The steps every flow test repeats, through the HTTP API. */
export function flows(api: import('./server.ts').ApiCaller) {
  return {
    async createCase(body: unknown = onboardingCase()) {
      const res = await api('POST', '/api/v1/cases', body);
      if (res.status !== 201) throw new Error(`case not created: ${res.text}`);
      return res.body as { case_id: string; conversation_id: string };
    },
    async upload(conversationId: string, bytes: Buffer, fileName = 'document.pdf') {
      return api('POST', `/api/v1/conversations/${conversationId}/documents`, undefined, { raw: uploadForm(bytes, fileName) });
    },
    async verify(conversationId: string, documentId: string, companyFullName = 'Acme Trading Ltd', documentType = 'invoice') {
      const res = await api('POST', `/api/v1/conversations/${conversationId}/verifications`, {
        document_id: documentId,
        verification_task: { document_type: documentType, company_full_name: companyFullName },
      });
      if (res.status !== 201) throw new Error(`verification not created: ${res.text}`);
      return res.body.verification_id as string;
    },
    /** The verification's check results once it is ready; `timeoutMs` for documents that take long to read. */
    async verificationResult(conversationId: string, verificationId: string, timeoutMs?: number) {
      const { eventually } = await import('./server.ts');
      return eventually(async () => {
        const r = await api('GET', `/api/v1/conversations/${conversationId}/verifications/${verificationId}`);
        return r.body.status === 'ready' ? (r.body.result.check_results as { issue_id: string; severity: string; text: string }[]) : undefined;
      }, timeoutMs);
    },
    async complete(conversationId: string) {
      return api('POST', `/api/v1/conversations/${conversationId}/status`, 'completed');
    },
    async conversationResult(conversationId: string) {
      const { eventually } = await import('./server.ts');
      return eventually(async () => {
        const r = await api('GET', `/api/v1/conversations/${conversationId}/result`);
        return r.body.status === 'ready' ? r.body : undefined;
      });
    },
    async caseResult(caseId: string) {
      const { eventually } = await import('./server.ts');
      return eventually(async () => {
        const r = await api('GET', `/api/v1/cases/${caseId}/result`);
        return r.body.status === 'ready' ? r.body : undefined;
      });
    },
  };
}
