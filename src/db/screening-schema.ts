// Tables of screening (migration 015): the imported sanctions and PEP lists, one version per
// import, their entries and the blocking keys that find candidates fast, and the hits of each
// case's entities with the analyst's decisions.

export interface ScreeningListVersionsTable {
  id: string;
  /** The list this is a version of (operator's name, or the format's default such as `ofac-sdn`). */
  list_name: string;
  /** ofac-csv, ofac-xml, un-xml, eu-xml, uk-csv, ftm. */
  format: string;
  /** sanctions or pep: what a hit on an entry of this list means, unless the entry says otherwise. */
  topic: string;
  /** YYYY-MM-DD the publisher dated the list, or the import date when the file carries none. */
  version_date: string;
  entry_count: number;
  /** SHA-256 of the imported file(s): the same content is not imported twice. */
  checksum: string;
  /** importing, active, superseded or failed. */
  status: string;
  file_name: string;
  created_at: string;
  activated_at: string | null;
}

export interface ScreeningEntriesTable {
  /** version id + ':' + the list's own id. */
  id: string;
  version_id: string;
  /** The list's own id of the entry (OFAC ent_num, UN reference number, EU logical id, FtM id). */
  list_entry_id: string;
  /** person, company, vessel, aircraft or other. */
  kind: string;
  /** sanctions or pep. */
  topic: string;
  name: string;
  /** Names, aliases, birth dates, nationalities, countries, addresses, identifiers, programmes (JSON). */
  details: string;
  /** The entry's names (its name, then its aliases) as folded tokens: one line per name, tokens separated by spaces. Null for versions imported before it was kept. */
  tokens: string | null;
}

export interface ScreeningKeysTable {
  version_id: string;
  /** A blocking key: the phonetic code of one name token. */
  key: string;
  entry_id: string;
  /** Tokens of the entry's shortest name having this key: among entries sharing as many keys with a name, the shorter ones are the likelier matches. */
  size: number;
}

export interface ScreeningHitsTable {
  /** Stable per case, entity, list and list entry: decisions outlive list versions. */
  id: string;
  case_id: string;
  client_id: string;
  entity_id: string;
  entity_name: string;
  list_name: string;
  list_entry_id: string;
  /** The version the latest screening found the hit in. */
  version_id: string;
  topic: string;
  score: number;
  matched_name: string;
  /** Reasons as a JSON array of strings. */
  reasons: string;
  /** The entry's facts as they were when last screened (JSON), so a hit stays explainable after the list moves on. */
  entry: string;
  /** 1 while the latest screening of the entity still finds it. */
  current: number;
  /** open, true_match or false_match. */
  status: string;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  first_seen_at: string;
  screened_at: string;
  /** The matcher's version (MATCHER_VERSION) and the threshold in force when the hit was last found (null: found before they were recorded). */
  matcher_version: string | null;
  threshold: number | null;
  /** The hit as the analyst saw it when deciding: list version, matcher version, threshold, score, matched name, reasons and entry (JSON). */
  decided_version_id: string | null;
  decided_matcher_version: string | null;
  decided_threshold: number | null;
  decided_score: number | null;
  decided_matched_name: string | null;
  decided_reasons: string | null;
  decided_entry: string | null;
}

export interface ScreeningTables {
  screening_list_versions: ScreeningListVersionsTable;
  screening_entries: ScreeningEntriesTable;
  screening_keys: ScreeningKeysTable;
  screening_hits: ScreeningHitsTable;
}
