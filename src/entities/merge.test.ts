// biome-ignore-all format: tables and word lists read better packed than one item a line
import { describe, expect, it } from 'vitest';
import { buildCaseEntities, type CompanyDetails, type PersonDetails } from './case-entities.ts';
import { emptyCompany, type FoundGraph, type FoundPerson } from './found.ts';
import { mergeFound } from './merge.ts';
import { documentEntityId, documentFacts } from './document-facts.ts';
import { addCounterparty } from './counterparties.ts';

const caseEntities = () =>
  buildCaseEntities(
    { case_kind: 'onboarding', company_full_name: 'Acme Trading Ltd', company_country_code: 'GB', company_reg_number: '1234567', user_full_name: 'Jane Smith', modules: [{ module: 'documents_verification' }] },
    (() => {
      let n = 0;
      return () => `id-${++n}`;
    })(),
  );

const person = (key: string, first: string, last: string, birthMonth: string | null): FoundPerson => ({ kind: 'person', key, first, last, birthMonth, citizenship: 'GB', residency: null, notes: [], sources: [{ source: 'test', ref: key, url: null }] });

function graph(): FoundGraph {
  const root = emptyCompany('root', 'ACME TRADING LTD', 'GB', '01234567');
  root.status = 'active';
  root.incorporationDate = '2015-03-02';
  root.legalType = 'Private limited company';
  const alpha = emptyCompany('co:GB:11111111', 'ALPHA HOLDINGS LIMITED', 'GB', '11111111');
  root.shareholders = [
    { key: 'co:GB:11111111', ownership: { range: [0.5, 0.75] } },
    { key: 'p1', ownership: { range: [0.25, 0.5] } },
  ];
  root.directors = [{ key: 'p2', nominal: false }];
  alpha.shareholders = [{ key: 'p3', ownership: { fraction: 1 } }];
  return { rootKey: 'root', items: [root, alpha, person('p1', 'Jane Elizabeth', 'Smith', '1975-04'), person('p2', 'Jane', 'Smith', '1975-04'), person('p3', 'Jane', 'Smith', '1980-01')] };
}

describe('merging found entities into a case', () => {
  it('keeps one entity per real person and company, with stable ids', () => {
    const known = caseEntities();
    const a = mergeFound('case-1', known.entities, known.mainEntityId, graph(), 'register');
    const b = mergeFound('case-1', known.entities, known.mainEntityId, graph(), 'register');
    expect(a.entities).toEqual(b.entities);
    const main = a.entities.find((e) => e.entity_id === 'id-1') as CompanyDetails;
    // The account owner (no birth month) is the register's Jane Smith born 1975-04, as PSC and director.
    expect(main.shareholders[1]).toEqual({ entity_id: 'id-2', ownership: { range: [0.25, 0.5] } });
    expect(main.directors).toEqual([{ person_entity_id: 'id-2', nominal: false }]);
    const jane = a.entities.find((e) => e.entity_id === 'id-2') as PersonDetails;
    expect(jane).toMatchObject({ first_name: 'Jane', last_name: 'Smith', date_of_birth: '1975-04', citizenship_country_code: 'GB' });
    // Another Jane Smith, born in 1980, is someone else.
    const alpha = a.entities.find((e) => e.type === 'company' && e.company_full_name === 'ALPHA HOLDINGS LIMITED') as CompanyDetails;
    expect(alpha.shareholders[0]!.entity_id).not.toBe('id-2');
    expect(a.entities.filter((e) => e.type === 'person')).toHaveLength(2);
    // Register facts are authoritative; the name the bank gave stays, the register's is noted.
    expect(main).toMatchObject({ company_full_name: 'Acme Trading Ltd', company_status: 'active', legal_type: 'Private limited company', incorporation_date: '2015-03-02' });
    expect(a.sources.filter((s) => s.entity_id === 'id-2').map((s) => s.source.ref)).toEqual(['p1', 'p2']);
  });

  it('lets documents fill only what is empty, and confirms the rest', () => {
    const known = caseEntities();
    const registered = mergeFound('case-1', known.entities, known.mainEntityId, graph(), 'register').entities;
    const facts = documentFacts(
      {
        id: 'doc-1',
        documentType: 'register_extract',
        fileName: 'extract.pdf',
        extracted: { fields: { company_name: 'Acme Trading Limited', registration_number: '01234567', legal_form: 'ltd', incorporation_date: '2015-03-03', registered_address: '12 Harbour Street, Bristol', status: 'Active', directors: ['Jane Smith'] } },
      },
      registered,
      'id-1',
    );
    const merged = mergeFound('case-1', registered, 'id-1', facts.graph!, 'document').entities;
    const main = merged.find((e) => e.entity_id === 'id-1') as CompanyDetails;
    expect(main.legal_type).toBe('Private limited company');
    expect(main.incorporation_date).toBe('2015-03-02');
    expect(main.additional_details).toContainEqual({ item_id: 'document_incorporation_date', value: '2015-03-03' });
    expect(main.legal_address.street_address).toBe('12 Harbour Street, Bristol');
    expect(main.directors).toEqual([{ person_entity_id: 'id-2', nominal: false }]);
  });

  it('reads owners from a shareholder register when no register gave them', () => {
    const known = caseEntities();
    const facts = documentFacts(
      { id: 'doc-2', documentType: 'shareholder_register', fileName: 'sh.pdf', extracted: { fields: { company_name: 'Acme Trading Ltd', shareholders: [{ name: 'Jane Smith', shares: 600, percentage: 60 }, { name: 'Globex Holdings GmbH', shares: 400, percentage: null }] } } },
      known.entities,
      known.mainEntityId,
    );
    const merged = mergeFound('case-1', known.entities, known.mainEntityId, facts.graph!, 'document').entities;
    const main = merged.find((e) => e.entity_id === 'id-1') as CompanyDetails;
    expect(main.shareholders.map((s) => s.ownership)).toEqual([{ fraction: 0.6 }, { fraction: 0.4 }]);
    expect(main.shareholders[0]!.entity_id).toBe('id-2');
  });

  it('gathers counterparties from invoices and contracts with their roles', () => {
    const known = caseEntities();
    const invoice = documentFacts(
      { id: 'd3', documentType: 'invoice', fileName: 'inv.pdf', extracted: { fields: { invoice_number: 'INV-7', issue_date: '2026-09-01', grand_total: '1200.00', currency: 'EUR', seller: { name: 'Acme Trading Ltd' }, buyer: { name: 'Globex GmbH', country_code: 'DE' } } } },
      known.entities,
      known.mainEntityId,
    );
    expect(invoice.counterparties).toMatchObject([{ name: 'Globex GmbH', countryCode: 'DE', regNumber: null, role: ['customer'], nature: 'Buyer on invoice INV-7 of 2026-09-01 (1200.00 EUR)' }]);
    const contract = documentFacts(
      { id: 'd4', documentType: 'contract_from_supplier', fileName: 'c.pdf', extracted: { fields: { title: 'Supply agreement', parties: [{ name: 'Acme Trading Ltd', role: 'buyer' }, { name: 'Globex GmbH', role: 'supplier' }] } } },
      known.entities,
      known.mainEntityId,
    );
    let entities = known.entities;
    for (const cp of [...invoice.counterparties, ...contract.counterparties]) entities = addCounterparty('case-1', entities, known.mainEntityId, cp);
    const main = entities.find((e) => e.entity_id === 'id-1') as CompanyDetails;
    expect(main.counterparties).toHaveLength(1);
    expect(main.counterparties[0]).toMatchObject({ counterparty_role: ['customer', 'supplier'], nature_of_relationship: expect.stringContaining('Party to Supply agreement') });
  });

  it('matches only on evidence both sides have: an unread name or number adds nothing', () => {
    const known = caseEntities();
    const owners = documentFacts(
      { id: 'doc-5', documentType: 'shareholder_register', fileName: 'sh.pdf', extracted: { fields: { company_name: 'Acme Trading Ltd', shareholders: [{ name: 'Oakfield Holdings Ltd', shares: 600, percentage: 60 }, { name: 'Jane Smith', shares: 400, percentage: 40 }] } } },
      known.entities,
      known.mainEntityId,
    );
    let entities = mergeFound('case-1', known.entities, known.mainEntityId, owners.graph!, 'document').entities;
    // A certificate of another company, its name unread: Oakfield has no number, so nothing ties them.
    const other = documentFacts({ id: 'doc-6', documentType: 'certificate_of_incorporation', fileName: 'c.pdf', extracted: { fields: { company_name: null, registration_number: '99887766', incorporation_date: '2019-04-03' } } }, entities, known.mainEntityId);
    expect(other.graph).toBeNull();
    // A certificate naming Oakfield but with a number that differs from the one it has is not Oakfield's.
    const oakfield = entities.find((e) => e.type === 'company' && e.company_full_name === 'Oakfield Holdings Ltd') as CompanyDetails;
    oakfield.company_reg_number = '11112222';
    expect(documentFacts({ id: 'doc-7', documentType: 'register_extract', fileName: 'r.pdf', extracted: { fields: { company_name: 'Oakfield Holdings Ltd', registration_number: '99887766' } } }, entities, known.mainEntityId).graph).toBeNull();
    // Its own certificate, read by name, fills what is empty and keeps a differing value beside the known one.
    const own = documentFacts({ id: 'doc-8', documentType: 'register_extract', fileName: 'r.pdf', extracted: { fields: { company_name: 'Oakfield Holdings Ltd', registration_number: '11112222', status: 'dissolved', incorporation_date: '2010-01-05' } } }, entities, known.mainEntityId);
    oakfield.company_status = 'active';
    entities = mergeFound('case-1', entities, known.mainEntityId, own.graph!, 'document').entities;
    const after = entities.find((e) => e.entity_id === oakfield.entity_id) as CompanyDetails;
    expect(after).toMatchObject({ company_reg_number: '11112222', company_status: 'active', incorporation_date: '2010-01-05' });
    expect(after.additional_details).toContainEqual({ item_id: 'document_status', value: 'dissolved' });
  });

  it('gives identity documents the entity_id of the person they name', () => {
    const known = caseEntities();
    const passport = (surname: string, given: string) => ({ documentType: 'passport', extracted: { document_type: 'proof_of_identity', fields: { surname, given_names: given, birth_date: '1975-04-02' } } });
    expect(documentEntityId(passport('SMITH', 'JANE'), known.entities, 'id-1')).toBe('id-2');
    expect(documentEntityId(passport('OTHER', 'JOHN'), known.entities, 'id-1')).toBeNull();
    expect(documentEntityId({ documentType: 'invoice', extracted: { fields: {} } }, known.entities, 'id-1')).toBe('id-1');
  });
});

describe('addresses, VAT numbers and e-mails', () => {
  const invoice = (id: string, seller: Record<string, unknown>, buyer: Record<string, unknown>) => ({
    id,
    documentType: 'invoice_with_client',
    fileName: `${id}.pdf`,
    extracted: { document_type: 'invoice', fields: { invoice_number: id, seller, buyer } },
  });

  it('never replaces a register value with a document’s, keeping the document’s beside it', () => {
    const known = caseEntities();
    const root = emptyCompany('root', 'ACME TRADING LTD', 'GB', '01234567');
    root.address = { street_address: '12 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN', country_code: 'GB', state_or_province: '' };
    let entities = mergeFound('case-1', known.entities, known.mainEntityId, { rootKey: 'root', items: [root] }, 'register').entities;
    const extract = documentFacts(
      { id: 'd1', documentType: 'register_extract', fileName: 'x.pdf', extracted: { fields: { company_name: 'Acme Trading Ltd', registered_address: '1 Other Road, Leeds LS1 1AA' } } },
      entities,
      known.mainEntityId,
    );
    entities = mergeFound('case-1', entities, known.mainEntityId, extract.graph!, 'document').entities;
    for (const doc of [
      invoice('d2', { name: 'Acme Trading Ltd', vat_id: 'GB123456789', email: 'Sales@Acme.example', address: '5 Dock Road, Bristol BS1 5AA' }, { name: 'Globex GmbH' }),
      invoice('d3', { name: 'Acme Trading Ltd', vat_id: 'IE9700053D' }, { name: 'Globex GmbH' }),
    ]) {
      const facts = documentFacts(doc, entities, known.mainEntityId);
      entities = mergeFound('case-1', entities, known.mainEntityId, facts.graph!, 'document').entities;
    }
    const main = entities.find((e) => e.entity_id === known.mainEntityId) as CompanyDetails;
    expect(main.legal_address).toEqual({ street_address: '12 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN', country_code: 'GB', state_or_province: '' });
    expect(main.additional_details).toContainEqual({ item_id: 'document_address', value: '1 Other Road, LS1 1AA, Leeds, GB' });
    expect(main.vat_number).toBe('GB123456789');
    expect(main.additional_details).toContainEqual({ item_id: 'document_vat_number', value: 'IE9700053D' });
    expect(main.company_email).toBe('sales@acme.example');
    expect(main.operational_address).toEqual({ street_address: '5 Dock Road', city: 'Bristol', postcode: 'BS1 5AA', country_code: 'GB', state_or_province: '' });
  });

  it('adds nothing from an invoice that does not name the case company, and nothing of the buyer’s when the seller is unidentified', () => {
    const known = caseEntities();
    const stranger = documentFacts(invoice('d4', { name: 'Initech SARL', vat_id: 'FR40303265045' }, { name: 'Umbrella B.V.', vat_id: 'NL004495445B01' }), known.entities, known.mainEntityId);
    expect(stranger).toEqual({ graph: null, counterparties: [] });
    // The seller's name unread on an invoice asked for as the company's own: the buyer is a customer, but nothing it prints is attached.
    const unread = documentFacts(invoice('d5', { name: null, vat_id: 'GB123456789' }, { name: 'Umbrella B.V.', vat_id: 'NL004495445B01', address: 'Kade 12, 3011 AA Rotterdam' }), known.entities, known.mainEntityId);
    expect(unread.graph).toBeNull();
    expect(unread.counterparties).toHaveLength(1);
    expect(unread.counterparties[0]!.facts).toBeUndefined();
  });

  it('transliterates a register address in another script and keeps a Latin one as it is', () => {
    const known = caseEntities();
    const root = emptyCompany('root', 'ACME TRADING LTD', 'GB', '01234567');
    root.address = { street_address: 'ул. Тверская, д. 7', city: 'Москва', postcode: '125009', country_code: 'RU', state_or_province: '' };
    const main = mergeFound('case-1', known.entities, known.mainEntityId, { rootKey: 'root', items: [root] }, 'register').entities[0] as CompanyDetails;
    expect(main.legal_address_translated).toEqual({ street_address: 'ul. Tverskaya, d. 7', city: 'Moskva', postcode: '125009', country_code: 'RU', state_or_province: '' });
    root.address = { street_address: 'Bahnhofstrasse 10', city: 'Zürich', postcode: '8001', country_code: 'CH', state_or_province: '' };
    const swiss = mergeFound('case-1', known.entities, known.mainEntityId, { rootKey: 'root', items: [root] }, 'register').entities[0] as CompanyDetails;
    expect(swiss.legal_address_translated).toEqual(swiss.legal_address);
  });
});

describe('the country of an invoice party', () => {
  const buyerCountry = (buyer: Record<string, unknown>) =>
    documentFacts(
      { id: 'd9', documentType: 'invoice_with_client', fileName: 'i.pdf', extracted: { fields: { seller: { name: 'Acme Trading Ltd' }, buyer: { name: 'Globex', ...buyer } } } },
      caseEntities().entities,
      'id-1',
    ).counterparties[0]!.countryCode;

  it('is the country its address names, else its VAT country unless the address fits another country only', () => {
    expect(buyerCountry({ vat_id: 'DE811907980', country_code: 'DE', address: '8 rue Lafayette, 75009 Paris, France' })).toBe('FR');
    expect(buyerCountry({ vat_id: 'DE811907980', country_code: 'DE', address: 'Europa-Allee 19, 60486 Frankfurt am Main' })).toBe('DE');
    expect(buyerCountry({ vat_id: 'DE811907980', country_code: 'DE' })).toBe('DE');
    expect(buyerCountry({ vat_id: 'GB123456789', country_code: 'GB', address: 'Europa-Allee 19, 60486 Frankfurt am Main' })).toBeNull();
    expect(buyerCountry({ vat_id: 'GB123456789', country_code: 'GB', address: '1 Example Street, Example City' })).toBe('GB');
    expect(buyerCountry({ address: 'Europa-Allee 19, 60486 Frankfurt am Main' })).toBeNull();
  });
});
