// The registry of document types holds together: each type has every part (the compiler refuses a
// plug-in without one; registryProblems catches what it cannot see), the requested names map as
// they always have, what each extractor reads matches its schema, and stored fields of an older
// shape still load.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { docText } from '../extract/doc-text.ts';
import type { OtherFields } from '../extract/fields.ts';
import { acceptedTypes, decodeFields, DOC_TYPE_LABELS, DOCUMENT_TYPES, fieldsValid, registryProblems, requestedClientRole, tagged } from './index.ts';
import type { DocumentTypePlugin } from './plugin.ts';

const page = (text: string) => ({ pages: [{ number: 1, text, method: 'text_layer' as const, words: [] }], language: 'en' });

const complete: DocumentTypePlugin<'permit_to_fly', OtherFields> = {
  type: 'permit_to_fly',
  label: 'permit to fly',
  requests: ['permit_to_fly'],
  modules: [],
  keywords: [['permit to fly', 7]],
  schema: Type.Object({ dates: Type.Array(Type.String()), amounts: Type.Array(Type.String()), companies: Type.Array(Type.String()) }),
  extract: () => ({ dates: [], amounts: [], companies: [] }),
  keyFacts: () => [true],
  issueDate: () => null,
};

describe('the registry of document types', () => {
  it('holds: one type per requested name, known references, cues and parts for each, other last', () => {
    expect(registryProblems(DOCUMENT_TYPES)).toEqual([]);
  });

  it('refuses, at compile time, a plug-in that lacks a part', () => {
    // @ts-expect-error extract, keyFacts and issueDate are missing
    const incomplete: DocumentTypePlugin<'permit_to_fly', OtherFields> = { type: 'permit_to_fly', label: 'permit to fly', requests: [], modules: [], keywords: [], schema: complete.schema };
    // @ts-expect-error the schema does not describe the fields the extractor returns
    const wrongSchema: DocumentTypePlugin<'permit_to_fly', OtherFields> = { ...complete, schema: Type.Object({ dates: Type.String() }) };
    expect([incomplete, wrongSchema]).toHaveLength(2);
  });

  it('finds, at run time, what the compiler cannot see', () => {
    const { extract: _dropped, ...noExtract } = complete;
    const broken = [
      { ...complete, requests: ['invoice'], servesRequests: ['no_such_request'], outranks: { type: 'no_such_type', from: 5 } },
      { ...complete, type: 'second', keywords: [] },
      noExtract as DocumentTypePlugin<string, unknown>,
    ];
    const problems = registryProblems([...DOCUMENT_TYPES.slice(0, -1), ...broken]).join('\n');
    expect(problems).toMatch(/requested type "invoice" is asked for by both "invoice" and "permit_to_fly"/);
    expect(problems).toMatch(/serves "no_such_request", which no type is asked for by/);
    expect(problems).toMatch(/outranks "no_such_type", which is not registered/);
    expect(problems).toMatch(/type "second" has no classifier cues/);
    expect(problems).toMatch(/lacks extract, keyFacts or issueDate/);
    expect(problems).toMatch(/type "permit_to_fly" is registered twice/);
    expect(problems).toMatch(/the last type must be "other"/);
  });

  it('maps requested names onto types as the catalogue always has', () => {
    const table: Record<string, string[]> = {
      certificate_of_incorporation: ['certificate_of_incorporation', 'register_extract'],
      register_extract: ['register_extract', 'certificate_of_incorporation'],
      official_registers: ['register_extract', 'certificate_of_incorporation'],
      company_registration: ['register_extract', 'certificate_of_incorporation'],
      articles_of_association: ['articles_of_association'],
      memorandum_of_association: ['articles_of_association'],
      shareholder_register: ['shareholder_register'],
      register_of_shareholders: ['shareholder_register'],
      proof_of_address: ['proof_of_address', 'bank_statement'],
      company_proof_of_address: ['proof_of_address', 'bank_statement'],
      utility_bill: ['proof_of_address', 'invoice'],
      bank_statement: ['bank_statement'],
      bank_statement_business_activity: ['bank_statement'],
      invoice: ['invoice'],
      invoice_with_client: ['invoice'],
      invoice_from_supplier: ['invoice'],
      contract: ['contract', 'charter_agreement'],
      contract_with_client: ['contract'],
      contract_from_supplier: ['contract'],
      license: ['license'],
      licence: ['license'],
      business_license: ['license'],
      insurance: ['insurance_policy'],
      insurance_policy: ['insurance_policy'],
      charter_agreement: ['charter_agreement', 'contract'],
      charter_party: ['charter_agreement', 'contract'],
      cargo_bill: ['bill_of_lading'],
      bill_of_lading: ['bill_of_lading'],
      proof_of_identity: ['proof_of_identity'],
      passport: ['proof_of_identity'],
      id_card: ['proof_of_identity'],
      identity_document: ['proof_of_identity'],
      driving_licence: ['proof_of_identity'],
      driving_license: ['proof_of_identity'],
    };
    for (const [requested, types] of Object.entries(table)) expect(acceptedTypes(requested), requested).toEqual(types);
    expect(acceptedTypes('other_document')).toBeNull();
    expect(requestedClientRole('invoice_with_client')).toBe('seller');
    expect(requestedClientRole('contract_from_supplier')).toBe('buyer');
    expect(requestedClientRole('invoice')).toBeNull();
    expect(DOC_TYPE_LABELS.proof_of_identity).toBe('identity document');
  });

  it('reads, for every type, fields its schema accepts, from a full text and from an empty one', () => {
    const text = docText(
      page(
        'INVOICE No 2024-17\nDate: 12.03.2024\nSeller: Acme Trading Ltd, 1 High Street, London\nBuyer: Globex GmbH\nContract No: C-88\nVessel: MV Baltic\nPump P-20\t2\t100.00\t200.00\nTotal EUR 238.00\nPort of loading: Hamburg\nShipper: Acme Trading Ltd\nPassport no 123\nSurname: Doe\nExpiry 01.01.2030',
      ),
    );
    for (const t of DOCUMENT_TYPES) {
      for (const d of [text, docText(page(''))]) expect(fieldsValid(tagged(t.type, t.extract({ einvoice: null }, d, null))), t.type).toBe(true);
    }
  });

  it('loads stored fields of an older shape, filling what they lack, and nothing for what names no type', () => {
    const old = { document_type: 'invoice', fields: { invoice_number: 'A-1', issue_date: '2024-01-02', seller: { name: 'Acme Ltd' }, buyer: { name: 'Globex GmbH' }, lines: [] } };
    const typed = decodeFields(old);
    expect(typed?.type).toBe('invoice');
    if (typed?.type !== 'invoice') throw new Error('not an invoice');
    expect(typed.fields.invoice_number).toBe('A-1');
    expect(typed.fields.seller.name).toBe('Acme Ltd');
    expect(typed.fields.seller.vat_id).toBeNull();
    expect(typed.fields.references).toEqual({ order: null, contract: null, bill_of_lading: null });
    expect(typed.fields.source).toBe('text');
    expect(fieldsValid(typed)).toBe(true);
    const current = { document_type: 'license', fields: { licence_number: 'L-1', holder: null, issuer: null, activity: null, issue_date: null, valid_from: null, expiry_date: '2030-01-01' } };
    expect(decodeFields(current)).toEqual({ type: 'license', fields: current.fields });
    expect(decodeFields({ document_type: 'gadget', fields: {} })).toBeNull();
    expect(decodeFields({ document_type: 'invoice', fields: 'text' })).toBeNull();
    expect(decodeFields({ page_count: 1 })).toBeNull();
  });
});
