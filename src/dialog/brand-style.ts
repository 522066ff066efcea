// What the dialog page shows of the organisation that asks: the brand as the view carries it (names,
// contact, the addresses of the logo and of the brand stylesheet), and that stylesheet, which sets
// the brand colour as the page's accent (links, buttons) and lays out the header and footer. The
// colour was checked against white when it was set, so the page's white text on it stays readable.
// Pure.
import crypto from 'node:crypto';
import type { Brand } from '../clients/brand.ts';
import type { ViewBrand } from './dialog.view.ts';

const BASE_CSS = `.brand-head { display: flex; align-items: center; gap: 0.75rem; margin: 0 0 0.5rem; min-height: 2rem; }
.brand-logo { display: block; max-height: 48px; max-width: min(200px, 45vw); width: auto; height: auto; }
.brand-name { font-weight: 600; font-size: 1.0625rem; color: var(--ink); overflow-wrap: anywhere; }
.brand-foot { margin: 1.5rem 0 1rem; padding-top: 0.75rem; border-top: 1px solid var(--line); color: var(--muted); font-size: 0.875rem; }
.brand-foot p { margin: 0.25rem 0; }
.brand-foot a { color: var(--accent); }
`;

/** The brand stylesheet's text. */
export function brandCss(colour: string | null): string {
  return colour ? `:root { --accent: ${colour}; --accent-ink: #ffffff; }\n.top { border-top: 4px solid var(--accent); }\n${BASE_CSS}` : BASE_CSS;
}

export function brandCssVersion(colour: string | null): string {
  return crypto.createHash('sha256').update(brandCss(colour)).digest('hex').slice(0, 12);
}

/** The brand as the dialog view carries it; assets are served under /dialog/brand/<client id>/. */
export function viewBrand(clientId: string, brand: Brand): ViewBrand {
  const base = `/dialog/brand/${encodeURIComponent(clientId)}`;
  return {
    name: brand.displayName,
    logo_url: brand.logoSha256 ? `${base}/logo.png?v=${brand.logoSha256.slice(0, 16)}` : null,
    style_url: `${base}/style.css?v=${brandCssVersion(brand.colour)}`,
    support_email: brand.supportEmail,
    support_phone: brand.supportPhone,
    support_url: brand.supportUrl,
    privacy_url: brand.privacyUrl,
  };
}
