// The one import of pdfjs. Its legacy build (the one that runs on Node 20) installs core-js
// polyfills that replace built-ins for the whole process with slower JavaScript versions:
// JSON.stringify and JSON.parse, Array.prototype.push (called millions of times, by pdfjs itself
// and by everything else in the process) and Function.prototype.toString. The natives are put
// back at once: pdfjs only feature-detects them, and the cases the polyfills correct (arrays past
// 2^53 elements, a non-writable length) never occur.
// The worker half (which pdfjs runs in this same thread on Node) carries the same polyfills and
// would load lazily on the first getDocument() and replace them again, so it is loaded here too:
// pdfjs finds it on globalThis.pdfjsWorker and uses it instead of importing it later.
const nativeStringify = JSON.stringify;
const nativeParse = JSON.parse;
const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push')!;
const nativeToString = Object.getOwnPropertyDescriptor(Function.prototype, 'toString')!;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// (A specifier in a variable: the package ships no typings for the worker, and none are needed.)
const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
await import(workerModule);
JSON.stringify = nativeStringify;
JSON.parse = nativeParse;
Object.defineProperty(Array.prototype, 'push', nativePush);
Object.defineProperty(Function.prototype, 'toString', nativeToString);

export const { getDocument, OPS, PDFWorker, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
