// The brand's parts of the dialog page: the header line with the logo and display name, the
// "Requested by" line, and the footer with the support contact and the privacy notice. Without a
// display name the page says "the organisation that sent you this link", never a username.
import { escapeHtml } from '../lib/html-escape.ts';
import { t, type Lang } from './i18n.ts';
import type { View } from './dialog.view.ts';

const e = escapeHtml;
const external = (href: string, text: string) => `<a href="${e(href)}" target="_blank" rel="noopener noreferrer">${e(text)}</a>`;

/** The stylesheet link of the brand (after the dialog's own). */
export function brandStyleLink(view: View): string {
  return view.brand ? `<link rel="stylesheet" href="${e(view.brand.style_url)}">\n` : '';
}

/** Logo and display name above the header row; nothing when the brand has neither. */
export function brandHeader(view: View): string {
  const b = view.brand;
  if (!b || (!b.logo_url && !b.name)) return '';
  // The name is written next to the logo (and in "Requested by"), so the picture needs no text of its own.
  const logo = b.logo_url ? `<img class="brand-logo" src="${e(b.logo_url)}" alt="">` : '';
  return `<div class="brand-head">${logo}${b.name ? `<span class="brand-name">${e(b.name)}</span>` : ''}</div>\n`;
}

export function requestedBy(lang: Lang, requester: string | null): string {
  return requester ? t(lang, 'page.requested_by', { requester }) : t(lang, 'page.requested_by_unnamed');
}

/** Support contact and privacy notice; nothing when the brand has neither. */
export function brandFooter(view: View): string {
  const b = view.brand;
  if (!b) return '';
  const { lang } = view;
  const name = b.name;
  const contacts = [
    b.support_email ? `<a href="mailto:${e(b.support_email)}">${e(b.support_email)}</a>` : '',
    b.support_phone ? `<a href="tel:${e(b.support_phone.replace(/[^\d+]/g, ''))}">${e(b.support_phone)}</a>` : '',
    b.support_url ? external(b.support_url, t(lang, 'page.help_page')) : '',
  ].filter(Boolean);
  const lines: string[] = [];
  if (contacts.length) lines.push(`<p class="brand-contact">${e(name ? t(lang, 'page.contact', { requester: name }) : t(lang, 'page.contact_unnamed'))} ${contacts.join(' · ')}</p>`);
  if (b.privacy_url) lines.push(`<p class="brand-privacy">${external(b.privacy_url, name ? t(lang, 'page.privacy', { requester: name }) : t(lang, 'page.privacy_unnamed'))}</p>`);
  return lines.length ? `<footer class="brand-foot">\n${lines.join('\n')}\n</footer>\n` : '';
}
