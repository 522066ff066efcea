// Row ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in milliseconds
// and the other 74 random. They are still UUIDs (the spec's "UUID form"), still unguessable, but
// new rows sort after old ones, so every primary key and every index on an id column grows at its
// right edge: a transaction of new cases touches a few index pages instead of one random page per
// row and index, which is most of what a commit costs on SQLite (WAL frames) and PostgreSQL (WAL,
// buffer churn).
// An id that is itself a capability (a conversation id: whoever has the dialog link may answer it)
// is a random UUID v4 instead: 122 random bits, with no clock and no sibling id to start from.
import crypto from 'node:crypto';
import { v7 } from 'uuid';

export function newId(): string {
  return v7();
}

/** A cryptographically random UUID v4, for ids that grant access on their own. */
export function newCapabilityId(): string {
  return crypto.randomUUID();
}
