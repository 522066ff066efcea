// The references an API client's own identity-verification provider gave a person, linked through
// `declaration:identity_verification_external_user_id|identity_verification_applicant_id[:<entity_id>]`
// comments: a wrong value or a company is refused with a sentence and nothing is stored; the
// values fill the person's fields in the case result, and every other person's stay null.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { storeOwnership } from '../backoffice/helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const person = (result: any, id: string) => result.legal_entities.find((e: any) => e.entity_id === id).entity_details;
const EXTERNAL = 'identity_verification_external_user_id';
const APPLICANT = 'identity_verification_applicant_id';

async function newCase() {
  const f = flows(s.api);
  const ids = await f.createCase(onboardingCase());
  const own = await storeOwnership(s, ids.case_id);
  const comment = (body: unknown) => s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, body);
  const countComments = async () => (await s.d.ctx.db.selectFrom('comments').select('id').where('conversation_id', '=', ids.conversation_id).execute()).length;
  return { f, ids, own, comment, countComments };
}

describe('identity-verification references through the comments endpoint', () => {
  it('refuses a value that is not a reference and a company with a sentence each, and stores none of the batch', async () => {
    const { ids, own, comment, countComments } = await newCase();
    const before = await countComments();
    const bad = await comment([
      { issue_id: `declaration:${EXTERNAL}:${own.ivan}`, comment_text: 'user 42' },
      { issue_id: `declaration:${APPLICANT}:${own.ivan}`, comment_text: 'a'.repeat(129) },
      { issue_id: `declaration:${APPLICANT}:${own.elodie}`, comment_text: 'app/5f2c' },
      { issue_id: `declaration:${EXTERNAL}:${own.elodie}`, comment_text: 'usr#1' },
      { issue_id: `declaration:${EXTERNAL}:${own.main}`, comment_text: 'acme-ltd' },
      { issue_id: `declaration:${APPLICANT}:${own.holdco}`, comment_text: 'holdco-1' },
      { issue_id: `declaration:${EXTERNAL}:${own.jane}`, comment_text: 'usr_7F3a.9:b-1' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.details.map((x: { path: string }) => x.path)).toEqual(['/0/comment_text', '/1/comment_text', '/2/comment_text', '/3/comment_text', '/4/issue_id', '/5/issue_id']);
    expect(bad.body.details[0].message).toBe(`expected your identity-verification provider's reference: 1 to 128 letters, digits, ".", "_", ":" or "-", without spaces`);
    expect(bad.body.details[4].message).toBe(`"${own.main}" is a company: ${EXTERNAL} and ${APPLICANT} are declared for a person of the case only`);
    expect(bad.body.details[5].message).toBe(`"${own.holdco}" is a company: ${EXTERNAL} and ${APPLICANT} are declared for a person of the case only`);
    expect(bad.body.message).toMatch(/^Declared answer not taken: \/0\/comment_text expected your identity-verification provider's reference: .*\.$/);
    expect(await countComments()).toBe(before);

    const unknownField = await comment([{ issue_id: `declaration:identity_verification_status:${own.ivan}`, comment_text: 'approved' }]);
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.details[0].message).toContain(`${EXTERNAL}, ${APPLICANT}`);
    expect(await countComments()).toBe(before);

    const f = flows(s.api);
    expect((await f.complete(ids.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(ids.case_id);
    for (const id of [result.account_owner_entity_ids[0], own.ivan, own.elodie, own.jane]) expect(person(result, id)).toMatchObject({ [EXTERNAL]: null, [APPLICANT]: null });
  });

  it('fills both fields on the person named, the account owner when none is named, and no one else', async () => {
    const { f, ids, own, comment } = await newCase();
    const longest = `A1._:-${'z'.repeat(122)}`;
    const ok = await comment([
      { issue_id: `declaration:${EXTERNAL}:${own.ivan}`, comment_text: 'bank-user-000123' },
      { issue_id: `declaration:${APPLICANT}:${own.ivan}`, comment_text: ' 65f1c0a2e4b0d8a1c2f3e4d5 ' },
      { issue_id: `declaration:${EXTERNAL}`, comment_text: 'owner:42' },
      { issue_id: `declaration:${APPLICANT}`, comment_text: 'first-applicant' },
    ]);
    expect(ok.status).toBe(200);
    // A later declaration replaces an earlier one.
    expect((await comment([{ issue_id: `declaration:${APPLICANT}`, comment_text: longest }])).status).toBe(200);
    expect((await f.complete(ids.conversation_id)).status).toBe(200);

    const { result } = await f.caseResult(ids.case_id);
    expect(person(result, own.ivan)).toMatchObject({ [EXTERNAL]: 'bank-user-000123', [APPLICANT]: '65f1c0a2e4b0d8a1c2f3e4d5' });
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({ [EXTERNAL]: 'owner:42', [APPLICANT]: longest });
    expect(person(result, own.elodie)).toMatchObject({ [EXTERNAL]: null, [APPLICANT]: null });
    expect(person(result, own.jane)).toMatchObject({ [EXTERNAL]: null, [APPLICANT]: null });
    const main = result.legal_entities.find((e: any) => e.entity_id === result.main_entity_id).entity_details;
    expect(main).not.toHaveProperty(EXTERNAL);
  });
});
