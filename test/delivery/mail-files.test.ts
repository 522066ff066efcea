// With no SMTP_URL (npm start on a laptop), invitations are written as .eml files under
// DATA_DIR/mail, and the log says where each one went.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { buildDossier, type Dossier } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { findClientByUsername } from '../../src/db/clients.repo.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually } from '../helpers/server.ts';
import { onboardingCase } from '../helpers/factories.ts';
import { parseMail } from './smtp.ts';

let storage: TestStorage;
let d: Dossier;
const logLines: Record<string, unknown>[] = [];

setupAll(async () => {
  storage = await createTestStorage();
  const config = loadConfig({}, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, PUBLIC_URL: 'http://dossier.test', JOBS_POLL_MS: 50 });
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      cb();
    },
  });
  d = await buildDossier(config, { logger: pino({ level: 'info' }, sink) });
  await d.services.clients.create({ username: 'laptop', name: 'Laptop Bank', password: 'laptop-password-1' });
  d.startWorker();
});
afterAll(async () => {
  await d.close();
  await storage.drop();
});

describe('e-mail without SMTP', () => {
  it('writes each invitation as an .eml file under DATA_DIR/mail and logs where', async () => {
    expect(d.services.mail.describe()).toBe(`.eml files in ${path.join(storage.dataDir, 'mail')} (no SMTP_URL)`);
    const client = (await findClientByUsername(d.ctx.db, 'laptop'))!;
    const input = onboardingCase({ company_full_name: 'Acme Trading Ltd' }, { invitation_email_recipients: ['jane@acme.example'] });
    const created = await d.services.cases.create(client, input as never);
    const dir = path.join(storage.dataDir, 'mail');
    const file = await eventually(async () => (fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.eml')) : undefined));
    const mail = parseMail(fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(mail.headers.subject).toBe('Acme Trading Ltd: information requested by Laptop Bank');
    expect(mail.headers.to).toBe('jane@acme.example');
    expect(mail.headers.from).toBe('Dossier <no-reply@localhost>');
    expect(mail.headers['reply-to']).toBe('Carla Manager <carla@bank.example>');
    expect(mail.text).toContain(`http://dossier.test/dialog?id=${created.conversation_id}`);
    expect(mail.html).toContain(`href="http://dossier.test/dialog?id=${created.conversation_id}"`);

    const delivery = await eventually(async () => {
      const row = await d.ctx.db.selectFrom('deliveries').selectAll().where('conversation_id', '=', created.conversation_id).executeTakeFirst();
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivery.target).toBe(path.join(dir, file));
    expect(file).toContain(delivery.id);
    const logged = await eventually(async () => logLines.find((l) => l.msg === 'e-mail written to file (no SMTP_URL)'));
    expect(logged).toMatchObject({ deliveryId: delivery.id, file: path.join(dir, file) });
    // The log names the file, never the recipient.
    expect(JSON.stringify(logLines)).not.toContain('jane@acme.example');
  });
});
