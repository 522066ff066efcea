// Moves SQLite's WAL checkpoints off the main thread: with the default automatic checkpoint, the
// commit that crosses the threshold copies the log into the database file and waits for the disk
// (fsync) while the event loop stands still. Here a connection of its own runs a PASSIVE checkpoint
// (it never blocks readers or writers) every few hundred milliseconds. Plain JavaScript: it needs
// no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');

function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next tick (or the main connection's own threshold) does it.
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
