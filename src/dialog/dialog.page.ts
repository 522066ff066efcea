// The HTML of the dialog: a small shell that the browser script fills from the embedded state, and
// plain pages for finished and unknown conversations. No inline script or style (the CSP forbids
// both); the state travels as JSON in a non-executable script element.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { escapeHtml } from '../lib/html-escape.ts';
import { clientTexts, formatBytes, LANGUAGES, t, type Lang } from './i18n.ts';
import type { View } from './dialog.view.ts';
import { brandFooter, brandHeader, brandStyleLink, requestedBy } from './brand.page.ts';

export interface Asset {
  body: Buffer;
  type: string;
  hash: string;
}

/** The browser script and stylesheet, read once at start-up and served with a content hash. */
export function loadAssets(): Record<string, Asset> {
  const dir = new URL('../../web/dialog/', import.meta.url);
  const read = (name: string, type: string): Asset => {
    const body = fs.readFileSync(new URL(name, dir));
    return { body, type, hash: crypto.createHash('sha256').update(body).digest('hex').slice(0, 12) };
  };
  return { 'dialog.js': read('dialog.js', 'text/javascript; charset=utf-8'), 'dialog.css': read('dialog.css', 'text/css; charset=utf-8') };
}

/** JSON that can sit inside a script element: no "<" that could close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function head(lang: Lang, title: string, assets: Record<string, Asset>, withScript: boolean): string {
  const css = assets['dialog.css']!;
  const js = assets['dialog.js']!;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/dialog/assets/dialog.css?v=${css.hash}">
${withScript ? `<script type="module" src="/dialog/assets/dialog.js?v=${js.hash}"></script>\n` : ''}</head>`;
}

/** A page with one message: the conversation is finished, or the link leads nowhere. */
export function plainPage(lang: Lang, assets: Record<string, Asset>, title: string, body: string): string {
  return `${head(lang, title, assets, false)}
<body>
<div class="app"><main class="plain" id="main"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></div>
</body>
</html>`;
}

export function dialogPage(view: View, opts: { assets: Record<string, Asset>; origins: string[]; maxFileBytes: number }): string {
  const { lang } = view;
  const other = LANGUAGES.filter((l) => l !== lang);
  const boot = {
    view,
    texts: clientTexts(lang),
    origins: opts.origins,
    maxFileBytes: opts.maxFileBytes,
    maxFileLabel: formatBytes(lang, opts.maxFileBytes),
  };
  return `${head(lang, view.title, opts.assets, true).replace('</head>', `${brandStyleLink(view)}</head>`)}
<body>
<a class="skip" href="#composer">${escapeHtml(t(lang, 'page.skip_link'))}</a>
<div class="app">
<header class="top">
${brandHeader(view)}<div class="top-row"><p class="requested">${escapeHtml(requestedBy(lang, view.requester))}</p>
<span class="langs">${other.map((l) => `<a class="lang" lang="${l}" hreflang="${l}" href="/dialog?id=${encodeURIComponent(view.conversation_id)}&amp;lang=${l}">${escapeHtml(t(l, 'page.language'))}</a>`).join('')}</span></div>
<h1 id="title">${escapeHtml(view.title)}</h1>
<div class="progress"><span id="progress-label">${escapeHtml(view.progress.label)}</span><progress id="progress" max="${view.progress.total}" value="${view.progress.current}" aria-labelledby="progress-label"></progress></div>
</header>
<main id="main">
<div role="log" class="log-wrap" aria-label="${escapeHtml(t(lang, 'page.log_label'))}"><ol id="log" class="log"></ol></div>
<section id="composer" class="composer" tabindex="-1" aria-labelledby="step-title"></section>
<p id="status" class="sr-only" role="status" aria-live="polite"></p>
<noscript><p class="notice">${escapeHtml(t(lang, 'page.noscript'))}</p></noscript>
</main>
${brandFooter(view)}</div>
<script type="application/json" id="boot">${scriptJson(boot)}</script>
</body>
</html>`;
}
