// Removing a file sent through the dialog by mistake (DELETE /dialog/api/<id>/steps/<key>/files/<document_id>):
// only a file of the current step of this conversation, only while the step is open.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { makePng } from '../fixtures/documents.ts';
import { companyPdf, dialogApi, goodAnswers } from './helpers.ts';

describe('removing a dialog file', () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const newDialog = async () => {
    const { conversation_id: id } = await flows(s.api).createCase(monitoringCase({ modules: [{ module: 'invoice' }, { module: 'website' }] }));
    return { id, d: dialogApi(s.url, id) };
  };
  const remove = (id: string, key: string, documentId: string) => fetch(`${s.url}/dialog/api/${id}/steps/${encodeURIComponent(key)}/files/${documentId}?lang=en`, { method: 'DELETE' });

  it('takes the file off the step and logs it, in the language of the page', async () => {
    const { id, d } = await newDialog();
    const up = await d.upload('0:invoice', makePng(), 'holiday.png');
    const documentId = up.body.view.step.files[0].document_id as string;
    const res = await fetch(`${s.url}/dialog/api/${id}/steps/0%3Ainvoice/files/${documentId}?lang=de`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { view: { step: { files: unknown[]; can_skip: boolean } } };
    expect(body.view.step.files).toEqual([]);
    expect(body.view.step.can_skip).toBe(true);
    const log = await s.d.ctx.db.selectFrom('conversation_messages').select(['author', 'text']).where('conversation_id', '=', id).orderBy('seq').execute();
    expect(log).toContainEqual({ author: 'user', text: 'Ich habe holiday.png entfernt; bitte verwenden Sie die Datei nicht.' });
    // Twice: it is no longer a file of the step.
    const again = await remove(id, '0:invoice', documentId);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('not_found');
    // Continue needs a file again.
    expect((await d.proceed('0:invoice')).status).toBe(400);
  }, 90_000);

  it('refuses files of another conversation, unknown ids and steps already finished', async () => {
    const a = await newDialog();
    const b = await newDialog();
    const ofB = (await b.d.upload('0:invoice', await companyPdf(), 'invoice.pdf')).body.view.step.files[0].document_id as string;
    const ofA = (await a.d.upload('0:invoice', await companyPdf(), 'invoice.pdf')).body.view.step.files[0].document_id as string;

    const foreign = await remove(a.id, '0:invoice', ofB);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: string }).error).toBe('not_found');
    expect((await remove(a.id, '0:invoice', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await remove(a.id, '0:invoice', 'not-an-id')).status).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000', '0:invoice', ofA)).status).toBe(404);
    // b's file is still there.
    expect((await b.d.state()).body.view.step.files).toHaveLength(1);

    await a.d.checked();
    expect((await a.d.proceed('0:invoice')).status).toBe(200);
    const finished = await remove(a.id, '0:invoice', ofA);
    expect(finished.status).toBe(409);
    expect(((await finished.json()) as { error: string }).error).toBe('conflict');
    // The website step takes no files.
    expect((await remove(a.id, '1:website', ofA)).status).toBe(400);

    expect((await a.d.answer('1:website', goodAnswers.website!)).status).toBe(200);
    expect((await a.d.submit()).body.view.status).toBe('completed');
    expect((await remove(a.id, '0:invoice', ofA)).status).toBe(409);
  }, 90_000);
});
