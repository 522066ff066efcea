// Facts read from documents and registers reach the right entity of the case result, through the
// API with documents built here: the invoice's VAT numbers, addresses (split into their fields) and
// countries go to the case company and to the transaction counterparty it names; an invoice between
// two other companies adds nothing; a register address in Cyrillic script is transliterated into
// the translated address while the original is kept.
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { importBods } from '../../src/entities/registers/imported/bods-import.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;

const publication = { publicationDate: '2026-01-10', bodsVersion: '0.4', publisher: { name: 'Dossier test fixtures' } };
// A Ukrainian company of the local register, its registered address in Cyrillic script.
const bods = [
  {
    statementId: 'ua-1',
    declarationSubject: 'ent-zerno',
    statementDate: '2026-01-10',
    publicationDetails: publication,
    recordId: 'ent-zerno',
    recordStatus: 'new',
    recordType: 'entity',
    recordDetails: {
      isComponent: false,
      entityType: { type: 'registeredEntity' },
      name: 'ТОВ Зерно Експорт',
      jurisdiction: { name: 'Ukraine', code: 'UA' },
      identifiers: [{ scheme: 'UA-EDR', id: '43211234' }],
      foundingDate: '2018-02-01',
      addresses: [{ type: 'registered', address: 'вул. Хрещатик, 22, Київ', postCode: '01001', country: { name: 'Ukraine', code: 'UA' } }],
    },
  },
];

setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
  await importBods(s.d.ctx.db, s.d.ctx.dialect, Readable.from([JSON.stringify(bods)]));
});
afterAll(() => s.close());

type Entity = { entity_id: string; entity_details: Record<string, any> };
type Doc = { document_id: string; extracted_data: Record<string, any> };

async function uploadAndVerify(conversationId: string, lines: string[], fileName: string, documentType: string): Promise<string> {
  const id = (await f.upload(conversationId, await makeTextPdf({ lines }), fileName)).body.document_id as string;
  await f.verificationResult(conversationId, await f.verify(conversationId, id, 'Acme Trading Ltd', documentType));
  return id;
}

describe('an invoice to the transaction counterparty, and an invoice between two other companies', () => {
  let result: Record<string, any>;
  let entities: Entity[];
  let docs: Doc[];
  const ids: Record<string, string> = {};

  setupAll(async () => {
    const created = await f.createCase(monitoringCase({ trx_counterparty_full_name: 'Globex GmbH' }));
    const c = created.conversation_id;
    ids.invoice = await uploadAndVerify(
      c,
      [
        'Acme Trading Ltd',
        '12 Harbour Street, Bristol BS1 4RN',
        'United Kingdom',
        'E-mail: Accounts@acme-trading.co.uk',
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
        'Industrial pumps: 12,708.96 EUR',
        'VAT 20%: 2,541.79 EUR',
        'Total due: 15,250.75 EUR',
      ],
      'invoice.pdf',
      'invoice_with_client',
    );
    ids.unrelated = await uploadAndVerify(
      c,
      [
        'Initech SARL',
        '8 rue Lafayette, 75009 Paris',
        'France',
        'N° TVA: FR40303265045',
        '',
        'FACTURE INV-77',
        'Date: 5 March 2026',
        '',
        'Bill to:',
        'Umbrella Logistics B.V.',
        'Kade 12',
        '3011 AA Rotterdam',
        'Netherlands',
        'BTW: NL004495445B01',
        '',
        'Freight: 1,000.00 EUR',
        'Total due: 1,200.00 EUR',
      ],
      'other-invoice.pdf',
      'invoice_with_client',
    );
    expect((await f.complete(c)).status).toBe(200);
    result = (await f.caseResult(created.case_id)).result;
    entities = result.legal_entities;
    docs = result.documents;
  });

  const mainOf = () => entities.find((e) => e.entity_id === result.main_entity_id)!.entity_details;

  it('reads both sides of the invoice', () => {
    const invoice = docs.find((d) => d.document_id === ids.invoice)!.extracted_data.fields;
    expect(invoice.seller).toMatchObject({ name: 'Acme Trading Ltd', vat_id: 'GB123456789' });
    expect(invoice.buyer).toMatchObject({ name: 'Globex GmbH', vat_id: 'DE811907980' });
  });

  it('gives the case company the VAT number and the address its invoice prints, split into its fields', () => {
    const main = mainOf();
    expect(main.vat_number).toBe('GB123456789');
    expect(main.company_email).toBe('accounts@acme-trading.co.uk');
    expect(main.operational_address).toEqual({ street_address: '12 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN', country_code: 'GB', state_or_province: '' });
    // Latin script already: the translation is the original.
    expect(main.operational_address_translated).toEqual(main.operational_address);
    // An invoice does not say where the company is registered or tax resident.
    expect(main.legal_address.street_address).toBe('');
    expect(main.tax_residency_country_code).toBe('');
    expect(main.tax_residence_number).toBe('');
  });

  it('gives the transaction counterparty its country, VAT number and address, on the entity the case already had', () => {
    const main = mainOf();
    expect(main.counterparties).toHaveLength(1);
    const globex = entities.find((e) => e.entity_id === main.counterparties[0].entity_id)!.entity_details;
    expect(globex).toMatchObject({ type: 'company', company_full_name: 'Globex GmbH', company_country_code: 'DE', vat_number: 'DE811907980' });
    expect(globex.operational_address).toEqual({ street_address: 'Europa-Allee 19', city: 'Frankfurt am Main', postcode: '60486', country_code: 'DE', state_or_province: '' });
    expect(main.counterparties[0].counterparty_role).toEqual(['customer']);
    expect(entities.filter((e) => e.entity_details.company_full_name === 'Globex GmbH')).toHaveLength(1);
  });

  it('adds nothing from an invoice between two other companies', () => {
    const unrelated = docs.find((d) => d.document_id === ids.unrelated)!.extracted_data.fields;
    expect(unrelated.seller.name).toBe('Initech SARL');
    const text = JSON.stringify(entities);
    for (const fact of ['Initech', 'Umbrella', 'FR40303265045', 'NL004495445B01', 'Lafayette', 'Kade 12']) expect(text).not.toContain(fact);
    expect(entities).toHaveLength(2);
  });
});

describe('a company whose register entry is written in Cyrillic script', () => {
  it('keeps the original address and transliterates it into the translated one', async () => {
    const created = await f.createCase(onboardingCase({ company_full_name: 'Zerno Export LLC', company_country_code: 'UA', company_reg_number: '43211234', user_full_name: 'Olena Kovalenko' }));
    expect((await f.complete(created.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(created.case_id);
    const main = (result.legal_entities as Entity[]).find((e) => e.entity_id === result.main_entity_id)!.entity_details;
    expect(main.incorporation_date).toBe('2018-02-01');
    // No format for Ukrainian addresses here: the address stays whole in the street.
    expect(main.legal_address).toEqual({ street_address: 'вул. Хрещатик, 22, Київ', city: '', postcode: '01001', country_code: 'UA', state_or_province: '' });
    expect(main.legal_address_translated).toEqual({ street_address: 'vul. Khreshchatik, 22, Kiiv', city: '', postcode: '01001', country_code: 'UA', state_or_province: '' });
    // The register's name in its own script is kept beside the name the case gave.
    expect(main.additional_details).toContainEqual({ item_id: 'register_name', value: 'ТОВ Зерно Експорт' });
    // No operational address known: none translated either.
    expect(main.operational_address_translated).toMatchObject({ street_address: '', city: '', postcode: '' });
  });
});
