// Importing a list: the file (with OFAC's alias and address files when given) streams through its
// format's reader into a new version, written in batches with the blocking keys of every name; only
// when every entry is written does the version become the list's active one, in one transaction.
// A file that fails to read leaves the previous version active and nothing of the new one behind.
// The same content as the active version imports nothing. Memory stays flat: one batch at a time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Dialect } from '../db/db.ts';
import { activateVersion, dropVersionEntries, findActiveVersion, insertEntryBatch, insertListVersion, markVersionFailed, type ListVersionRow } from '../db/screening.repo.ts';
import type { ListEntry, Topic } from './match.ts';
import { blockingKeys, entryNameTokens, nameTokens } from './normalise.ts';
import { detectFileFormat, FORMAT_DEFAULTS, FORMATS, type ListFormat } from './formats/detect.ts';
import { readOfacCsv } from './formats/ofac-csv.ts';
import { readFtm } from './formats/ftm.ts';
import { readUnXml } from './formats/un-xml.ts';
import { readEuXml } from './formats/eu-xml.ts';
import { readOfacXml } from './formats/ofac-xml.ts';
import { readUkCsv } from './formats/uk-csv.ts';

export interface ImportOptions {
  format?: string;
  name?: string;
  topic?: Topic;
  /** OFAC CSV only: the alias (alt.csv) and address (add.csv) files of the same publication. */
  alt?: string;
  add?: string;
}

export interface ImportOutcome {
  version: ListVersionRow;
  /** True when the file was the active version already: nothing was imported. */
  unchanged: boolean;
  /** Versions this one replaced. */
  replaced: string[];
}

export class ListImportError extends Error {}

const BATCH = 1000;

async function checksum(files: string[]): Promise<string> {
  const h = crypto.createHash('sha256');
  for (const f of files) {
    h.update(`${path.basename(f)}\0`);
    for await (const chunk of fs.createReadStream(f)) h.update(chunk as Buffer);
  }
  return h.digest('hex');
}

function reader(format: ListFormat, file: string, opts: ImportOptions, topic: Topic, meta: { versionDate?: string }): AsyncGenerator<ListEntry> {
  switch (format) {
    case 'ofac-csv':
      return readOfacCsv(file, { alt: opts.alt, add: opts.add });
    case 'ofac-xml':
      return readOfacXml(file, meta);
    case 'un-xml':
      return readUnXml(file, meta);
    case 'eu-xml':
      return readEuXml(file, meta);
    case 'uk-csv':
      return readUkCsv(file, meta);
    case 'ftm':
      return readFtm(file, topic);
  }
}

/** The stored details of an entry (everything but what has its own column). */
export function entryDetails(e: ListEntry): string {
  return JSON.stringify(e);
}

export async function importList(db: Db, dialect: Dialect, file: string, opts: ImportOptions = {}, progress?: (entries: number) => void): Promise<ImportOutcome> {
  for (const f of [file, opts.alt, opts.add]) if (f && !fs.existsSync(f)) throw new ListImportError(`${f}: no such file`);
  const detected = detectFileFormat(file);
  if (opts.format && !(FORMATS as readonly string[]).includes(opts.format)) throw new ListImportError(`unknown format "${opts.format}"; known: ${FORMATS.join(', ')}`);
  const format = (opts.format as ListFormat | undefined) ?? detected;
  if (!format) throw new ListImportError(`${file}: not a list format Dossier reads (${FORMATS.join(', ')}); give --format if the file is one of them`);
  if (opts.format && detected && detected !== opts.format) throw new ListImportError(`${file} looks like ${detected}, not ${opts.format}`);
  if ((opts.alt || opts.add) && format !== 'ofac-csv') throw new ListImportError('--alt and --add go with an OFAC CSV file only');
  const defaults = FORMAT_DEFAULTS[format];
  const listName = opts.name?.trim() || defaults.name;
  if (!/^[\w.-]{1,64}$/.test(listName)) throw new ListImportError('a list name is 1 to 64 letters, digits, dots, dashes or underscores');
  const topic = opts.topic ?? defaults.topic;
  const sum = await checksum([file, opts.alt, opts.add].filter((f): f is string => !!f));
  const active = await findActiveVersion(db, listName);
  if (active && active.checksum === sum) return { version: active, unchanged: true, replaced: [] };

  const now = new Date().toISOString();
  const version: ListVersionRow = {
    id: crypto.randomUUID(),
    list_name: listName,
    format,
    topic,
    version_date: now.slice(0, 10),
    entry_count: 0,
    checksum: sum,
    status: 'importing',
    file_name: path.basename(file),
    created_at: now,
    activated_at: null,
  };
  await insertListVersion(db, version);
  const meta: { versionDate?: string } = {};
  let count = 0;
  try {
    let entries: unknown[] = [];
    let keys: unknown[] = [];
    let inBatch = 0;
    for await (const e of reader(format, file, opts, topic, meta)) {
      const id = `${version.id}:${e.listEntryId}`;
      const kind = e.kind === 'person' ? 'person' : 'company';
      entries.push(id, version.id, e.listEntryId, e.kind, e.topic, e.name, entryDetails(e), entryNameTokens(e));
      // Each key once per entry, with the token count of the shortest of its names having it.
      const own = new Map<string, number>();
      for (const n of [e.name, ...e.aliases]) {
        const size = Math.min(255, nameTokens(n, kind).length);
        for (const k of blockingKeys(n, kind)) own.set(k, Math.min(size, own.get(k) ?? size));
      }
      for (const [k, size] of own) keys.push(version.id, k, id, size);
      count++;
      if (++inBatch >= BATCH) {
        await insertEntryBatch(db, dialect, entries, keys);
        entries = [];
        keys = [];
        inBatch = 0;
        progress?.(count);
      }
    }
    if (inBatch) await insertEntryBatch(db, dialect, entries, keys);
    if (count === 0) throw new ListImportError(`${file}: no entries read; nothing imported`);
  } catch (err) {
    await dropVersionEntries(db, version.id);
    await markVersionFailed(db, version.id);
    throw err instanceof ListImportError ? err : new ListImportError(`${file} (${format}): ${(err as Error).message}; nothing imported, the previous version stays active`);
  }
  const versionDate = /^\d{4}-\d{2}-\d{2}$/.test(meta.versionDate ?? '') ? meta.versionDate! : version.version_date;
  const replaced = await activateVersion(db, { id: version.id, listName, versionDate, entryCount: count, at: new Date().toISOString() });
  for (const old of replaced) await dropVersionEntries(db, old);
  return { version: { ...version, status: 'active', version_date: versionDate, entry_count: count }, unchanged: false, replaced };
}
