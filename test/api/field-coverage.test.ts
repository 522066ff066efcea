// Every company and person field of the case result, filled from evidence in one case built here
// through the API: the company looked up in (a loopback) Companies House, an invoice to a
// customer with both sides' VAT numbers and addresses, the account owner's passport and a bank
// letter addressed to them, and declarations (the people's PEP, US-person and tax residency, the
// account owner's contact details and identity-verification references, the company's tax
// residence). The fields no evidence Dossier reads can fill stay empty, as the README says; the
// company website is given in the dialog and filled in test/api/website-check.test.ts.
// Also the company's tax residence declared in the dialog's declarations step.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { startFakeCompaniesHouse, TEST_API_KEY, type FakeCompaniesHouse } from '../helpers/companies-house.ts';
import { dialogApi, formAnswers } from '../dialog/helpers.ts';

let s: TestServer;
let ch: FakeCompaniesHouse;
let f: ReturnType<typeof flows>;

setupAll(async () => {
  ch = await startFakeCompaniesHouse();
  s = await startServer({ COMPANIES_HOUSE_API_KEY: TEST_API_KEY, COMPANIES_HOUSE_API_URL: ch.url, COMPANIES_HOUSE_DOCUMENT_API_URL: ch.url });
  f = flows(s.api);
});
afterAll(async () => {
  await s?.close();
  await ch?.close();
});

type Details = Record<string, any>;

/** A field is filled when it holds something: not null, not an empty string, array or address. */
function filled(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.values(v as object).some((x) => x !== '' && x !== null);
  return true;
}

// Where each field comes from in the case below; `empty` fields have no source Dossier reads.
const COMPANY: Record<string, 'filled' | 'empty' | string> = {
  entity_id: 'filled',
  company_full_name: 'filled', // case data, register
  legal_type: 'filled', // register
  incorporation_date: 'filled', // register
  company_status: 'filled', // register
  company_country_code: 'filled', // case data
  company_website: 'test/api/website-check.test.ts', // the dialog's website step
  company_email: 'filled', // invoice letterhead
  company_reg_number: 'filled', // case data, register
  tax_residency_country_code: 'filled', // declaration
  tax_residence_number: 'filled', // declaration
  vat_number: 'filled', // invoice
  legal_address: 'filled', // register
  legal_address_translated: 'filled',
  operational_address: 'filled', // invoice letterhead
  operational_address_translated: 'filled',
  registered_industry_codes: 'filled', // register SIC codes
  auto_assigned_industry_codes: 'test/api/industry-summary.test.ts', // what the company does, ranked against the code lists
  shareholders: 'filled', // register PSCs
  ultimate_beneficiary_owners: 'filled', // computed from the chain
  directors: 'filled', // register officers
  is_license_required: 'filled', // registered codes in a covered country
  counterparties: 'filled', // the invoice's buyer
  additional_details: 'filled', // register notes (significant control)
};

const PERSON: Record<string, 'filled' | 'empty'> = {
  entity_id: 'filled',
  first_name: 'filled', // case data, register, passport
  last_name: 'filled',
  date_of_birth: 'filled', // register, passport
  id_number: 'filled', // passport
  citizenship_country_code: 'filled', // register nationality, passport
  residency_country_code: 'filled', // register country of residence, bank letter
  tax_residency_country_code: 'filled', // declaration
  tax_residence_number: 'filled', // declaration
  is_us_person: 'filled', // declaration
  is_pep_self_assessment: 'filled', // declaration
  email: 'filled', // the account owner's own declaration
  phone: 'filled', // the account owner's own declaration
  residential_address: 'filled', // bank letter addressed to the person
  residential_address_translated: 'filled',
  linkedin_profile: 'filled', // the account owner's own declaration
  identity_verification_external_user_id: 'filled', // the API client's declaration of its provider's reference
  identity_verification_applicant_id: 'filled', // the API client's declaration of its provider's reference
  additional_details: 'filled', // register service address
};

async function uploadAndVerify(conversationId: string, lines: string[], fileName: string, documentType: string): Promise<void> {
  const id = (await f.upload(conversationId, await makeTextPdf({ lines }), fileName)).body.document_id as string;
  await f.verificationResult(conversationId, await f.verify(conversationId, id, 'Acme Trading Ltd', documentType));
}

describe('one case with register, documents and declarations', () => {
  let main: Details;
  let owner: Details;

  setupAll(async () => {
    const ids = await f.createCase(onboardingCase({ company_full_name: 'Acme Trading Ltd', company_reg_number: '01234567', user_full_name: 'John Doe' }));
    const c = ids.conversation_id;
    await uploadAndVerify(
      c,
      [
        'Acme Trading Ltd',
        '12 Harbour Street, Bristol BS1 4RN',
        'United Kingdom',
        'E-mail: accounts@acme-trading.co.uk',
        'VAT Reg No: GB123456789',
        '',
        'INVOICE INV-2026-041',
        'Invoice date: 2 March 2026',
        '',
        'Bill to:',
        'Globex GmbH',
        'Europa-Allee 19',
        '60486 Frankfurt am Main',
        'Germany',
        'USt-IdNr.: DE811907980',
        '',
        'Industrial pumps and valves: 12,708.96 EUR',
        'VAT 20%: 2,541.79 EUR',
        'Total due: 15,250.75 EUR',
      ],
      'invoice.pdf',
      'invoice_with_client',
    );
    await uploadAndVerify(
      c,
      ['PASSPORT', 'Surname: DOE', 'Given names: JOHN', 'Nationality: IRL', 'Date of birth: 14 Nov 1980', 'Passport No: PA1234567', 'Date of expiry: 01 Jan 2031'],
      'passport.pdf',
      'passport',
    );
    await uploadAndVerify(
      c,
      [
        'Harbour Bank plc',
        'Bank reference letter',
        'Date: 3 March 2026',
        'Account holder: John Doe',
        'Address: 7 Clifton Road, Bristol BS8 1AA, United Kingdom',
        'We confirm that John Doe maintains an account with us since 2019.',
      ],
      'bank-letter.pdf',
      'proof_of_address',
    );
    const comment = (body: unknown) => s.api('POST', `/api/v1/conversations/${c}/comments`, body);
    const caseRow = await s.d.ctx.db.selectFrom('cases').select('main_entity_id').where('id', '=', ids.case_id).executeTakeFirstOrThrow();
    const r = await comment([
      { issue_id: 'declaration:is_pep_self_assessment', comment_text: 'no' },
      { issue_id: 'declaration:is_us_person', comment_text: 'no' },
      { issue_id: 'declaration:tax_residency_country_code', comment_text: 'GB' },
      { issue_id: 'declaration:tax_residence_number', comment_text: 'AB123456C' },
      { issue_id: 'declaration:email', comment_text: 'john.doe@acme-trading.co.uk' },
      { issue_id: 'declaration:phone', comment_text: '+44 (117) 496-0123' },
      { issue_id: 'declaration:linkedin_profile', comment_text: 'https://www.linkedin.com/in/john-doe-acme' },
      { issue_id: 'declaration:identity_verification_external_user_id', comment_text: 'acme-user-0042' },
      { issue_id: 'declaration:identity_verification_applicant_id', comment_text: '65f1c0a2e4b0d8a1c2f3e4d5' },
      { issue_id: `declaration:tax_residency_country_code:${caseRow.main_entity_id}`, comment_text: 'gb' },
      { issue_id: `declaration:tax_residence_number:${caseRow.main_entity_id}`, comment_text: '1234567890' },
    ]);
    expect(r.status).toBe(200);
    expect((await f.complete(c)).status).toBe(200);
    const { result } = await f.caseResult(ids.case_id);
    main = result.legal_entities.find((e: Details) => e.entity_id === result.main_entity_id).entity_details;
    owner = result.legal_entities.find((e: Details) => e.entity_id === result.account_owner_entity_ids[0]).entity_details;
  });

  it.each(Object.entries(COMPANY))('company field %s: %s', (field, expected) => {
    expect(main).toHaveProperty(field);
    if (expected === 'filled') expect(filled(main[field]), `${field}: ${JSON.stringify(main[field])}`).toBe(true);
    if (expected === 'empty') expect(filled(main[field])).toBe(false);
  });

  it.each(Object.entries(PERSON))('person field %s: %s', (field, expected) => {
    expect(owner).toHaveProperty(field);
    expect(filled(owner[field]), `${field}: ${JSON.stringify(owner[field])}`).toBe(expected === 'filled');
  });

  it('fills them with the values the evidence gives', () => {
    expect(main).toMatchObject({ tax_residency_country_code: 'GB', tax_residence_number: '1234567890', vat_number: 'GB123456789', company_email: 'accounts@acme-trading.co.uk' });
    expect(owner).toMatchObject({
      first_name: 'John',
      last_name: 'Doe',
      date_of_birth: '1980-11',
      id_number: 'PA1234567',
      is_pep_self_assessment: false,
      is_us_person: false,
      tax_residency_country_code: 'GB',
      tax_residence_number: 'AB123456C',
      residency_country_code: 'GB',
      email: 'john.doe@acme-trading.co.uk',
      phone: '+441174960123',
      linkedin_profile: 'https://www.linkedin.com/in/john-doe-acme',
      identity_verification_external_user_id: 'acme-user-0042',
      identity_verification_applicant_id: '65f1c0a2e4b0d8a1c2f3e4d5',
    });
    expect(owner.residential_address).toMatchObject({ country_code: 'GB' });
    expect(JSON.stringify(owner.residential_address)).toContain('7 Clifton Road');
  });
});

describe("the company's tax residence in the dialog's declarations step", () => {
  it('asks it in a fieldset of its own and fills the company', async () => {
    const ids = await f.createCase(onboardingCase({ company_full_name: 'Zeta Widgets Ltd', company_reg_number: '09999999' }));
    const d = dialogApi(s.url, ids.conversation_id);
    let form: any = null;
    for (let guard = 0; guard < 10; guard++) {
      const step = (await d.state()).body.view.step;
      if (!step) break;
      if (step.kind === 'upload') {
        expect((await d.skip(step.key, 'We will send it by post.')).status).toBe(200);
        continue;
      }
      const overrides: Record<string, string> = {};
      if (step.module === 'declarations') {
        form = step.form;
        const company = step.form.groups.at(-1);
        expect(company.legend).toBe('Zeta Widgets Ltd (the company)');
        expect(company.fields.map((x: { control: string; required: boolean }) => [x.control, x.required])).toEqual([
          ['select', false],
          ['text', false],
        ]);
        const bad = await d.form(step.key, formAnswers(step.form, { [company.fields[0].name]: 'XX' }));
        expect(bad.body.rejected).toBeDefined();
        overrides[company.fields[0].name] = 'IE';
        overrides[company.fields[1].name] = '1234567T';
      }
      const r = await d.form(step.key, formAnswers(step.form, overrides));
      expect(r.status).toBe(200);
      expect(r.body.rejected).toBeUndefined();
    }
    expect(form).not.toBeNull();
    expect((await d.submit()).body.view.status).toBe('completed');
    const { result } = await f.caseResult(ids.case_id);
    const company = result.legal_entities.find((e: Details) => e.entity_id === result.main_entity_id).entity_details;
    expect(company).toMatchObject({ tax_residency_country_code: 'IE', tax_residence_number: '1234567T' });
  });

  it('refuses a PEP or US-person declaration for the company through the API', async () => {
    const ids = await f.createCase(onboardingCase());
    const caseRow = await s.d.ctx.db.selectFrom('cases').select('main_entity_id').where('id', '=', ids.case_id).executeTakeFirstOrThrow();
    const r = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: `declaration:is_us_person:${caseRow.main_entity_id}`, comment_text: 'no' }]);
    expect(r.status).toBe(400);
    expect(r.body.details[0].message).toContain('is the company');
  });
});
