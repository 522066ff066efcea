// A real SMTP server on a loopback port (smtp-server), requiring a login, that keeps every message
// it accepts with its envelope; a test can make it refuse recipients. Plus a small reader of the
// messages Dossier writes (headers, text and HTML parts), enough to check what a mail program shows.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export class SmtpReceiver {
  readonly messages: ReceivedMail[] = [];
  /** Return an SMTP error (e.g. 451 or 550) to refuse a recipient; undefined accepts it. */
  refuse: (rcpt: string) => { code: number; message: string } | undefined = () => undefined;
  port = 0;
  private readonly server: SMTPServer;

  constructor(
    readonly user: string,
    readonly pass: string,
  ) {
    this.server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, cb) => (auth.username === user && auth.password === pass ? cb(null, { user }) : cb(new Error('bad login'))),
      onRcptTo: (address: SMTPServerAddress, _session, cb) => {
        const no = this.refuse(address.address);
        if (!no) return cb();
        cb(Object.assign(new Error(no.message), { responseCode: no.code }));
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
  }

  url(): string {
    return `smtp://${this.user}:${this.pass}@127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Reads a multipart/alternative message (or a single part) into its headers, text and HTML. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const out: ParsedMail = { headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const p = splitHead(part.replace(/^\r?\n/, ''));
    const type = (p.headers['content-type'] ?? '').toLowerCase();
    const content = decode(p.body.replace(/\r?\n$/, ''), p.headers['content-transfer-encoding']);
    if (type.startsWith('text/plain')) out.text = content;
    if (type.startsWith('text/html')) out.html = content;
  }
  return out;
}
