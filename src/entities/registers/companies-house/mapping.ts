// Companies House answers → register-neutral shapes. PSC bands of `natures_of_control` become
// {range} stakes ("ownership-of-shares-25-to-50-percent" → [0.25, 0.5]); statements about owners
// who are not published become statements, kept so the chain can be marked as stopping there. Pure.
import { titleCase } from '../../../lib/title-case.ts';
import type { Address, Ownership } from '../../case-entities.ts';
import type { CompanyRef, PersonName, RegisterCompany, RegisterFiling, RegisterOfficer, RegisterOwner, RegisterPersonFacts } from '../connector.ts';
import { countryCodeOf } from '../../../lib/countries.ts';
import { splitPersonName } from '../../../lib/person-names.ts';
import type { ChAddress, ChCompanyProfile, ChDateOfBirth, ChFiling, ChIdentification, ChOfficer, ChPsc } from './types.ts';

export const REGISTER = 'gb-companies-house';
export const PUBLIC_SITE = 'https://find-and-update.company-information.service.gov.uk';

/** "1234567" → "01234567", "sc 12345" → "SC012345"; other forms upper-cased without spaces. */
export function normalizeCompanyNumber(raw: string): string {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(s)) return s.padStart(8, '0');
  const m = /^([A-Z]{2})(\d{1,6})$/.exec(s);
  return m ? `${m[1]}${m[2]!.padStart(6, '0')}` : s;
}

export function refOf(number: string, name = ''): CompanyRef {
  const n = normalizeCompanyNumber(number);
  return { register: REGISTER, key: n, countryCode: 'GB', regNumber: n, name };
}

export function addressOf(a: ChAddress | undefined, fallbackCountry = ''): Address | null {
  if (!a) return null;
  const street = [a.care_of ? `c/o ${a.care_of}` : '', a.po_box ? `PO Box ${a.po_box}` : '', a.premises, a.address_line_1, a.address_line_2].filter(Boolean).join(', ');
  return {
    street_address: street,
    city: a.locality ?? '',
    postcode: a.postal_code ?? '',
    country_code: countryCodeOf(a.country) ?? fallbackCountry,
    state_or_province: a.region ?? '',
  };
}

const TITLES = /^(mr|mrs|ms|miss|mx|dr|sir|dame|lord|lady|prof|professor|rev|the hon|hon)\.?$/i;

/** A person's name starts a word after a space, an apostrophe or a hyphen ("O'Neill", "Smith-Jones"). */
const PERSON_CASE = { wordStart: String.raw`^|[\s'’-]` };

/** An officer's "SURNAME, Forenames" or a PSC's name elements, as first and last names. */
export function personNameOf(name: string, elements?: ChPsc['name_elements']): PersonName {
  if (elements?.surname) {
    const first = [elements.forename, elements.middle_name].filter(Boolean).join(' ') || null;
    return { full: [first, elements.surname].filter(Boolean).join(' '), first, last: elements.surname };
  }
  const comma = name.indexOf(',');
  if (comma > 0) {
    const last = titleCase(name.slice(0, comma).trim(), PERSON_CASE);
    const first =
      name
        .slice(comma + 1)
        .trim()
        .split(/\s+/)
        .filter((w) => !TITLES.test(w))
        .join(' ') || null;
    return { full: [first, last].filter(Boolean).join(' '), first, last };
  }
  const { first, last } = splitPersonName(
    name
      .trim()
      .split(/\s+/)
      .filter((w) => !TITLES.test(w))
      .join(' '),
  );
  return { full: [first, last].filter(Boolean).join(' '), first, last };
}

export function birthMonthOf(d: ChDateOfBirth | undefined): string | null {
  if (!d?.year || !d.month) return null;
  return `${d.year}-${String(d.month).padStart(2, '0')}`;
}

/** The widest-reaching ownership band among the natures of control; null when none is about shares. */
export function ownershipOfNatures(natures: string[]): Ownership | null {
  let best: [number, number] | null = null;
  for (const n of natures) {
    const shares = /^(?:ownership-of-shares|right-to-share-surplus-assets|part-right-to-share-surplus-assets)-(.*)$/.exec(n);
    if (!shares) continue;
    const band = /^(\d+)-to-(\d+)-percent/.exec(shares[1]!);
    const more = /^more-than-(\d+)-percent/.exec(shares[1]!);
    const range: [number, number] | null = band ? [Number(band[1]) / 100, Number(band[2]) / 100] : more ? [Number(more[1]) / 100, 1] : null;
    if (range && (!best || range[0] > best[0])) best = range;
  }
  return best ? { range: best } : null;
}

/** The UK company number of a corporate PSC or officer registered at Companies House, else null. */
export function ukRegistrationOf(id: ChIdentification | undefined): string | null {
  if (!id?.registration_number) return null;
  const where = `${id.country_registered ?? ''} ${id.place_registered ?? ''} ${id.legal_authority ?? ''}`.toLowerCase();
  const uk = countryCodeOf(id.country_registered) === 'GB' || /companies house|england|wales|scotland|northern ireland|united kingdom|companies act/.test(where);
  return uk && /^[A-Za-z0-9 ]{6,10}$/.test(id.registration_number.trim()) ? normalizeCompanyNumber(id.registration_number) : null;
}

function personFacts(name: PersonName, x: { date_of_birth?: ChDateOfBirth; nationality?: string; country_of_residence?: string; address?: ChAddress }): RegisterPersonFacts {
  return {
    name,
    birthMonth: birthMonthOf(x.date_of_birth),
    nationality: x.nationality ?? null,
    countryOfResidence: x.country_of_residence ?? null,
    address: addressOf(x.address),
    pep: null,
  };
}

/** One PSC item: an owner, or (for super-secure PSCs) a statement that its details are withheld. */
export function ownerOfPsc(p: ChPsc): RegisterOwner | { statement: string } | null {
  if (p.ceased_on || p.ceased) return null;
  const natures = p.natures_of_control ?? [];
  const key = p.links?.self ?? `${p.kind}:${p.name ?? ''}`;
  const ownership = ownershipOfNatures(natures);
  if (p.kind.startsWith('super-secure')) return { statement: 'super-secure-person-with-significant-control' };
  if (p.kind.startsWith('individual')) {
    return { key, kind: 'person', ownership, natures, person: personFacts(personNameOf(p.name ?? '', p.name_elements), p), company: null };
  }
  const legalPerson = p.kind.startsWith('legal-person');
  const regNumber = legalPerson ? null : ukRegistrationOf(p.identification);
  return {
    key,
    kind: legalPerson ? 'public_body' : 'company',
    ownership,
    natures,
    person: null,
    company: {
      name: p.name ?? '',
      countryCode: regNumber ? 'GB' : countryCodeOf(p.identification?.country_registered),
      regNumber: regNumber ?? p.identification?.registration_number ?? null,
      legalForm: p.identification?.legal_form ?? null,
      address: addressOf(p.address),
      ref: regNumber ? refOf(regNumber, p.name ?? '') : null,
    },
  };
}

const NOT_OPAQUE = new Set(['no-individual-or-entity-with-signficant-control', 'no-individual-or-entity-with-significant-control']);
const STATEMENT_TEXT: Record<string, string> = {
  'no-individual-or-entity-with-signficant-control': 'The company knows of no person with significant control.',
  'psc-exists-but-not-identified': 'The company knows a person with significant control exists but has not identified them.',
  'psc-details-not-confirmed': 'The company has identified a person with significant control but their details are not confirmed.',
  'steps-to-find-psc-not-yet-completed': 'The company has not yet completed taking steps to find its persons with significant control.',
  'psc-contacted-but-no-response': 'The company has contacted a person with significant control but had no answer.',
  'restrictions-notice-issued-to-psc': 'The company has issued a restrictions notice to a person with significant control.',
  'super-secure-person-with-significant-control': 'The details of a person with significant control are withheld (super-secure).',
};

export function statementOf(code: string): { code: string; text: string; opaque: boolean } {
  const text = STATEMENT_TEXT[code] ?? code.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  return { code, text, opaque: !NOT_OPAQUE.has(code) };
}

export function officerOf(o: ChOfficer): RegisterOfficer | null {
  if (o.resigned_on || !/director/.test(o.officer_role)) return null;
  const corporate = o.officer_role.startsWith('corporate');
  const regNumber = corporate ? ukRegistrationOf(o.identification) : null;
  return {
    key: o.links?.self ?? `${o.officer_role}:${o.name}`,
    kind: corporate ? 'company' : 'person',
    role: o.officer_role,
    nominee: o.officer_role.includes('nominee'),
    appointedOn: o.appointed_on ?? null,
    person: personFacts(corporate ? { full: o.name, first: null, last: o.name } : personNameOf(o.name), o),
    company: corporate ? { countryCode: regNumber ? 'GB' : countryCodeOf(o.identification?.country_registered), regNumber: regNumber ?? o.identification?.registration_number ?? null } : null,
  };
}

/** "ltd" → "Private limited company", as Companies House names the types. */
const COMPANY_TYPES: Record<string, string> = {
  ltd: 'Private limited company',
  plc: 'Public limited company',
  llp: 'Limited liability partnership',
  'private-unlimited': 'Private unlimited company',
  'private-limited-guarant-nsc': 'Private company limited by guarantee without share capital',
  'private-limited-guarant-nsc-limited-exemption': 'Private company limited by guarantee without share capital (exempt from using "Limited")',
  'limited-partnership': 'Limited partnership',
  'registered-overseas-entity': 'Overseas entity',
  'scottish-partnership': 'Scottish qualifying partnership',
  'uk-establishment': 'UK establishment of an overseas company',
};

export function companyOf(p: ChCompanyProfile): RegisterCompany {
  const number = normalizeCompanyNumber(p.company_number);
  const extra: RegisterCompany['extra'] = [];
  if (p.jurisdiction) extra.push({ item_id: 'register_jurisdiction', value: p.jurisdiction });
  if (p.date_of_cessation) extra.push({ item_id: 'date_of_cessation', value: p.date_of_cessation });
  if (p.has_insolvency_history) extra.push({ item_id: 'insolvency_history', value: 'true' });
  return {
    ref: refOf(number, p.company_name),
    name: p.company_name,
    legalType: p.type ? (COMPANY_TYPES[p.type] ?? p.type) : null,
    status: p.company_status ?? '',
    incorporationDate: p.date_of_creation ?? '',
    address: addressOf(p.registered_office_address, 'GB'),
    sicCodes: p.sic_codes ?? [],
    publicUrl: `${PUBLIC_SITE}/company/${number}`,
    extra,
  };
}

const FILING_TEXT: Record<string, string> = {
  'confirmation-statement-with-updates': 'Confirmation statement made on {made_up_date} with updates',
  'confirmation-statement-with-no-updates': 'Confirmation statement made on {made_up_date} with no updates',
  'incorporation-company': 'Incorporation',
  'annual-return-company-with-made-up-date-full-list-shareholders': 'Annual return made up to {made_up_date} with full list of shareholders',
  'annual-return-company-with-made-up-date': 'Annual return made up to {made_up_date}',
  'notification-of-a-person-with-significant-control': 'Notification of {psc_name} as a person with significant control on {notification_date}',
  'notification-of-a-person-with-significant-control-statement': 'Notification of a person with significant control statement',
  'accounts-with-accounts-type-full': 'Full accounts made up to {made_up_date}',
  'accounts-with-accounts-type-micro-entity': 'Micro company accounts made up to {made_up_date}',
  'accounts-with-accounts-type-total-exemption-full': 'Total exemption full accounts made up to {made_up_date}',
  'appoint-person-director-company-with-name-date': 'Appointment of {officer_name} as a director on {appointment_date}',
};

export function describeFiling(f: ChFiling): string {
  const values = f.description_values ?? {};
  const template = f.description ? FILING_TEXT[f.description] : undefined;
  if (template)
    return template
      .replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  const base = (f.description ?? f.type ?? 'Filing').replace(/-/g, ' ');
  const extra = Object.entries(values)
    .filter(([k]) => k !== 'description')
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`)
    .join(', ');
  return `${base.charAt(0).toUpperCase()}${base.slice(1)}${extra ? ` (${extra})` : ''}`;
}

export function filingOf(companyNumber: string, f: ChFiling): RegisterFiling {
  const number = normalizeCompanyNumber(companyNumber);
  return {
    id: f.transaction_id,
    date: f.date ?? '',
    category: f.category ?? '',
    type: f.type ?? '',
    description: describeFiling(f),
    sourceUrl: `${PUBLIC_SITE}/company/${number}/filing-history/${encodeURIComponent(f.transaction_id)}/document?format=pdf&download=0`,
    documentRef: f.links?.document_metadata ?? null,
  };
}
