// Data kept beside the repository in ../shared/data (real documents, register examples, e-invoice
// corpora): too large or not ours to commit, so a fresh checkout may not have it. Tests that need it
// are skipped with the reason in their title, so the report says what did not run and why.
import fs from 'node:fs';
import path from 'node:path';

const SHARED_DATA = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');

export interface SharedData {
  /** Absolute path of the folder. */
  dir: string;
  present: boolean;
  /** '' when present; otherwise " (needs ../shared/data/…, absent)", to append to a test's title. */
  absent: string;
}

/** A folder (or, with `marker`, a file in it that must exist) under ../shared/data. */
export function sharedData(sub: string, marker = ''): SharedData {
  const dir = path.join(SHARED_DATA, sub);
  const present = fs.existsSync(path.join(dir, marker));
  return { dir, present, absent: present ? '' : ` (needs ../shared/data/${path.posix.join(sub, marker)}, absent)` };
}
