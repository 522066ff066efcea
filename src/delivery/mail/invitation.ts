// The invitation e-mail (and its follow-up variant): subject, plain text and HTML, from plain
// data. Every value is escaped in the HTML and kept on one line in headers.
import { escapeHtml } from '../../lib/html-escape.ts';

export type MailTemplate = 'invitation' | 'follow_up';

export interface InvitationInput {
  template: MailTemplate;
  companyName: string;
  /** The API client's name: the bank or company that asks. */
  clientName: string;
  link: string;
  caseManager: { name: string; email: string } | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One line, no control characters: safe in a header and a sentence. */
export function oneLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function renderInvitation(input: InvitationInput): RenderedMail {
  const company = oneLine(input.companyName);
  const client = oneLine(input.clientName);
  const more = input.template === 'follow_up';
  const subject = `${company}: ${more ? 'more information' : 'information'} requested by ${client}`;
  const ask = more ? `${client} needs a little more information from ${company} to complete its review.` : `${client} asks ${company} for some information and documents to complete its review.`;
  const manager = input.caseManager && { name: oneLine(input.caseManager.name), email: oneLine(input.caseManager.email) };
  const contact = manager
    ? `If you have a question, reply to this e-mail: your reply goes to ${manager.name} (${manager.email}) at ${client}.`
    : `If you have a question, contact ${client} through your usual channel.`;
  const text = [
    'Hello,',
    '',
    ask,
    'Please open this link; it takes you through each step, and you can upload documents from a phone or a computer:',
    '',
    input.link,
    '',
    `The link is meant for ${company} only; please do not forward it.`,
    contact,
    '',
    `Sent by Dossier on behalf of ${client}.`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1a1a;line-height:1.5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
<p>Hello,</p>
<p>${e(ask)}</p>
<p>Please open this link; it takes you through each step, and you can upload documents from a phone or a computer:</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the request</a></p>
<p style="font-size:14px;color:#555">Or copy this address into your browser: <a href="${e(input.link)}">${e(input.link)}</a></p>
<p>The link is meant for ${e(company)} only; please do not forward it. ${e(contact)}</p>
<p style="font-size:13px;color:#777">Sent by Dossier on behalf of ${e(client)}.</p>
</div></body></html>
`;
  return { subject, text, html };
}
