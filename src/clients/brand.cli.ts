// `dossier clients brand <username> [--display-name …] [--logo file] [--colour #rrggbb] …`: sets how
// the dialog, invitation e-mails and reports name and show an API client; with no option, prints it.
import fs from 'node:fs';
import type { ClientsService } from './clients.service.ts';
import type { BrandChange, BrandValues } from './brand.ts';
import { AppError } from '../http/errors.ts';

export interface BrandOptions {
  'display-name'?: string;
  logo?: string;
  colour?: string;
  color?: string;
  'support-email'?: string;
  'support-phone'?: string;
  'support-url'?: string;
  'privacy-url'?: string;
}

export const BRAND_USAGE =
  'clients brand <username> [--display-name N] [--logo file.png|file.jpg] [--colour #rrggbb] [--support-email E] [--support-phone P] [--support-url https://…] [--privacy-url https://…]   ("" removes one; no option prints the brand)';

export function describeBrand(username: string, b: BrandValues): string {
  const row = (label: string, value: string | null) => `  ${label.padEnd(14)}${value ?? '(not set)'}`;
  return [
    `Brand of ${username}:`,
    row('display name', b.display_name ?? null),
    row('logo', b.logo_sha256 ? `PNG ${b.logo_sha256.slice(0, 12)}` : null),
    row('colour', b.primary_colour),
    row('support e-mail', b.support_email),
    row('support phone', b.support_phone),
    row('support URL', b.support_url),
    row('privacy URL', b.privacy_url),
  ].join('\n');
}

/** Applies the options given; returns the exit code. */
export async function brandCommand(clients: ClientsService, username: string, o: BrandOptions): Promise<number> {
  const change: BrandChange = {
    display_name: o['display-name'],
    primary_colour: o.colour ?? o.color,
    support_email: o['support-email'],
    support_phone: o['support-phone'],
    support_url: o['support-url'],
    privacy_url: o['privacy-url'],
  };
  let logo: Buffer | null | undefined;
  if (o.logo === '') logo = null;
  else if (o.logo !== undefined) {
    try {
      logo = fs.readFileSync(o.logo);
    } catch (err) {
      console.error(`logo: cannot read ${o.logo} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      return 1;
    }
  }
  try {
    const values = await clients.setBrandOf(username, change, logo);
    console.log(describeBrand(username, values));
    if (!values.display_name) console.log('Without a display name, the dialog and e-mails speak of "the organisation that sent you this link".');
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.message);
    return 1;
  }
}
