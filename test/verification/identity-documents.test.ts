// Identity documents without a machine-readable zone through the API (made-up documents built in
// test/fixtures/identity-documents.ts): a US licence read by its numbered field codes, an EU licence
// by its numbered fields, and an Italian identity card by labels in Italian, each recognised as an
// identity document of its kind with its holder and dates read, and no finding raised on a valid one.
import { describe, expect, it } from 'vitest';
import { makeTextPdf } from '../fixtures/documents.ts';
import { EU_DRIVING_LICENCE, ITALIAN_ID_CARD, US_DRIVER_LICENSE } from '../fixtures/identity-documents.ts';
import { verificationServer } from './helpers.ts';

const t = verificationServer();

describe('identity documents read from their visual zone', () => {
  it.each([
    [
      'a US driving licence by its numbered field codes',
      US_DRIVER_LICENSE,
      'driving_licence',
      { document_kind: 'driving_licence', surname: 'PUBLIC', given_names: 'JANE QUINN', document_number: 'Q9081726', birth_date: '1985-04-15', issue_date: '2024-06-01', expiry_date: '2032-04-15' },
    ],
    [
      'an EU driving licence by its numbered fields',
      EU_DRIVING_LICENCE,
      'driving_licence',
      { document_kind: 'driving_licence', surname: 'PUBLIC', given_names: 'JANE QUINN', document_number: 'Z1X2Y3W4V56', birth_date: '1985-04-15', issue_date: '2021-05-03', expiry_date: '2036-05-02' },
    ],
    [
      'an Italian identity card by its Italian labels',
      ITALIAN_ID_CARD,
      'id_card',
      { document_kind: 'id_card', surname: 'PUBLIC', given_names: 'JANE QUINN', birth_date: '1985-04-15', issue_date: '2024-01-10', expiry_date: '2034-01-10' },
    ],
  ])('reads %s', async (_what, lines, type, fields) => {
    const { conversation_id } = await t.f.createCase();
    const v = await t.verify(conversation_id, await makeTextPdf({ lines }), { type });
    const stored = await t.s.d.ctx.db.selectFrom('documents').select('extracted_data').where('id', '=', v.documentId).executeTakeFirstOrThrow();
    const data = JSON.parse(stored.extracted_data);
    expect(data.document_type).toBe('proof_of_identity');
    expect(data.fields).toMatchObject(fields);
    expect(v.results.filter((r) => r.severity === 'critical')).toEqual([]);
    expect(v.codes).not.toContain('identity_document_expired');
    expect(v.codes).not.toContain('identity_holder_mismatch');
  });
});
