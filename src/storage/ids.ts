// Row ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in milliseconds
// and the other 74 random. They are still UUIDs (the spec's "UUID form"), still unguessable, but
// new rows sort after old ones, so every primary key and every index on an id column grows at its
// right edge: a transaction of new cases touches a few index pages instead of one random page per
// row and index, which is most of what a commit costs on SQLite (WAL frames) and PostgreSQL (WAL,
// buffer churn).
import { v7 } from 'uuid';

export function newId(): string {
  return v7();
}
