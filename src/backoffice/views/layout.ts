// The page shell of the back office: one stylesheet and one small script from /backoffice/assets
// (no CDN), a header with navigation and sign-out, a skip link, and the flash message of a redirect.
import { html, type SafeHtml } from './html.ts';

export interface Viewer {
  username: string;
  role: 'analyst' | 'admin';
  clientName: string;
  csrfToken: string;
  /** Shown as a warning on every page: the organisation's webhook carries no credentials. */
  webhookWithoutCredentials?: boolean;
}

export interface Flash {
  kind: 'success' | 'error' | 'info';
  text: string;
}

export interface PageOptions {
  title: string;
  viewer?: Viewer | null;
  active?: 'cases' | 'users' | 'reviews';
  flash?: Flash | null;
  /** Extra class on <main> (e.g. a narrow form page). */
  mainClass?: string;
}

export const ASSETS = '/backoffice/assets';

export function csrfField(viewer: Viewer): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
}

function header(o: PageOptions): SafeHtml {
  const v = o.viewer;
  const link = (key: 'cases' | 'users' | 'reviews', href: string, label: string) => html`<li><a href="${href}"${o.active === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<header class="topbar">
  <a class="brand" href="/backoffice/cases"><span class="brand-mark" aria-hidden="true">D</span> Dossier <span class="brand-sub">back office</span></a>
  ${
    v
      ? html`<nav aria-label="Main"><ul>${link('cases', '/backoffice/cases', 'Cases')}${link('reviews', '/backoffice/reviews', 'Reviews')}${v.role === 'admin' ? link('users', '/backoffice/users', 'Users') : ''}${v.role === 'admin' ? html`<li><a href="/backoffice/brand">Brand</a></li>` : ''}${v.role === 'admin' ? html`<li><a href="/backoffice/questionnaire">Questionnaire</a></li>` : ''}${v.role === 'admin' ? html`<li><a href="/backoffice/jobs">Jobs</a></li>` : ''}</ul></nav>
  <div class="who">
    <span class="who-name">${v.username}</span> <span class="who-meta">${v.role} · ${v.clientName}</span>
    <form method="post" action="/backoffice/logout" class="inline">${csrfField(v)}<button type="submit" class="btn btn-quiet">Sign out</button></form>
  </div>`
      : ''
  }
</header>`;
}

export function renderPage(o: PageOptions, body: SafeHtml): string {
  const warning = o.viewer?.webhookWithoutCredentials
    ? html`<div class="flash flash--error" role="alert" data-warning="webhook-without-credentials">Webhooks of ${o.viewer.clientName} are sent without credentials (no Authorization header), so the receiver cannot tell them from anyone else's requests. An operator sets a username and password with <code>dossier clients set-webhook</code>.</div>`
    : '';
  const flash = o.flash ? html`<div class="flash flash--${o.flash.kind}" role="${o.flash.kind === 'error' ? 'alert' : 'status'}">${o.flash.text}</div>` : '';
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${o.title} · Dossier</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}/backoffice.css">
<script src="${ASSETS}/backoffice.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(o)}
<main id="main" class="${o.mainClass ?? ''}" tabindex="-1">
${warning}
${flash}
${body}
</main>
</body>
</html>
`.value;
}
