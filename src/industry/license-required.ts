// Whether a company's business needs a licence (is_license_required): true when its registered or
// assigned industry codes, or its own description, fall under an activity of the versioned list of
// regulated activities (regulated-activities.json: payments, e-money, crypto assets, gambling,
// insurance, investment, lending, money transfer), or when the case holds a licence it gave for the
// license module; false when its codes are known, none is regulated and its country is one the list
// was checked for; null when that cannot be told. Pure.
import LIST from './regulated-activities.json' with { type: 'json' };

export interface RegulatedActivity {
  id: string;
  label: string;
  /** Code prefixes per classification ("641" covers 64110, 64191 …; "64.1" covers 64.11, 64.19). */
  codes: Partial<Record<string, string[]>>;
  /** Phrases of a business description that name the activity (matched as whole words). */
  terms: string[];
}

export interface RegulatedActivityList {
  version: string;
  countries: string[];
  activities: RegulatedActivity[];
}

export const REGULATED_ACTIVITIES: RegulatedActivityList = LIST;

export interface LicenceQuestion {
  codes: { classification: string; code: string }[];
  /** ISO 3166-1 alpha-2 country of the company; null when not known. */
  country: string | null;
  /** What the company says it does (business description answers), when there is any. */
  description?: string;
  /** Licence documents the case holds (the license module's outcome): accepted, not rejected. */
  licencesHeld?: number;
}

export interface LicenceAnswer {
  required: boolean | null;
  /** Why: the activity that needs one, the licence held, or why it cannot be told. */
  reason: string;
  /** The regulated activity found, if one was. */
  activity: string | null;
  listVersion: string;
}

function termMatches(text: string, term: string): boolean {
  const escaped = term
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[\s-]+/g, '[\\s-]*');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, 'u').test(text.toLowerCase());
}

/** The regulated activity the codes or the description fall under; null when none does. */
export function regulatedActivityOf(q: Pick<LicenceQuestion, 'codes' | 'description'>, list = REGULATED_ACTIVITIES): { activity: RegulatedActivity; by: string } | null {
  for (const a of list.activities) {
    for (const c of q.codes) {
      const prefix = (a.codes[c.classification] ?? []).find((p) => c.code.startsWith(p));
      if (prefix) return { activity: a, by: `${c.classification} ${c.code}` };
    }
  }
  // A description's words count for an activity without codes (crypto assets), or when no code is
  // known: "software for betting operators" with its software code is not a gambling business.
  const text = q.description ?? '';
  if (!text.trim()) return null;
  for (const a of list.activities) {
    if (q.codes.length > 0 && Object.values(a.codes).some((p) => p && p.length > 0)) continue;
    for (const t of a.terms) if (termMatches(text, t)) return { activity: a, by: `the description ("${t}")` };
  }
  return null;
}

export function isLicenceRequired(q: LicenceQuestion, list = REGULATED_ACTIVITIES): LicenceAnswer {
  const base = { listVersion: list.version };
  const found = regulatedActivityOf(q, list);
  if (found) return { ...base, required: true, activity: found.activity.id, reason: `${found.activity.label}, by ${found.by}` };
  if ((q.licencesHeld ?? 0) > 0) return { ...base, required: true, activity: null, reason: 'the company gave a licence for its business' };
  if (q.codes.length === 0) return { ...base, required: null, activity: null, reason: 'no industry code is known' };
  if (!q.country || !list.countries.includes(q.country.toUpperCase()))
    return { ...base, required: null, activity: null, reason: `the list of regulated activities does not cover ${q.country ?? 'an unknown country'}` };
  return { ...base, required: false, activity: null, reason: 'no code falls under a regulated activity' };
}
