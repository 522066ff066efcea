// Starts a reading thread. Node 20 ignores `--import tsx` in a worker's execArgv, so the TypeScript
// loader is registered here, before the reader (TypeScript) is imported. pdfjs is loaded first,
// while Node still loads modules by itself: through the loader its bundles would cost each new
// reading thread about a second of CPU more (pdfjs-load.mjs).
import { register } from 'tsx/esm/api';

await import('../pdfjs-load.mjs');
register();
// Registering turns on source-mapped stack traces for the thread; the first error pdfjs raises
// (a font file it may not fetch, say) would then parse the source maps of its two 2–3 MB bundles
// and keep them: some 200 MB of a reading thread's heap, for stack traces nobody reads (a
// failed reading reports its error's message only).
process.setSourceMapsEnabled(false);
await import('./worker.ts');
