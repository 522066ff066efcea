// Company documents through the API (made-up documents built in test/fixtures/company-documents.ts):
// a certificate dated in words is read whole, a registry's sealed save is no edit (a save after the
// seal still is), long articles are read for the facts on their first page within the time budget,
// and each kind of tax or business registration is recognised as what a bank asks for.
import { describe, expect, it } from 'vitest';
import { makeTextPdf } from '../fixtures/documents.ts';
import { CERTIFICATE_COMPANY, CERTIFICATE_IN_WORDS, makeLongArticlesPdf, makeSealedCertificatePdf, makeXfaCertificatePdf } from '../fixtures/company-documents.ts';
import { verificationServer } from './helpers.ts';

const t = verificationServer();

async function extracted(documentId: string) {
  const doc = await t.s.d.ctx.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  return JSON.parse(doc.extracted_data);
}

const EDIT_CODES = ['document_edited', 'document_possibly_edited'];

describe('company documents through the API', () => {
  it('reads a certificate of incorporation dated in words, with its officers as persons and not as the company', async () => {
    const { conversation_id } = await t.f.createCase();
    const v = await t.verify(conversation_id, await makeTextPdf({ lines: CERTIFICATE_IN_WORDS }), { type: 'certificate_of_incorporation', company: CERTIFICATE_COMPANY });
    expect(v.results.filter((r) => r.severity !== 'info')).toEqual([]);
    const data = await extracted(v.documentId);
    expect(data.document_type).toBe('certificate_of_incorporation');
    expect(data.fields).toMatchObject({ company_name: 'ACME TRADING LTD', registration_number: '01234567', incorporation_date: '2020-03-05', directors: ['Jane Example', 'John Sample'] });
  });

  it('raises no edit finding on a certificate the registry sealed with an incremental save, and does on a save after the seal', async () => {
    const { conversation_id } = await t.f.createCase();
    const sealed = await t.verify(conversation_id, await makeSealedCertificatePdf(), { type: 'certificate_of_incorporation', company: CERTIFICATE_COMPANY, fileName: 'sealed.pdf' });
    expect(sealed.codes.filter((c) => EDIT_CODES.includes(c))).toEqual([]);
    expect(sealed.results.filter((r) => r.severity !== 'info')).toEqual([]);
    expect((await extracted(sealed.documentId)).fields).toMatchObject({ registration_number: '01234567', incorporation_date: '2020-03-05' });
    const edited = await t.verify(conversation_id, await makeSealedCertificatePdf({ thenEdited: true }), {
      type: 'certificate_of_incorporation',
      company: CERTIFICATE_COMPANY,
      fileName: 'edited.pdf',
    });
    expect(edited.codes.some((c) => EDIT_CODES.includes(c))).toBe(true);
  });

  it('reads a certificate drawn as an XFA form from the values filled into the form', async () => {
    const { conversation_id } = await t.f.createCase();
    const v = await t.verify(conversation_id, await makeXfaCertificatePdf(), { type: 'certificate_of_incorporation', company: 'Acme Trading LLP' });
    expect(v.codes).not.toContain('company_name_absent');
    const data = await extracted(v.documentId);
    expect(data.document_type).toBe('certificate_of_incorporation');
    expect(data.fields).toMatchObject({ company_name: 'ACME TRADING LLP', registration_number: 'AAB-1234', incorporation_date: '2022-01-28' });
  });

  it('reads long articles for the facts of their first page, all pages within the time budget', async () => {
    const { conversation_id } = await t.f.createCase();
    const v = await t.verify(conversation_id, await makeLongArticlesPdf(40), { type: 'articles_of_association', company: CERTIFICATE_COMPANY });
    expect(v.codes).not.toContain('read_incomplete');
    expect(v.codes).not.toContain('page_limit_reached');
    expect(v.results.filter((r) => r.severity !== 'info')).toEqual([]);
    const data = await extracted(v.documentId);
    expect(data.document_type).toBe('articles_of_association');
    expect(data.fields).toMatchObject({ company_name: 'ACME TRADING LTD', registration_number: '01234567', issue_date: '2020-03-05' });
  });

  it.each([
    ['a VAT certificate', ['Your VAT Certificate', 'About your registration', 'VAT registration number (VRN)    123456782', 'Registration date    1 March 2025', 'Business name    ACME TRADING LTD']],
    [
      'a tax identification letter',
      [
        'EXAMPLE TAX OFFICE',
        'Our Ref 01234567-0001    16th April, 2018',
        'ACME TRADING LTD',
        'TAX PAYER IDENTIFICATION NUMBER (TIN) / VAT REGISTRATION',
        'Your Tax Identification Number is 01234567-0001.',
      ],
    ],
    [
      'a trade name registration',
      [
        'CERTIFICATE',
        'It is hereby certified that the Secretary of State has custody of the business records for',
        'ACME TRADING',
        'TRADE NAME REGISTRATION',
        'Registrant: ACME TRADING LTD',
        'Effective Date: 05/19/2021',
        'Expiration Date: 05/19/2031',
      ],
    ],
  ])('recognises %s as a business licence or registration', async (_kind, lines) => {
    const { conversation_id } = await t.f.createCase();
    const v = await t.verify(conversation_id, await makeTextPdf({ lines }), { type: 'business_license', company: CERTIFICATE_COMPANY });
    expect(v.codes).not.toContain('document_type_mismatch');
    expect((await extracted(v.documentId)).document_type).toBe('license');
  });
});
