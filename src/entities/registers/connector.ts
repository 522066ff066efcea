// One interface for every company register Dossier reads: look a company up by country and
// registration number (or name), then read its profile, officers, owners and filings. Connectors
// answer in these register-neutral shapes; entities/ turns them into legal entities.
import type { Address, Ownership } from '../case-entities.ts';
import { DependencyUnavailable } from '../../jobs/retry-policy.ts';

export interface CompanyQuery {
  countryCode: string;
  regNumber?: string | null;
  name?: string | null;
}

/** A company as one register knows it; `key` is the register's own handle for it. */
export interface CompanyRef {
  register: string;
  key: string;
  countryCode: string;
  regNumber: string | null;
  name: string;
}

export interface RegisterCompany {
  ref: CompanyRef;
  name: string;
  legalType: string | null;
  status: string;
  incorporationDate: string;
  address: Address | null;
  /** UK SIC 2007 codes as the register gives them. */
  sicCodes: string[];
  /** Public page of the company on the register's own site, when it has one. */
  publicUrl: string | null;
  extra: { item_id: string; value: string }[];
}

export interface PersonName {
  full: string;
  first: string | null;
  last: string | null;
}

export interface RegisterPersonFacts {
  name: PersonName;
  /** YYYY-MM */
  birthMonth: string | null;
  nationality: string | null;
  countryOfResidence: string | null;
  /** A service or correspondence address (never the home address a register keeps private). */
  address: Address | null;
  pep: boolean | null;
}

export interface RegisterOfficer {
  key: string;
  kind: 'person' | 'company';
  role: string;
  nominee: boolean;
  appointedOn: string | null;
  person: RegisterPersonFacts;
  /** For corporate officers: the company behind the name. */
  company: { countryCode: string | null; regNumber: string | null } | null;
}

export interface RegisterOwner {
  /** Stable within the register (a PSC link, a BODS record id). */
  key: string;
  kind: 'person' | 'company' | 'arrangement' | 'public_body';
  /** Shares held; null when the interest carries no shares (control only). */
  ownership: Ownership | null;
  natures: string[];
  person: RegisterPersonFacts | null;
  company: {
    name: string;
    countryCode: string | null;
    regNumber: string | null;
    legalForm: string | null;
    address: Address | null;
    /** When the same register holds this company's own owners. */
    ref: CompanyRef | null;
  } | null;
}

export interface RegisterOwners {
  owners: RegisterOwner[];
  /** Why owners are missing: the register's statements (unpublished, not identified, exempt…). */
  statements: { code: string; text: string; opaque: boolean }[];
  /** Stakes the register declares through intermediaries (owner key → whole stake). */
  declared: { key: string; ownership: Ownership }[];
}

export interface RegisterFiling {
  id: string;
  date: string;
  category: string;
  type: string;
  description: string;
  /** Permanent public page of this filing on the register's own site, openable without login. */
  sourceUrl: string | null;
  /** The connector's own handle on the filing's document (Companies House: the metadata link). */
  documentRef: string | null;
}

export interface FilingDocument {
  bytes: Buffer;
  mediaType: string;
  fileName: string;
}

export interface RegisterConnector {
  /** Short id stored with every fact it gave (for example `gb-companies-house`). */
  readonly name: string;
  find(q: CompanyQuery): Promise<CompanyRef | null>;
  profile(ref: CompanyRef): Promise<RegisterCompany | null>;
  officers(ref: CompanyRef): Promise<RegisterOfficer[]>;
  owners(ref: CompanyRef): Promise<RegisterOwners>;
  filings(ref: CompanyRef): Promise<RegisterFiling[]>;
  /** The filing's document itself, when the register serves it; null when it does not. */
  filingDocument(ref: CompanyRef, filing: RegisterFiling): Promise<FilingDocument | null>;
}

/** A register that is temporarily unavailable or limiting us: the caller should try again later (a job retries it without spending an attempt). */
export class RegisterUnavailable extends DependencyUnavailable {
  constructor(
    message: string,
    override readonly retryAt: number,
  ) {
    super(message, 'register', retryAt);
  }
}
