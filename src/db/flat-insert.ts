// Rows written in large batches: one multi-row insert per chunk, its text the same on SQLite and
// PostgreSQL apart from placeholders, and built once per table, chunk size and conflict clause.
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from './db.ts';

const texts = new Map<string, string>();

function insertText(dialect: Dialect, table: string, columns: readonly string[], rows: number, conflict: string): string {
  const key = `${dialect}:${table}:${rows}:${conflict}`;
  let text = texts.get(key);
  if (text) return text;
  let p = 0;
  const ph = () => (dialect === 'postgres' ? `$${++p}` : '?');
  const values = Array.from({ length: rows }, () => `(${columns.map(ph).join(', ')})`).join(', ');
  text = `insert into ${table} (${columns.join(', ')}) values ${values} ${conflict}`;
  texts.set(key, text);
  return text;
}

/** Inserts rows given as one flat array of values in column order, `chunk` rows a statement. */
export async function insertFlat(db: Db, dialect: Dialect, table: string, columns: readonly string[], values: unknown[], conflict: string, chunk: number): Promise<void> {
  const width = columns.length;
  const rows = values.length / width;
  for (let i = 0; i < rows; i += chunk) {
    const n = Math.min(chunk, rows - i);
    await db.executeQuery(CompiledQuery.raw(insertText(dialect, table, columns, n, conflict), values.slice(i * width, (i + n) * width)));
  }
}
