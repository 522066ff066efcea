// Starts a reading thread. Node 20 ignores `--import tsx` in a worker's execArgv, so the TypeScript
// loader is registered here, before the reader (TypeScript) is imported.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
