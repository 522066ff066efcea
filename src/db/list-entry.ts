// The shape of the JSON the `screening_entries.details` column holds: one entry of an imported
// sanctions or PEP list, as the list formats read it (screening/formats/).

export type EntryKind = 'person' | 'company' | 'vessel' | 'aircraft' | 'other';
export type Topic = 'sanctions' | 'pep';

/** One entry of a list as stored (details of screening_entries). */
export interface ListEntry {
  listEntryId: string;
  kind: EntryKind;
  topic: Topic;
  name: string;
  aliases: string[];
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDates: string[];
  /** ISO 3166 alpha-2 where the list's text could be resolved, else as written. */
  nationalities: string[];
  countries: string[];
  addresses: string[];
  identifiers: { type: string; value: string }[];
  programmes: string[];
  remarks?: string;
}
