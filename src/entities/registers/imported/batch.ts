// Rows of an import gathered in batches and written in one transaction per batch: memory stays
// flat however large the file, and a row given twice in a batch is written once (the last wins).
// Gathering and writing are apart so that a worker thread can gather while the main thread writes.
import type { Db, Dialect } from '../../../db/db.ts';
import {
  entityValues,
  relationshipValues,
  upsertRegisterEntityValues,
  upsertRegisterRelationshipValues,
  type RegisterEntityRow,
  type RegisterRelationshipRow,
} from '../../../db/local-register.repo.ts';

export interface BatchRows {
  /** Entities whose facts replace what the register held. */
  entities: RegisterEntityRow[];
  /** Companies known so far only by number, or whose name fills an empty one. */
  placeholders: RegisterEntityRow[];
  relationships: RegisterRelationshipRow[];
}

export class RowCollector {
  private named = new Map<string, RegisterEntityRow>();
  private placeholders = new Map<string, RegisterEntityRow>();
  private relationships = new Map<string, RegisterRelationshipRow>();

  entity(row: RegisterEntityRow): void {
    this.named.set(row.id, row);
  }

  placeholder(row: RegisterEntityRow): void {
    if (this.named.has(row.id)) return;
    const seen = this.placeholders.get(row.id);
    if (!seen || (seen.name === '' && row.name !== '')) this.placeholders.set(row.id, row);
  }

  relationship(row: RegisterRelationshipRow): void {
    this.relationships.set(row.id, row);
  }

  /** The rows gathered since the last take, emptied. */
  take(): BatchRows {
    const out = {
      entities: [...this.named.values()],
      placeholders: [...this.placeholders.values()].filter((r) => !this.named.has(r.id)),
      relationships: [...this.relationships.values()],
    };
    this.named = new Map();
    this.placeholders = new Map();
    this.relationships = new Map();
    return out;
  }
}

/** A batch as flat parameter arrays: cheap to hand from a worker thread and to bind. */
export interface BatchValues {
  entities: unknown[];
  placeholders: unknown[];
  relationships: unknown[];
  counts: { entities: number; relationships: number };
}

export function toValues(rows: BatchRows): BatchValues {
  return {
    entities: entityValues(rows.entities),
    placeholders: entityValues(rows.placeholders),
    relationships: relationshipValues(rows.relationships),
    counts: { entities: rows.entities.length + rows.placeholders.length, relationships: rows.relationships.length },
  };
}

export async function writeValues(db: Db, dialect: Dialect, v: BatchValues): Promise<void> {
  if (v.counts.entities + v.counts.relationships === 0) return;
  await db.transaction().execute(async (trx) => {
    await upsertRegisterEntityValues(trx, dialect, v.placeholders, 'fill_name');
    await upsertRegisterEntityValues(trx, dialect, v.entities, 'replace');
    await upsertRegisterRelationshipValues(trx, dialect, v.relationships);
  });
}

export async function writeRows(db: Db, dialect: Dialect, rows: BatchRows): Promise<void> {
  await writeValues(db, dialect, toValues(rows));
}

/** Gathers and writes in the same thread (imports of streams, and tests). */
export class RegisterBatch extends RowCollector {
  written = { entities: 0, relationships: 0 };

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    readonly size = 2000,
  ) {
    super();
  }

  async flush(): Promise<void> {
    const rows = this.take();
    await writeRows(this.db, this.dialect, rows);
    this.written.entities += rows.entities.length + rows.placeholders.length;
    this.written.relationships += rows.relationships.length;
  }
}
