// The page at `/`: what this service is and where its parts are (API docs, back office, health).
// Browsers get a small HTML page; API clients (curl's */*, application/json) get the same links as
// JSON. It names no account and no secret, so it is served without authentication.
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../lib/html-escape.ts';

export interface LandingOptions {
  /** Where Dossier is reached (PUBLIC_URL): the JSON answer gives absolute links. */
  publicUrl: string;
}

interface Place {
  path: string;
  title: string;
  text: string;
}

const DESCRIPTION =
  'Dossier verifies business clients. A bank opens a case for a company; Dossier holds a conversation with the company (a hosted dialog or documents sent through the API), checks the documents, and hands back findings, a risk score, web and PDF reports, and webhooks.';

const PLACES: { heading: string; places: Place[] }[] = [
  {
    heading: 'For developers',
    places: [
      { path: '/docs', title: 'API documentation', text: 'Every endpoint with its request and response shapes, and a form to try each one.' },
      { path: '/api/v1/openapi.json', title: 'OpenAPI document', text: 'The same description as a machine-readable OpenAPI 3.1 file.' },
    ],
  },
  {
    heading: 'For analysts',
    places: [{ path: '/backoffice/', title: 'Back office', text: 'Cases, documents, findings and reports. Sign in with a back-office user.' }],
  },
  {
    heading: 'For operators',
    places: [
      { path: '/healthz', title: 'Health', text: 'Answers while the service runs.' },
      { path: '/readyz', title: 'Readiness', text: 'Answers when the database and the data folder are fit for work, and names what is not.' },
    ],
  },
];

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}' +
  'h1{font-size:1.75rem;margin-bottom:.25rem}h2{font-size:1.15rem;margin-top:1.75rem}' +
  'a{color:#0b4f9c}a:focus{outline:3px solid #f5a623;outline-offset:2px}' +
  'code{font-family:ui-monospace,monospace;background:#f1f1f1;padding:0 .2rem}' +
  'ul{padding-left:1.25rem}li{margin:.4rem 0}';
const STYLE_HASH = crypto.createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function renderPage(): string {
  const sections = PLACES.map(
    (s) =>
      `<section><h2>${escapeHtml(s.heading)}</h2><ul>${s.places
        .map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a> (<code>${escapeHtml(p.path)}</code>): ${escapeHtml(p.text)}</li>`)
        .join('')}</ul></section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dossier</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Dossier</h1><p>${escapeHtml(DESCRIPTION)}</p></header>
<main>
${sections}
<section><h2>Getting started</h2>
<p>The API answers under <code>/api/v1</code> with HTTP Basic authentication: the API client's username and password.
The first start prints them (or takes them from <code>API_PASSWORD</code> and <code>ADMIN_PASSWORD</code>).</p>
<p>The README that comes with Dossier walks through a whole case in five minutes with curl
(section "A five-minute tour with curl"): create a case, upload and verify a document, complete the conversation and download the report.</p>
</section>
</main>
</body>
</html>
`;
}

/** Quality (0 to 1) the Accept header gives a media type; a missing header accepts anything. */
export function acceptQuality(accept: string | undefined, type: string): number {
  if (!accept) return 1;
  const [major] = type.split('/');
  let best = -1;
  let bestSpecificity = -1;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < bestSpecificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    best = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
    bestSpecificity = specificity;
  }
  return Math.max(best, 0);
}

/** HTML only when the client prefers it to JSON (a browser); on a tie (curl's any-type Accept) JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  const html = Math.max(acceptQuality(accept, 'text/html'), acceptQuality(accept, 'application/xhtml+xml'));
  return html > 0 && html > acceptQuality(accept, 'application/json');
}

export const landingPlugin: FastifyPluginAsync<LandingOptions> = async (app, { publicUrl }) => {
  const page = renderPage();
  const links = Object.fromEntries(
    [
      ['api', '/api/v1'],
      ['docs', '/docs'],
      ['openapi', '/api/v1/openapi.json'],
      ['backoffice', '/backoffice/'],
      ['health', '/healthz'],
      ['readiness', '/readyz'],
    ].map(([name, p]) => [name, `${publicUrl}${p}`]),
  );
  const json = { service: 'Dossier', description: DESCRIPTION, authentication: 'HTTP Basic with an API client username and password', links };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Vary', 'Accept').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'same-origin');
    if (prefersHtml(request.headers.accept)) {
      return reply.header('Content-Security-Policy', CSP).header('X-Frame-Options', 'DENY').type('text/html; charset=utf-8').send(page);
    }
    return json;
  });
};
