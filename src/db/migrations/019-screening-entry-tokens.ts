// Each list entry's names as folded tokens (screening_entries.tokens: one line per name, its
// tokens separated by spaces), written at import: the screening index keeps them in memory to
// compare names with candidates before reading any entry in full. Versions imported earlier have
// none; their tokens are worked out from the entry's details when the index is read.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('screening_entries').addColumn('tokens', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('screening_entries').dropColumn('tokens').execute();
}
