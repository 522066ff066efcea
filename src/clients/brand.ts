// The brand of an API client: the rules for its values (display name, colour with a contrast check,
// support contact, privacy notice) and what the dialog, e-mails and reports show from it. Pure.
// A client without a display name is never shown by its username: callers then use plain words
// ("the organisation that sent you this link").
import type { ErrorDetail } from '../http/errors.ts';
import type { ClientBrandsTable } from '../db/schema.ts';

/** What may be changed; undefined keeps a value, "" (or null) removes it. */
export interface BrandChange {
  display_name?: string | null;
  primary_colour?: string | null;
  support_email?: string | null;
  support_phone?: string | null;
  support_url?: string | null;
  privacy_url?: string | null;
}

export type BrandField = keyof BrandChange;
export const BRAND_FIELDS: BrandField[] = ['display_name', 'primary_colour', 'support_email', 'support_phone', 'support_url', 'privacy_url'];

/** The stored values of a brand, as the repository gives them (the logo by its hash). */
export type BrandValues = Pick<ClientBrandsTable, BrandField> & { logo_sha256: string | null };

/** What pages, e-mails and reports show. */
export interface Brand {
  /** null: no name to show; say "the organisation that sent you this link" instead. */
  displayName: string | null;
  /** #rrggbb, readable as text on white and under white text. */
  colour: string | null;
  /** Content hash of the logo (a PNG), null without one. */
  logoSha256: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  supportUrl: string | null;
  privacyUrl: string | null;
}

export const MAX_DISPLAY_NAME = 80;
/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const PHONE = /^\+?[0-9][0-9 ().-]{3,28}[0-9]$/;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The brand shown for a client: its display name, else a name an operator gave that is not the username. */
/** The operator's defaults (OPERATOR_NAME, OPERATOR_CONTACT_EMAIL, OPERATOR_PRIVACY_URL; empty: unset). */
export interface OperatorDefaults {
  name: string;
  contactEmail: string;
  privacyUrl: string;
}

/** The client's brand; what it leaves unset comes from the operator's defaults when given. */
export function resolveBrand(client: { username: string; name: string }, values: BrandValues | null | undefined, operator?: OperatorDefaults): Brand {
  const given = client.name.trim();
  const fallback = given && given.toLowerCase() !== client.username.toLowerCase() ? given : null;
  const supportEmail = values?.support_email ?? null;
  const supportPhone = values?.support_phone ?? null;
  const supportUrl = values?.support_url ?? null;
  const noContact = !supportEmail && !supportPhone && !supportUrl;
  return {
    displayName: values?.display_name ?? fallback ?? (operator?.name || null),
    colour: values?.primary_colour ?? null,
    logoSha256: values?.logo_sha256 ?? null,
    supportEmail: supportEmail ?? (noContact && operator?.contactEmail ? operator.contactEmail : null),
    supportPhone,
    supportUrl,
    privacyUrl: values?.privacy_url ?? (operator?.privacyUrl || null),
  };
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Contrast ratio of a #rrggbb colour against white, 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** #rgb or #rrggbb (with or without "#") as lower-case #rrggbb; null if it is not one. */
export function normaliseHex(value: string): string | null {
  const m = HEX.exec(value.trim());
  if (!m) return null;
  const h = m[1]!.toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

/** The same hue made darker, step by step, until white text on it passes AA. */
export function darkerShadeFor(hex: string): string {
  const rgb = [0, 1, 2].map((i) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16));
  for (let f = 0.95; f > 0; f -= 0.05) {
    const shade = `#${rgb
      .map((c) =>
        Math.floor(c * f)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastWithWhite(shade) >= MIN_CONTRAST) return shade;
  }
  return '#000000';
}

function httpsUrl(value: string): string | null {
  if (value.length > 500) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname && !u.username && !u.password ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Checks a change: the values to store (trimmed, normalised; null to remove) and one problem per
 * field that cannot be taken, each with a message saying how to put it right.
 */
export function checkBrandChange(change: BrandChange): { values: Partial<Record<BrandField, string | null>>; problems: ErrorDetail[] } {
  const values: Partial<Record<BrandField, string | null>> = {};
  const problems: ErrorDetail[] = [];
  const problem = (field: BrandField, message: string) => problems.push({ path: `/${field}`, message });
  for (const field of BRAND_FIELDS) {
    const raw = change[field];
    if (raw === undefined) continue;
    const value = (raw ?? '').trim();
    if (value === '') {
      values[field] = null;
      continue;
    }
    switch (field) {
      case 'display_name':
        if (/[\u0000-\u001f\u007f<>]/.test(value)) problem(field, 'must be plain text on one line, without < or >');
        else if (value.length > MAX_DISPLAY_NAME) problem(field, `must be at most ${MAX_DISPLAY_NAME} characters (it has ${value.length})`);
        else values[field] = value.replace(/\s+/g, ' ');
        break;
      case 'primary_colour': {
        const hex = normaliseHex(value);
        if (!hex) {
          problem(field, `"${value.slice(0, 40)}" is not a hex colour; give it as #rrggbb (for example #0b5394)`);
          break;
        }
        const ratio = contrastWithWhite(hex);
        if (ratio < MIN_CONTRAST) {
          problem(
            field,
            `${hex} is too light: its contrast with white is ${ratio.toFixed(2)}:1, and text needs at least ${MIN_CONTRAST}:1 (WCAG AA); a darker shade such as ${darkerShadeFor(hex)} works`,
          );
        } else values[field] = hex;
        break;
      }
      case 'support_email':
        if (value.length > 254 || !EMAIL.test(value)) problem(field, `"${value.slice(0, 60)}" is not an e-mail address`);
        else values[field] = value;
        break;
      case 'support_phone':
        if (!PHONE.test(value) || value.replace(/\D/g, '').length < 5) problem(field, 'must be a phone number of digits, spaces and + ( ) - . (for example +44 20 7946 0000)');
        else values[field] = value.replace(/\s+/g, ' ');
        break;
      case 'support_url':
      case 'privacy_url': {
        const url = httpsUrl(value);
        if (!url) problem(field, `must be an https:// address (at most 500 characters, no user name or password in it)`);
        else values[field] = url;
        break;
      }
    }
  }
  return { values, problems };
}

/** One line per problem, for the command line and for error messages. */
export function describeProblems(problems: ErrorDetail[]): string {
  return problems.map((p) => `${p.path.slice(1)}: ${p.message}`).join('\n');
}
