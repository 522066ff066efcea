// Starts an import worker thread: registers the TypeScript loader (as bin/dossier.js does for the
// main thread), then runs the worker module named in workerData.
import { workerData } from 'node:worker_threads';

const { register } = await import(workerData.tsxApi);
register();
await import(workerData.script);
