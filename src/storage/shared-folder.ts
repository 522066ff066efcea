// With STORAGE=fs and PostgreSQL, several processes (often on several machines) share one database
// but each reads files from its own DATA_DIR: unless that folder is shared storage, a process would
// answer downloads of files another process stored with "missing". At start-up each process makes
// sure its blob folder holds a marker file recorded in the database, then checks that every marker
// recorded there is in its folder; if one is absent, this process does not see what the others
// stored, and it refuses to start. A restart finds its own marker; a folder wiped together with
// its database starts afresh (no markers recorded).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db.ts';
import { listStorageMarkers, recordStorageMarker, removeStorageMarker } from '../db/storage-markers.repo.ts';

/** Raised when this process's DATA_DIR is not the folder other processes of the database write to. */
export class UnsharedStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsharedStorageError';
  }
}

export async function checkSharedBlobFolder(db: Db, blobFolder: string, dataDir: string): Promise<void> {
  const dir = path.join(blobFolder, 'markers');
  await fsp.mkdir(dir, { recursive: true });
  const onDisk = new Set(await fsp.readdir(dir));
  let mine = (await listStorageMarkers(db)).find((name) => onDisk.has(name));
  let created = false;
  if (!mine) {
    mine = `${crypto.randomUUID()}.marker`;
    // The file first, then its record: a process that sees the record on shared storage also sees the file.
    const handle = await fsp.open(path.join(dir, mine), 'wx');
    try {
      await handle.writeFile('This folder holds the files of a Dossier installation; this marker is recorded in its database.\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await recordStorageMarker(db, mine, new Date().toISOString());
    created = true;
  }
  const present = new Set(await fsp.readdir(dir));
  const absent = (await listStorageMarkers(db)).filter((name) => !present.has(name));
  if (absent.length === 0) return;
  if (created) {
    // Leave no trace: once the setting is mended, this folder must not stand in anyone's way.
    await removeStorageMarker(db, mine);
    await fsp.rm(path.join(dir, mine), { force: true });
  }
  throw new UnsharedStorageError(
    `Refusing to start: this database is used by Dossier processes that store files in a folder this process does not see ` +
      `(marker ${absent[0]} is recorded in the database but is not in ${dir}). ` +
      `Files stored by the other processes could not be served or checked here. Either give every process the same DATA_DIR ` +
      `on shared storage (this one has DATA_DIR=${dataDir}), or set STORAGE=s3 with S3_BUCKET so that all processes keep files in one bucket.`,
  );
}
