// The invitation e-mail (and its follow-up variant): subject, plain text and HTML, from plain
// data. Every value is escaped in the HTML and kept on one line in headers.
import { escapeHtml } from '../../lib/html-escape.ts';

export type MailTemplate = 'invitation' | 'follow_up';

export interface InvitationInput {
  template: MailTemplate;
  companyName: string;
  /** The display name of the bank or company that asks; null when it has none (never its username). */
  clientName: string | null;
  link: string;
  caseManager: { name: string; email: string } | null;
  /** The asking organisation's brand: support contact, privacy notice, colour, logo (absolute URL). */
  brand?: {
    supportEmail: string | null;
    supportPhone: string | null;
    supportUrl: string | null;
    privacyUrl: string | null;
    colour: string | null;
    logoUrl: string | null;
  };
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
  const client = input.clientName ? oneLine(input.clientName) : null;
  const b = input.brand;
  const more = input.template === 'follow_up';
  const subject = `${company}: ${more ? 'more information' : 'information'} requested ${client ? `by ${client}` : 'for a review'}`;
  const asker = client ?? 'The organisation that asked us to contact you';
  const ask = more ? `${asker} needs a little more information from ${company} to complete its review.` : `${asker} asks ${company} for some information and documents to complete its review.`;
  const manager = input.caseManager && { name: oneLine(input.caseManager.name), email: oneLine(input.caseManager.email) };
  const support = [b?.supportEmail, b?.supportPhone, b?.supportUrl].filter((x): x is string => !!x).map(oneLine);
  const them = client ?? 'the organisation that asked for this review';
  const contact = manager
    ? `If you have a question, reply to this e-mail: your reply goes to ${manager.name} (${manager.email})${client ? ` at ${client}` : ''}.${support.length ? ` You can also reach ${them} at ${support.join(', ')}.` : ''}`
    : support.length
      ? `If you have a question, contact ${them} at ${support.join(', ')}.`
      : `If you have a question, contact ${them} through your usual channel.`;
  const privacy = b?.privacyUrl ? `${client ? `How ${client} handles your data` : 'Privacy notice'}: ${oneLine(b.privacyUrl)}` : null;
  const signOff = client ? `Sent on behalf of ${client}.` : 'Sent on behalf of the organisation that asked for this review.';
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
    ...(privacy ? [privacy] : []),
    '',
    signOff,
    '',
  ].join('\n');
  const e = escapeHtml;
  const colour = b?.colour ?? '#1d4ed8';
  const logo = b?.logoUrl ? `<p><img src="${e(b.logoUrl)}" alt="${e(client ?? '')}" style="max-height:48px;max-width:200px"></p>\n` : '';
  const privacyHtml = b?.privacyUrl ? `<p style="font-size:13px;color:#555"><a href="${e(b.privacyUrl)}">${e(client ? `How ${client} handles your data` : 'Privacy notice')}</a></p>\n` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1a1a;line-height:1.5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
${logo}<p>Hello,</p>
<p>${e(ask)}</p>
<p>Please open this link; it takes you through each step, and you can upload documents from a phone or a computer:</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:${e(colour)};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the request</a></p>
<p style="font-size:14px;color:#555">Or copy this address into your browser: <a href="${e(input.link)}">${e(input.link)}</a></p>
<p>The link is meant for ${e(company)} only; please do not forward it. ${e(contact)}</p>
${privacyHtml}<p style="font-size:13px;color:#555">${e(signOff)}</p>
</div></body></html>
`;
  return { subject, text, html };
}
