// The website check's rules, pure: what a fetched page says (title, description, text, a link to
// its about/imprint/contact page), whether the pages name the company, show its registration number
// or its address, and the findings the outcome gives. The fetching is in website-check.ts.
import { findCompanyName, normalizeText } from '../lib/names.ts';
import { StoredJsonError, storedObject } from '../lib/stored-json.ts';
import type { Finding, FindingDeclaration } from '../findings/catalogue.ts';

/** What the check found, as stored (website_checks.result) and read back at completion. */
export interface WebsiteCheckResult {
  /** The address the user gave (normalised). */
  url: string;
  checked_at: string;
  /** ok: a page was read; refused: the address is private or local; unreachable: no answer; http_error: an error status. */
  outcome: 'ok' | 'refused' | 'unreachable' | 'http_error';
  reachable: boolean;
  /** Why the site could not be read, in words (null when it was). */
  error: string | null;
  /** HTTP status of the last answer, when there was one. */
  status: number | null;
  /** Whether the page was served over HTTPS (a certificate that did not verify is "unreachable"); null when not reached. */
  tls: boolean | null;
  final_url: string | null;
  redirects: number;
  title: string | null;
  /** What the site says the company does (its meta description), shortened. */
  description: string | null;
  /** Pages read: the home page and at most one about/imprint/contact page. */
  pages: string[];
  /** How the company's name appears on those pages; null when no page text could be read. */
  company_named: 'exact' | 'without_legal_form' | 'absent' | null;
  /** Whether the case's registration number is shown; null when no number is known or no text was read. */
  reg_number_shown: boolean | null;
  /** Whether the company's known address (postcode with street or city) is shown; null when none is known or no text was read. */
  address_shown: boolean | null;
}

const OUTCOMES: readonly WebsiteCheckResult['outcome'][] = ['ok', 'refused', 'unreachable', 'http_error'];
const NAMED: readonly NonNullable<WebsiteCheckResult['company_named']>[] = ['exact', 'without_legal_form', 'absent'];
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/**
 * `website_checks.result`: what a check found. A result stored before a field existed reads it as
 * null (not known); one without its address, outcome or reachability is refused.
 */
export function websiteCheckResultOf(row: { result: string }): WebsiteCheckResult {
  const r = storedObject(row.result, 'website_checks.result');
  const outcome = OUTCOMES.find((o) => o === r.outcome);
  if (typeof r.url !== 'string' || !outcome || typeof r.reachable !== 'boolean') throw new StoredJsonError('website_checks.result', 'does not have the expected shape');
  return {
    url: r.url,
    checked_at: text(r.checked_at) ?? '',
    outcome,
    reachable: r.reachable,
    error: text(r.error),
    status: typeof r.status === 'number' ? r.status : null,
    tls: flag(r.tls),
    final_url: text(r.final_url),
    redirects: typeof r.redirects === 'number' ? r.redirects : 0,
    title: text(r.title),
    description: text(r.description),
    pages: Array.isArray(r.pages) ? r.pages.filter((p): p is string => typeof p === 'string') : [],
    company_named: NAMED.find((n) => n === r.company_named) ?? null,
    reg_number_shown: flag(r.reg_number_shown),
    address_shown: flag(r.address_shown),
  };
}

export interface WebsiteFacts {
  companyName: string;
  regNumber: string | null;
  address: { street_address?: string | null; city?: string | null; postcode?: string | null } | null;
}

/** The website check's finding codes, their severities and when they are raised (README). */
export const WEBSITE_RULES: FindingDeclaration[] = [
  { code: 'website_private_address_refused', severity: 'warning', when: 'the address resolves to a private, loopback or link-local network address; it was not visited' },
  {
    code: 'website_unreachable',
    severity: 'warning',
    when: 'the site gave no answer (name unknown, connection refused, time-out, certificate not valid, too many redirects) or answered with an error status',
  },
  { code: 'website_company_not_named', severity: 'warning', when: 'the home page and its about/imprint/contact page were read and do not name the company' },
  { code: 'website_not_secure', severity: 'info', when: 'the site is served over plain HTTP, not HTTPS' },
  { code: 'website_redirected_elsewhere', severity: 'info', when: 'the address leads to a site under another name (the final address is given)' },
];

const severityOf = (code: string) => WEBSITE_RULES.find((r) => r.code === code)!.severity;

// -------------------------------------------------------------------------------------------
// Reading HTML (small, forgiving, no DOM: only what the check needs).

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  copy: '©',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

const clean = (s: string) =>
  decodeEntities(s.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

export function pageTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const t = m ? clean(m[1]!) : '';
  return t ? t.slice(0, 200) : null;
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/** The page's meta description (or og:description), shortened to 300 characters. */
export function pageDescription(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = (attr(tag, 'name') ?? attr(tag, 'property') ?? '').toLowerCase();
    if (name !== 'description' && name !== 'og:description') continue;
    const content = (attr(tag, 'content') ?? '').replace(/\s+/g, ' ').trim();
    if (content) return content.length > 300 ? `${content.slice(0, 297)}...` : content;
  }
  return null;
}

/** The visible text of a page (scripts, styles and tags removed). */
export function pageText(html: string): string {
  return clean(html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' '));
}

const ABOUT =
  /\b(?:impressum|imprint|about|about[-_ ]?us|company|contact|kontakt|legal|legal[-_ ]?notice|mentions[-_ ]?l[eé]gales|qui[-_ ]?sommes|chi[-_ ]?siamo|quienes[-_ ]?somos|aviso[-_ ]?legal|uber[-_ ]?uns|über[-_ ]?uns|contatti|contacto)\b/i;

/** The first link to an about/imprint/contact page on the same site, as an absolute URL. */
export function aboutLink(html: string, pageUrl: string): string | null {
  const base = new URL(pageUrl);
  for (const m of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const href = attr(m[1]!, 'href');
    if (!href || href.startsWith('#') || /^(?:mailto|tel|javascript):/i.test(href)) continue;
    let target: URL;
    try {
      target = new URL(href, base);
    } catch {
      continue;
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || sameSite(target.hostname, base.hostname) === false) continue;
    if (target.pathname === base.pathname && target.search === base.search) continue;
    if (ABOUT.test(decodeURIComponent(target.pathname).replace(/[/_-]/g, ' ')) || ABOUT.test(clean(m[2]!))) {
      target.hash = '';
      return target.href;
    }
  }
  return null;
}

/** Whether two host names are the same site (a leading www. aside). */
export function sameSite(a: string, b: string): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
}

/** Host names reserved for documentation and tests (RFC 2606, 6761): never looked up. */
export function reservedHost(host: string): boolean {
  return /(?:^|\.)(?:example|test|invalid|localhost)$/i.test(host) || /^(?:www\.)?example\.(?:com|net|org)$/i.test(host);
}

// -------------------------------------------------------------------------------------------
// What the pages show.

const SEPARATORS = '[\\s.\\-/]?';

/** Whether `value` (a registration number) is in the text, spaced or punctuated any way, not inside a longer number. */
export function showsNumber(text: string, value: string): boolean {
  const chars = value.replace(/[^0-9a-z]/gi, '');
  if (chars.length < 4 || !/\d/.test(chars)) return false;
  const body = [...chars].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(SEPARATORS);
  return new RegExp(`(?<![0-9a-z])${body}(?![0-9a-z])`, 'i').test(text);
}

/** Whether the address is shown: its postcode, with the city or the street's name beside it anywhere on the pages. */
export function showsAddress(text: string, address: NonNullable<WebsiteFacts['address']>): boolean | null {
  const postcode = address.postcode?.trim();
  if (!postcode) return null;
  if (!showsNumber(text, postcode) && !normalizeText(text).includes(normalizeText(postcode))) return false;
  const words = normalizeText(text);
  const city = address.city ? normalizeText(address.city) : '';
  const street = (address.street_address ? normalizeText(address.street_address) : '').split(' ').find((w) => w.length >= 4 && !/^\d+$/.test(w));
  return (city !== '' && words.includes(city)) || (street !== undefined && words.includes(street));
}

/** The page facts of a read site, from the text of its pages. */
export function pageFacts(texts: string[], facts: WebsiteFacts): Pick<WebsiteCheckResult, 'company_named' | 'reg_number_shown' | 'address_shown'> {
  const text = texts.join('\n');
  if (text.trim() === '') return { company_named: null, reg_number_shown: null, address_shown: null };
  return {
    company_named: findCompanyName(text, facts.companyName),
    reg_number_shown: facts.regNumber ? showsNumber(text, facts.regNumber) : null,
    address_shown: facts.address ? showsAddress(text, facts.address) : null,
  };
}

// -------------------------------------------------------------------------------------------
// Findings.

const f = (code: string, text: string): Finding => ({ code, severity: severityOf(code), text });

export function websiteFindings(r: WebsiteCheckResult, companyName: string): Finding[] {
  if (r.outcome === 'refused') return [f('website_private_address_refused', `The website ${r.url} was not visited: ${r.error ?? 'it points to a private or local network address'}.`)];
  if (r.outcome === 'unreachable' || r.outcome === 'http_error') return [f('website_unreachable', `The website ${r.url} could not be read: ${r.error ?? 'no answer'}.`)];
  const out: Finding[] = [];
  const where = r.final_url ?? r.url;
  if (r.company_named === 'absent') {
    out.push(f('website_company_not_named', `The website ${where} does not name ${companyName} on ${r.pages.length > 1 ? 'its home page or its about/imprint/contact page' : 'its home page'}.`));
  }
  if (r.tls === false) out.push(f('website_not_secure', `The website ${where} is served over plain HTTP, not HTTPS.`));
  if (r.final_url && !sameSite(new URL(r.final_url).hostname, new URL(r.url).hostname)) {
    out.push(f('website_redirected_elsewhere', `The website ${r.url} leads to ${r.final_url}, under another name.`));
  }
  return out;
}

/** One line for the conversation log: what the check found. */
export function websiteSummary(r: WebsiteCheckResult): string {
  if (!r.reachable) return `Website ${r.url} not checked: ${r.error ?? 'no answer'}.`;
  const yesNo = (v: boolean | null, what: string) => (v === null ? null : `${v ? 'shows' : 'does not show'} ${what}`);
  const parts = [
    `reachable${r.tls ? ' over HTTPS' : ' over plain HTTP'}`,
    r.final_url && r.redirects > 0 ? `final address ${r.final_url}` : null,
    r.title ? `title "${r.title}"` : null,
    r.company_named === null ? 'its text could not be read' : r.company_named === 'absent' ? 'does not name the company' : 'names the company',
    yesNo(r.reg_number_shown, 'the registration number'),
    yesNo(r.address_shown, 'the address'),
    r.description ? `describes itself as "${r.description}"` : null,
  ].filter((p): p is string => p !== null);
  return `Website ${r.url} checked: ${parts.join('; ')}.`;
}

/** The company_website of the main company: the final address when it stays on the same site, else the address given. */
export function websiteOfCompany(r: WebsiteCheckResult): string | null {
  if (r.outcome === 'refused') return null;
  if (r.reachable && r.final_url && sameSite(new URL(r.final_url).hostname, new URL(r.url).hostname)) return r.final_url;
  return r.url;
}
