// A document in a language the client does not accept asks for an English translation; the
// translation is linked to its original (over the API with ?translation_of=, in the dialog by
// uploading it next in the same step), both are read, and the original is `translated` in the case
// result only when Dossier holds a translation read as English.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, uploadForm } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { dialogApi } from '../dialog/helpers.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
});
afterAll(() => s.close());

const GERMAN = [
  'Handelsregister des Amtsgerichts München',
  'Abteilung B, Nummer der Firma: HRB 123456',
  'Firma: Acme Trading GmbH',
  'Sitz der Gesellschaft ist München. Die Gesellschaft ist in das Handelsregister eingetragen.',
  'Gegenstand des Unternehmens ist der Handel mit Pumpen und die Vermittlung von Ersatzteilen für die Industrie.',
  'Geschäftsführer ist Herr Max Mustermann, der die Gesellschaft allein vertritt und von den Beschränkungen befreit ist.',
  'Datum des Ausdrucks: 01.09.2026',
];
const ENGLISH = [
  'Commercial register of the Local Court of Munich (certified translation)',
  'Division B, company number: HRB 123456',
  'Company name: Acme Trading GmbH',
  'The registered office of the company is in Munich. The company is entered in the commercial register.',
  'The object of the company is the trade in pumps and the supply of spare parts for the industry.',
  'The managing director is Mr Max Mustermann, who represents the company alone and is exempt from the restrictions.',
  'Date of the printout: 2026-09-01',
];

const germanPdf = () => makeTextPdf({ title: 'Handelsregisterauszug', lines: GERMAN });
const englishPdf = () => makeTextPdf({ title: 'Register extract (translation)', lines: ENGLISH });

function gmbhCase(modules: unknown[] = [{ module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' }]) {
  return monitoringCase({ company_full_name: 'Acme Trading GmbH', company_country_code: 'DE', modules });
}

async function verified(conversationId: string, documentId: string) {
  return f.verificationResult(conversationId, await f.verify(conversationId, documentId, 'Acme Trading GmbH', 'register_extract'));
}

type ClientDoc = { document_id: string; document_name: string; translated: boolean };

describe('translations over the API', () => {
  it('a German register extract with its English translation is translated; the same extract alone is not', async () => {
    const withIt = await f.createCase(gmbhCase());
    const original = (await f.upload(withIt.conversation_id, await germanPdf(), 'handelsregister.pdf')).body.document_id as string;
    const checks = await verified(withIt.conversation_id, original);
    expect(checks.some((c) => c.issue_id.startsWith('document_translation_needed-') && c.text.includes('German'))).toBe(true);

    const up = await s.api('POST', `/api/v1/conversations/${withIt.conversation_id}/documents?translation_of=${original}`, undefined, { raw: uploadForm(await englishPdf(), 'register-en.pdf') });
    expect(up.status).toBe(201);
    const translation = up.body.document_id as string;
    expect((await verified(withIt.conversation_id, translation)).some((c) => c.issue_id.startsWith('document_translation_needed-'))).toBe(false);

    const alone = await f.createCase(gmbhCase());
    const lonely = (await f.upload(alone.conversation_id, await germanPdf(), 'handelsregister.pdf')).body.document_id as string;
    await verified(alone.conversation_id, lonely);

    for (const c of [withIt, alone]) expect((await f.complete(c.conversation_id)).status).toBeLessThan(300);
    const docs = (await f.caseResult(withIt.case_id)).result.conversation_results[0].client_documents as ClientDoc[];
    expect(docs.find((d) => d.document_id === original)!.translated).toBe(true);
    expect(docs.find((d) => d.document_id === translation)).toMatchObject({ translated: false, document_name: 'Translation of handelsregister.pdf' });
    const lonelyDocs = (await f.caseResult(alone.case_id)).result.conversation_results[0].client_documents as ClientDoc[];
    expect(lonelyDocs.find((d) => d.document_id === lonely)!.translated).toBe(false);
  }, 120_000);

  it('a translation linked but read in German does not make the original translated', async () => {
    const c = await f.createCase(gmbhCase());
    const original = (await f.upload(c.conversation_id, await germanPdf(), 'a.pdf')).body.document_id as string;
    await verified(c.conversation_id, original);
    const up = await s.api('POST', `/api/v1/conversations/${c.conversation_id}/documents?translation_of=${original}`, undefined, { raw: uploadForm(await germanPdf(), 'b.pdf') });
    await verified(c.conversation_id, up.body.document_id);
    await f.complete(c.conversation_id);
    const docs = (await f.caseResult(c.case_id)).result.conversation_results[0].client_documents as ClientDoc[];
    expect(docs.find((d) => d.document_id === original)!.translated).toBe(false);
  }, 120_000);

  it('refuses a translation_of that is not a document of the conversation, with a stable code', async () => {
    const c = await f.createCase(gmbhCase());
    const other = await f.createCase(gmbhCase());
    const foreign = (await f.upload(other.conversation_id, await germanPdf(), 'a.pdf')).body.document_id as string;
    for (const bad of [foreign, 'not-an-id']) {
      const r = await s.api('POST', `/api/v1/conversations/${c.conversation_id}/documents?translation_of=${bad}`, undefined, { raw: uploadForm(await englishPdf(), 'b.pdf') });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('unknown_document');
    }
  });
});

describe('translations in the dialog', () => {
  it('asks for a translation of a German file, takes the next file of the step as it, and reports the original as translated', async () => {
    const ids = await f.createCase(gmbhCase([{ module: 'license' }]));
    const d = dialogApi(s.url, ids.conversation_id);
    const key = (await d.state()).body.view.step.key as string;
    expect((await d.upload(key, await germanPdf(), 'genehmigung.pdf')).status).toBe(200);
    let view = await d.checked();
    const asked = view.step.files[0].findings.find((x: { code: string }) => x.code === 'document_translation_needed');
    expect(asked.message).toContain('English translation');
    expect((await d.upload(key, await englishPdf(), 'licence-en.pdf')).status).toBe(200);
    view = await d.checked();
    expect(view.step.files[1].findings.some((x: { code: string }) => x.code === 'document_translation_needed')).toBe(false);
    expect((await d.proceed(key)).status).toBe(200);
    expect((await d.submit()).status).toBe(200);
    const docs = (await f.caseResult(ids.case_id)).result.conversation_results[0].client_documents as ClientDoc[];
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ document_name: 'genehmigung.pdf', translated: true });
    expect(docs[1]).toMatchObject({ document_name: 'Translation of genehmigung.pdf', translated: false });
  }, 120_000);
});
