// Loads pdfjs for src/document-engine/pdfjs.ts, and for a reading thread before its TypeScript
// loader is registered (worker-entry.mjs): plain JavaScript, so that Node loads pdfjs's two large
// bundles itself, in about a tenth of the time they take through the TypeScript loader, and the
// module is the same one whichever of the two imports it first.
// pdfjs's legacy build (the one that runs on Node 20) installs core-js polyfills that replace
// built-ins for the whole process with slower JavaScript versions: JSON.stringify and JSON.parse,
// Array.prototype.push (called millions of times, by pdfjs itself and by everything else in the
// process) and Function.prototype.toString. The natives are put back at once: pdfjs only
// feature-detects them, and the cases the polyfills correct (arrays past 2^53 elements, a
// non-writable length) never occur. Nothing else may import pdfjs-dist's code: a second copy
// loaded around this module would replace the built-ins again, for every module of the process.
// The worker half (which pdfjs runs in this same thread on Node) carries the same polyfills and
// would load lazily on the first getDocument() and replace them again, so it is loaded here too:
// pdfjs finds it on globalThis.pdfjsWorker and uses it instead of importing it later.
const nativeStringify = JSON.stringify;
const nativeParse = JSON.parse;
const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push');
const nativeToString = Object.getOwnPropertyDescriptor(Function.prototype, 'toString');
let pdfjs;
try {
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
} finally {
  JSON.stringify = nativeStringify;
  JSON.parse = nativeParse;
  Object.defineProperty(Array.prototype, 'push', nativePush);
  Object.defineProperty(Function.prototype, 'toString', nativeToString);
}
export { pdfjs };
