// Through the API, on cases the test builds, with the code lists Dossier ships (no reference-data
// folder): the case result's business_description_summary (from the description answers, else from
// the documents), the main company's auto_assigned_industry_codes and its is_license_required.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { dialogApi } from '../dialog/helpers.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
});
afterAll(() => s?.close());

const NAME = 'Oakfield Coffee Ltd';

function mainCompany(result: any): any {
  return result.result.legal_entities.find((e: any) => e.entity_id === result.result.main_entity_id).entity_details;
}

/** A case whose first conversation is completed empty, then a follow-up answering business_description. */
async function describedCase(name: string, description: string) {
  const ids = await f.createCase(onboardingCase({ company_full_name: name }));
  await f.complete(ids.conversation_id);
  await f.caseResult(ids.case_id);
  const res = await s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'business_description' }] });
  const d = dialogApi(s.url, res.body.conversation_id);
  await d.state();
  expect((await d.answer('0:business_description', description)).body.rejected).toBeUndefined();
  expect((await d.submit()).status).toBe(200);
  return f.caseResult(ids.case_id);
}

describe('industry codes, summary and licence in the case result', () => {
  it('gives a coffee wholesaler its UK SIC, NACE, NAICS and MCC codes, a third-person summary, and no licence', async () => {
    const result = await describedCase(NAME, 'We are a coffee wholesaler. We import green coffee from Brazil and Colombia, roast it and supply it to cafés and restaurants across the UK.');
    expect(result.result.business_description_summary).toBe(
      `${NAME} is a coffee wholesaler. ${NAME} imports green coffee from Brazil and Colombia, roasts it and supplies it to cafés and restaurants across the UK.`,
    );
    const main = mainCompany(result);
    expect(main.auto_assigned_industry_codes).toEqual(
      expect.arrayContaining([
        { classification: 'UKSIC2007', code: '46370' },
        { classification: 'NACE', code: '46.37' },
        { classification: 'NAICS', code: '424490' },
        { classification: 'MCC', code: '5199' },
      ]),
    );
    expect(main.is_license_required).toBe(false);
  });

  it('says a licence is required for a gambling business', async () => {
    const result = await describedCase('Lucky Star Gaming Ltd', 'We operate an online casino and sports betting website for players in the UK.');
    const main = mainCompany(result);
    expect(main.auto_assigned_industry_codes).toEqual(
      expect.arrayContaining([
        { classification: 'UKSIC2007', code: '92000' },
        { classification: 'MCC', code: '7995' },
      ]),
    );
    expect(main.is_license_required).toBe(true);
  });

  it('summarises the documents of a first onboarding conversation, and a licence given means one is required', async () => {
    const ids = await f.createCase(onboardingCase({ company_full_name: NAME }));
    const invoice = await makeTextPdf({
      title: 'Invoice INV-2041',
      lines: [
        NAME,
        '12 Harbour Road, Bristol BS1 4QA, United Kingdom',
        '',
        'INVOICE INV-2041',
        'Invoice date: 2026-09-02',
        '',
        'Bill to:',
        'Alpine Foods AG',
        'Bahnhofstrasse 5, 8001 Zurich, Switzerland',
        '',
        'Roasted coffee beans 40 x 25.00 1000.00 EUR',
        'VAT 20%: 200.00 EUR',
        'Total due: 1200.00 EUR',
      ],
    });
    const invoiceId = (await f.upload(ids.conversation_id, invoice, 'invoice.pdf')).body.document_id;
    await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, invoiceId, NAME, 'invoice'));
    const licence = await makeTextPdf({
      lines: [
        'Bristol City Council',
        'TRADING LICENCE',
        'Licence number: LIC-204411',
        `Licence holder: ${NAME}`,
        'Licensed activity: Import and export of foodstuffs',
        'Date of issue: 2 March 2026',
        'Valid until: 1 March 2029',
      ],
    });
    const licenceId = (await f.upload(ids.conversation_id, licence, 'licence.pdf')).body.document_id;
    await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, licenceId, NAME, 'license'));
    await f.complete(ids.conversation_id);
    const result = await f.caseResult(ids.case_id);
    const summary: string = result.result.business_description_summary;
    expect(summary).toContain(`${NAME} sells roasted coffee beans`);
    expect(summary).toContain('Alpine Foods AG');
    expect(summary).toContain(`${NAME} holds a licence for import and export of foodstuffs`);
    expect(mainCompany(result).is_license_required).toBe(true);
  });

  it('leaves the summary empty and the licence question open when nothing is known', async () => {
    const ids = await f.createCase(onboardingCase({ company_full_name: 'Blank Slate Ltd' }));
    await f.complete(ids.conversation_id);
    const result = await f.caseResult(ids.case_id);
    expect(result.result.business_description_summary).toBe('');
    expect(mainCompany(result).auto_assigned_industry_codes).toEqual([]);
    expect(mainCompany(result).is_license_required).toBeNull();
  });
});
