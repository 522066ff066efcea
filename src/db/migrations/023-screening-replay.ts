// What a screening hit and an analyst's decision on it were made with, so both can be replayed:
// the matcher's version and the threshold in force with each hit (its list version is version_id),
// and with each decision a copy of the hit as the analyst saw it (list version, matcher version,
// threshold, score, matched name, reasons, the entry's facts). When a later list version changes a
// decided hit, the case page says what changed since the decision.
import type { Kysely } from 'kysely';

const HIT_COLUMNS: [string, 'text' | 'real'][] = [
  ['matcher_version', 'text'],
  ['threshold', 'real'],
  ['decided_version_id', 'text'],
  ['decided_matcher_version', 'text'],
  ['decided_threshold', 'real'],
  ['decided_score', 'real'],
  ['decided_matched_name', 'text'],
  ['decided_reasons', 'text'],
  ['decided_entry', 'text'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of HIT_COLUMNS) await db.schema.alterTable('screening_hits').addColumn(name, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of HIT_COLUMNS.reverse()) await db.schema.alterTable('screening_hits').dropColumn(name).execute();
}
