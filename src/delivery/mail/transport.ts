// Where e-mail goes: the SMTP server of SMTP_URL (nodemailer, pooled connections, timeouts), or,
// with no SMTP_URL (a laptop), .eml files under DATA_DIR/mail that any mail program opens.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { Config } from '../../config.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SentMail {
  /** Where it went: the SMTP server (without credentials) or the file written. */
  target: string;
  statusCode: number | null;
  response: string;
}

/** A failure to hand the message over; `permanent` when retrying cannot help (an SMTP 5xx). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
    readonly permanent: boolean,
    readonly target: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface MailTransport {
  /** For the log and the start-up banner. */
  readonly description: string;
  send(mail: OutgoingMail, fileStem: string): Promise<SentMail>;
  close(): void;
}

export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'>): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.DATA_DIR, 'mail'));
}

function smtpTransport(smtpUrl: string): MailTransport {
  const u = new URL(smtpUrl);
  const target = `${u.protocol}//${u.host}`;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    description: `SMTP ${target}`,
    async send(mail) {
      try {
        const info = await transporter.sendMail(mail);
        return { target, statusCode: Number(/^\d{3}/.exec(info.response)?.[0]) || null, response: info.response };
      } catch (err) {
        const e = err as NodemailerError;
        throw new MailError(e.response ?? e.message, e.responseCode ?? null, e.permanent === true, target, e.code === 'ETIMEDOUT');
      }
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${dir} (no SMTP_URL)`,
    async send(mail, fileStem) {
      const info = await transporter.sendMail(mail);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${fileStem}.eml`);
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, file);
      return { target: file, statusCode: null, response: 'written to file' };
    },
    close: () => transporter.close(),
  };
}
