// The brand of an API client, end to end on a real server and database: set by the command line
// and by the back-office form (each refusing bad values with a clear reason), served as a logo and
// stylesheet the dialog loads from its own origin, shown in the dialog page and the invitation
// e-mails (sent to a real SMTP server), and never replaced by the API username when missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import sharp from 'sharp';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually, startServer, type ApiCaller, type TestServer } from '../helpers/server.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { parseMail, SmtpReceiver } from '../delivery/smtp.ts';
import { signInHttp } from '../backoffice/helpers.ts';
import { makeLogoPng } from '../fixtures/brand.ts';

let storage: TestStorage;
let s: TestServer;
let smtp: SmtpReceiver;
let branded: ApiCaller & { creds: { username: string; password: string } };
let plain: ApiCaller & { creds: { username: string; password: string } };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-brand-'));

setupAll(async () => {
  storage = await createTestStorage();
  smtp = new SmtpReceiver('mailer', 'mail-password-1');
  await smtp.start();
  s = await startServer({ SMTP_URL: smtp.url(), MAIL_FROM: 'Dossier <dossier@bank.example>' }, { storage });
  branded = await s.newClient('northbank');
  plain = await s.newClient('plainbank');
  await s.d.services.users.create({ username: 'nora', clientUsername: 'northbank', role: 'admin', password: 'nora-password-123' });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await storage?.drop();
  await smtp?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = runDossier(args, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
  const { code } = await exited(child);
  return { code, out: child.output() };
}

const clientId = async (username: string) => (await s.d.ctx.db.selectFrom('api_clients').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('dossier clients brand', () => {
  it('refuses bad values with the reason, and changes nothing', { timeout: 180_000 }, async () => {
    const svg = path.join(tmp, 'logo.svg');
    fs.writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fake = path.join(tmp, 'fake.png');
    fs.writeFileSync(fake, 'this is not an image');
    const bad = await cli(
      'clients',
      'brand',
      'northbank',
      '--display-name',
      'North Bank',
      '--colour',
      '#0a5',
      '--privacy-url',
      'http://north.example/privacy',
      '--support-email',
      'not-an-address',
      '--logo',
      svg,
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('primary_colour: #00aa55 is too light');
    expect(bad.out).toMatch(/contrast with white is 3\.\d\d:1, and text needs at least 4\.5:1 \(WCAG AA\); a darker shade such as #[0-9a-f]{6} works/);
    expect(bad.out).toContain('privacy_url: must be an https:// address');
    expect(bad.out).toContain('support_email: "not-an-address" is not an e-mail address');
    expect(bad.out).toContain('logo: SVG files are not taken');
    const worse = await cli('clients', 'brand', 'northbank', '--logo', fake, '--colour', 'green');
    expect(worse.code).toBe(1);
    expect(worse.out).toContain('logo: the file is not a PNG or JPEG image');
    expect(worse.out).toContain('"green" is not a hex colour');
    await expect(s.d.services.clients.setBrandOf('nobody', { display_name: 'X' })).rejects.toThrow('The API client "nobody" was not found.');
    expect(await s.d.services.clients.brandValues(await clientId('northbank'))).toMatchObject({ display_name: null, primary_colour: null, privacy_url: null });
  });

  it('sets the brand with a logo, prints it, and removes a value given as ""', { timeout: 180_000 }, async () => {
    const logo = path.join(tmp, 'logo.png');
    fs.writeFileSync(logo, await makeLogoPng(1200, 400));
    const ok = await cli(
      'clients',
      'brand',
      'northbank',
      '--display-name',
      'North Bank',
      '--logo',
      logo,
      '--colour',
      '#0B5E3A',
      '--support-email',
      'help@northbank.example',
      '--support-phone',
      '+44 20 7946 0000',
      '--support-url',
      'https://northbank.example/help',
      '--privacy-url',
      'https://northbank.example/privacy',
    );
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('display name  North Bank');
    expect(ok.out).toContain('colour        #0b5e3a');
    const values = await s.d.services.clients.brandValues(await clientId('northbank'));
    expect(values).toMatchObject({ display_name: 'North Bank', primary_colour: '#0b5e3a', support_email: 'help@northbank.example', privacy_url: 'https://northbank.example/privacy' });
    // The stored logo is a PNG re-encoded to fit 600 × 200.
    const stored = await s.d.services.clients.logo(await clientId('northbank'));
    const meta = await sharp(stored!.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 200]);

    const cleared = await cli('clients', 'brand', 'northbank', '--support-phone', '');
    expect(cleared.out).toContain('support phone (not set)');
    expect(cleared.out).toContain('display name  North Bank');
  });
});

describe('the back-office brand page', () => {
  const post = async (session: Awaited<ReturnType<typeof signInHttp>>, fields: Record<string, string>, logo?: { bytes: Buffer; name: string }) => {
    const form = new FormData();
    form.append('_csrf', session.csrf);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('logo', new Blob([new Uint8Array(logo?.bytes ?? Buffer.alloc(0))]), logo?.name ?? '');
    const res = await fetch(`${s.url}/backoffice/brand`, { method: 'POST', headers: { cookie: session.cookie }, body: form });
    return { status: res.status, html: await res.text() };
  };
  const full = {
    display_name: 'North Bank',
    primary_colour: '#0b5e3a',
    support_email: 'help@northbank.example',
    support_phone: '',
    support_url: 'https://northbank.example/help',
    privacy_url: 'https://northbank.example/privacy',
  };

  it('shows the form, marks each value it does not take, keeps what was typed, and saves good values', { timeout: 60_000 }, async () => {
    const session = await signInHttp(s.url, 'nora', 'nora-password-123');
    const page = await session.get('/backoffice/brand');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="North Bank"');
    expect(html).toMatch(/<img src="\/dialog\/brand\/[0-9a-f-]{36}\/logo\.png\?v=[0-9a-f]{16}"/);

    const bad = await post(session, { ...full, primary_colour: '#ffcc00', privacy_url: 'javascript:alert(1)' }, { bytes: Buffer.from('GIF89a not allowed'), name: 'logo.gif' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('The brand was not changed');
    expect(bad.html).toContain('#ffcc00 is too light');
    expect(bad.html).toContain('must be an https:// address');
    expect(bad.html).toContain('the file is not a PNG or JPEG image');
    expect(bad.html).toContain('aria-invalid="true"');
    expect(bad.html).toContain('value="javascript:alert(1)"');
    expect((await s.d.services.clients.brandValues(await clientId('northbank'))).primary_colour).toBe('#0b5e3a');

    const good = await post(session, { ...full, display_name: 'North Bank plc' });
    expect(good.status, good.html).toBe(200);
    expect(good.html).toContain('The brand is saved');
    const values = await s.d.services.clients.brandValues(await clientId('northbank'));
    expect(values.display_name).toBe('North Bank plc');
    expect(values.logo_sha256, 'an empty file input keeps the logo').not.toBeNull();
    await post(session, full);
  });

  it('is for administrators only, and needs the form token', async () => {
    const session = await signInHttp(s.url, 'nora', 'nora-password-123');
    const form = new FormData();
    form.append('display_name', 'Evil');
    const res = await fetch(`${s.url}/backoffice/brand`, { method: 'POST', headers: { cookie: session.cookie }, body: form });
    expect(res.status).toBe(403);
    await s.d.services.users.create({ username: 'andy', clientUsername: 'northbank', role: 'analyst', password: 'andy-password-123' });
    const analyst = await signInHttp(s.url, 'andy', 'andy-password-123');
    expect((await analyst.get('/backoffice/brand')).status).toBe(404);
  });
});

describe('the brand in the dialog page and its assets', () => {
  it('names the client, links its contact and privacy notice, and loads logo and colour from its own origin', async () => {
    const { conversation_id } = await flows(branded).createCase();
    const res = await fetch(`${s.url}/dialog?id=${conversation_id}`);
    const html = await res.text();
    expect(html).toContain('<span class="brand-name">North Bank</span>');
    expect(html).toContain('Requested by North Bank');
    expect(html).toContain('North Bank is opening an account for');
    expect(html).toContain('href="mailto:help@northbank.example"');
    expect(html).toContain('href="https://northbank.example/privacy"');
    expect(html).not.toMatch(/northbank(?![.\w-]*\.example)/i);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self'");

    const logoUrl = /<img class="brand-logo" src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const logo = await fetch(`${s.url}${logoUrl}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).format).toBe('png');
    const cssUrl = /<link rel="stylesheet" href="(\/dialog\/brand\/[^"]+)">/.exec(html)![1]!.replace(/&amp;/g, '&');
    const css = await fetch(`${s.url}${cssUrl}`);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('--accent: #0b5e3a');
    expect((await fetch(`${s.url}/dialog/brand/${await clientId('plainbank')}/logo.png`)).status).toBe(404);
    expect((await fetch(`${s.url}/dialog/brand/not-a-uuid/style.css`)).status).toBe(404);
  });

  it('without a brand speaks of the organisation that sent the link, never of the username', async () => {
    const { conversation_id } = await flows(plain).createCase();
    const html = await (await fetch(`${s.url}/dialog?id=${conversation_id}`)).text();
    expect(html).toContain('Requested by the organisation that sent you this link');
    expect(html).toContain('The organisation that sent you this link is opening an account for');
    expect(html).not.toMatch(/plainbank/i);
    expect(html).not.toContain('brand-foot');
  });
});

describe('the brand in invitation e-mails', () => {
  const mailTo = (address: string) => eventually(async () => smtp.messages.find((m) => m.to.includes(address)));

  it('names the display name and contact, links the privacy notice, and never shows the username', async () => {
    await flows(branded).createCase(onboardingCase({ company_full_name: 'Acme Trading Ltd' }, { invitation_email_recipients: ['jane@acme.example'] }));
    const raw = (await mailTo('jane@acme.example')).raw;
    const mail = parseMail(raw);
    expect(mail.headers.subject).toBe('Acme Trading Ltd: information requested by North Bank');
    expect(mail.text).toContain('North Bank asks Acme Trading Ltd for some information');
    expect(mail.text).toContain('You can also reach North Bank at help@northbank.example, https://northbank.example/help.');
    expect(mail.text).toContain('How North Bank handles your data: https://northbank.example/privacy');
    expect(mail.text).toContain('Sent on behalf of North Bank.');
    expect(mail.html).toContain('background:#0b5e3a');
    expect(mail.html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/dialog\/brand\/[0-9a-f-]{36}\/logo\.png\?v=/);
    expect(`${mail.headers.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/northbank(?![.\w-]*\.example)/i);
  });

  it('without a brand says who asks in plain words, never by username', async () => {
    await flows(plain).createCase(onboardingCase({ company_full_name: 'Acme Trading Ltd' }, { invitation_email_recipients: ['joe@acme.example'] }));
    const mail = parseMail((await mailTo('joe@acme.example')).raw);
    expect(mail.headers.subject).toBe('Acme Trading Ltd: information requested for a review');
    expect(mail.text).toContain('The organisation that asked us to contact you asks Acme Trading Ltd');
    expect(`${mail.headers.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/plainbank/i);
  });
});
