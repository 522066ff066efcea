// What a finding is, and the catalogue every finding Dossier can raise is listed in. Each owner
// declares its own codes beside the code that raises them (the document engine's rules, the
// screening of names, the website check) with their severity and the sentence for the analyst, and
// gives them to the catalogue with declareFindings; verifications/findings-catalogue.ts puts the
// owners' lists together (a code declared twice is refused). The sentence for the company's user is
// the dialog's message `finding.<code>` (every warning or worse the user may see has one in each
// language of the dialog, which a test checks; a code of a newer version without one is said with
// the dialog's general sentence), and one marked `forUser: false` is never shown to the user.
// Pure, imports nothing.

export type Severity = 'info' | 'warning' | 'critical';

/** One finding: a stable code, a severity, and a sentence naming the values involved. */
export interface Finding {
  code: string;
  severity: Severity;
  text: string;
}

/** Who raises a finding: the document engine, the screening of names, the website check, or the completion of a conversation. */
export type FindingOwner = 'engine' | 'screening' | 'website' | 'completion';

/** A code as its owner declares it. */
export interface FindingDeclaration {
  code: string;
  /** Its severity; where it depends on the case, the highest it can have. */
  severity: Severity;
  /** For the analyst: when it is raised. */
  when: string;
  /** False for a finding the company's user must never see (how a file was read, signs of fraud). */
  forUser?: boolean;
}

/** A code of the catalogue. */
export interface FindingSpec {
  code: string;
  severity: Severity;
  owner: FindingOwner;
  when: string;
  forUser: boolean;
}

/** An owner's codes, as entries of the catalogue. */
export function declareFindings(owner: FindingOwner, declarations: readonly FindingDeclaration[]): FindingSpec[] {
  return declarations.map((d) => ({ code: d.code, severity: d.severity, owner, when: d.when, forUser: d.forUser ?? true }));
}

export interface FindingCatalogue {
  /** Every code, in the owners' order. */
  readonly all: readonly FindingSpec[];
  /** The code's entry; undefined for a code no owner declares. */
  spec(code: string): FindingSpec | undefined;
  /** Whether the company's user may be shown a finding of this code (an unknown code may). */
  forUser(code: string): boolean;
}

/** The catalogue of the owners' lists; a code declared twice (by one owner or two) is refused. */
export function findingCatalogue(...lists: readonly FindingSpec[][]): FindingCatalogue {
  const byCode = new Map<string, FindingSpec>();
  for (const spec of lists.flat()) {
    const before = byCode.get(spec.code);
    if (before) throw new Error(`finding code ${spec.code} is declared twice (${before.owner} and ${spec.owner})`);
    byCode.set(spec.code, spec);
  }
  const all = [...byCode.values()];
  return { all, spec: (code) => byCode.get(code), forUser: (code) => byCode.get(code)?.forUser ?? true };
}
