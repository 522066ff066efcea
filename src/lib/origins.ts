// Origins allowed to embed the dialog: parsed strictly (scheme, host and port only), and turned into
// the page's Content-Security-Policy. Pure.

/** The canonical form of an origin (`https://bank.example`, `http://127.0.0.1:8080`), or null. */
export function normalizeOrigin(raw: string): string | null {
  const s = raw.trim().replace(/\/$/, '');
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/' || raw.includes('?') || raw.includes('#')) return null;
  return u.origin;
}

/** Parses a list separated by spaces or commas; throws naming the first entry that is not an origin. */
export function parseOriginList(raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(/[\s,]+/).filter(Boolean)) {
    const o = normalizeOrigin(part);
    if (!o) throw new Error(`"${part}" is not an origin; write scheme, host and optional port, such as https://bank.example or http://localhost:8080`);
    if (!out.includes(o)) out.push(o);
  }
  return out;
}

/** The dialog page's policy: own resources only, no inline script, framing only by the given origins. */
export function dialogCsp(frameOrigins: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors 'self'${frameOrigins.map((o) => ` ${o}`).join('')}`,
  ].join('; ');
}
