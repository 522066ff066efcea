// The case result states only what the evidence says, through the API with documents built here:
// a certificate of another company (its name unread) changes no entity; every natural person at
// the end of the ownership chain is a beneficial owner, whatever their stake; names keep their
// particles; a passport names its person's entity; a contract yields exactly its two parties; an
// other_document keeps the name the client asked for it by.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { dialogApi, goodAnswers } from '../dialog/helpers.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
});
afterAll(() => s?.close());

type Entity = { entity_id: string; entity_details: Record<string, any> };
type Doc = { document_id: string; document_name: string; entity_id: string | null; extracted_data: Record<string, any> };

async function uploadAndVerify(conversationId: string, lines: string[], fileName: string, documentType: string): Promise<string> {
  const id = (await f.upload(conversationId, await makeTextPdf({ lines }), fileName)).body.document_id as string;
  await f.verificationResult(conversationId, await f.verify(conversationId, id, 'Acme Trading Ltd', documentType));
  return id;
}

describe('an onboarding case with a shareholder register, another company’s certificate and passports', () => {
  let result: Record<string, any>;
  let entities: Entity[];
  const docs: Record<string, string> = {};

  setupAll(async () => {
    const ids = await f.createCase(onboardingCase({ user_full_name: 'Mary Ann van Dijk' }));
    const c = ids.conversation_id;
    docs.register = await uploadAndVerify(
      c,
      ['REGISTER OF SHAREHOLDERS', 'Company name: Acme Trading Ltd', 'Company number: 01234567', 'Oakfield Holdings Ltd 600 60%', 'Mary Ann van Dijk 300 30%', 'Peter Small 100 10%'],
      'shareholders.pdf',
      'shareholder_register',
    );
    // Another company's certificate whose name is not read: only its number is.
    docs.other = await uploadAndVerify(
      c,
      ['CERTIFICATE OF INCORPORATION', 'Company number: 99887766', 'Date of incorporation: 3 April 2019', 'Registered office: 5 Quay Street, Leeds LS1 1AA'],
      'certificate.pdf',
      'certificate_of_incorporation',
    );
    docs.passport = await uploadAndVerify(
      c,
      ['PASSPORT', 'Surname: VAN DIJK', 'Given names: MARY ANN', 'Nationality: NLD', 'Date of birth: 14 May 1985', 'Passport No: NX1234567', 'Date of expiry: 01 Jan 2031'],
      'passport.pdf',
      'passport',
    );
    docs.stranger = await uploadAndVerify(
      c,
      ['PASSPORT', 'Surname: OTHER', 'Given names: JOHN', 'Nationality: GBR', 'Date of birth: 02 Feb 1970', 'Passport No: GB7654321', 'Date of expiry: 01 Jan 2030'],
      'stranger.pdf',
      'passport',
    );
    expect((await f.complete(c)).status).toBe(200);
    result = (await f.caseResult(ids.case_id)).result;
    entities = result.legal_entities;
  });

  const named = (name: string) => entities.find((e) => e.entity_details.company_full_name === name || `${e.entity_details.first_name} ${e.entity_details.last_name}` === name);

  it('lets an unidentified certificate change no entity', () => {
    const other = (result.documents as Doc[]).find((d) => d.document_id === docs.other)!;
    expect(other.extracted_data.fields).toMatchObject({ company_name: null, registration_number: '99887766' });
    const oakfield = named('Oakfield Holdings Ltd')!;
    expect(oakfield.entity_details).toMatchObject({ type: 'company', company_reg_number: '', incorporation_date: '' });
    expect(JSON.stringify(entities)).not.toContain('99887766');
    expect(JSON.stringify(entities)).not.toContain('Quay Street');
    const main = entities.find((e) => e.entity_id === result.main_entity_id)!.entity_details;
    expect(main).toMatchObject({ company_full_name: 'Acme Trading Ltd', company_reg_number: '01234567' });
  });

  it('splits names with particles and keeps one person for one name', () => {
    const mary = named('Mary Ann van Dijk')!;
    expect(mary.entity_details).toMatchObject({ first_name: 'Mary Ann', last_name: 'van Dijk', date_of_birth: '1985-05', id_number: 'NX1234567' });
    expect(result.account_owner_entity_ids).toEqual([mary.entity_id]);
    expect(entities.filter((e) => e.entity_details.last_name === 'van Dijk')).toHaveLength(1);
  });

  it('lists every natural person at the end of the chain as a beneficial owner, flagging stakes under the threshold', () => {
    const main = entities.find((e) => e.entity_id === result.main_entity_id)!.entity_details;
    const mary = named('Mary Ann van Dijk')!;
    const peter = named('Peter Small')!;
    expect(main.shareholders).toEqual([
      { entity_id: named('Oakfield Holdings Ltd')!.entity_id, ownership: { fraction: 0.6 } },
      { entity_id: mary.entity_id, ownership: { fraction: 0.3 } },
      { entity_id: peter.entity_id, ownership: { fraction: 0.1 } },
    ]);
    expect(main.ultimate_beneficiary_owners).toEqual([
      { person_entity_id: mary.entity_id, effective_ownership: { fraction: 0.3 } },
      { person_entity_id: peter.entity_id, effective_ownership: { fraction: 0.1 } },
    ]);
    expect(main.additional_details).toContainEqual({ item_id: `below_ubo_threshold:${peter.entity_id}`, value: expect.stringContaining('25 %') });
    expect(main.additional_details.map((d: { item_id: string }) => d.item_id)).not.toContain(`below_ubo_threshold:${mary.entity_id}`);
  });

  it('gives a passport the entity_id of the person it names, and none when it names nobody of the case', () => {
    const byId = new Map((result.documents as Doc[]).map((d) => [d.document_id, d]));
    expect(byId.get(docs.passport)!.entity_id).toBe(named('Mary Ann van Dijk')!.entity_id);
    expect(byId.get(docs.stranger)!.entity_id).toBeNull();
    expect(byId.get(docs.register)!.entity_id).toBe(result.main_entity_id);
  });
});

describe('a monitoring conversation with a contract and an other_document, through the dialog', () => {
  let result: Record<string, any>;

  setupAll(async () => {
    const modules = [{ module: 'contract' }, { module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' }];
    const ids = await f.createCase(monitoringCase({ modules, trx_counterparty_full_name: 'Alpine Foods AG', ultimate_debtor: 'Alpine Foods AG' }));
    const d = dialogApi(s.url, ids.conversation_id);
    const files: Record<string, () => Promise<Buffer>> = {
      contract: () =>
        makeTextPdf({
          lines: [
            'FREIGHT AGREEMENT',
            'This Agreement is made on 2 March 2026 between Acme Trading Ltd of London ("the Forwarder")',
            'and Alpine Foods AG of Zurich ("the Customer").',
            'The Forwarder carries the goods of the Customer from Hamburg to Zurich.',
            'Goods: frozen food',
          ],
        }),
      other_document: () => makeTextPdf({ lines: ['PACKING LIST', 'Acme Trading Ltd', '12 pallets of frozen food'] }),
    };
    for (let guard = 0; guard < 10; guard++) {
      const step = (await d.state()).body.view.step;
      if (!step) break;
      if (step.kind === 'upload') {
        expect((await d.upload(step.key, await files[step.module]!(), `${step.module}-scan.pdf`)).status).toBe(200);
        await d.checked();
        expect((await d.proceed(step.key)).status).toBe(200);
      } else expect((await d.answer(step.key, goodAnswers[step.module]!)).body.rejected).toBeUndefined();
    }
    expect((await d.submit()).body.view.status).toBe('completed');
    result = (await f.caseResult(ids.case_id)).result;
  });

  it('reads exactly the contract’s two parties and invents no company from its sentences', () => {
    const contract = (result.documents as Doc[]).find((x) => x.extracted_data.fields?.parties)!;
    expect(contract.extracted_data.fields.parties.map((p: { name: string }) => p.name)).toEqual(['Acme Trading Ltd', 'Alpine Foods AG']);
    const companies = (result.legal_entities as Entity[]).filter((e) => e.entity_details.type === 'company').map((e) => e.entity_details.company_full_name);
    expect(companies.sort()).toEqual(['Acme Trading Ltd', 'Alpine Foods AG']);
  });

  it('names an other_document as the client asked for it', () => {
    const packing = (result.documents as Doc[]).find((x) => x.document_name === 'Packing list');
    expect(packing).toBeDefined();
    expect((result.documents as Doc[]).map((x) => x.document_name)).not.toContain('other_document-scan.pdf');
  });
});
