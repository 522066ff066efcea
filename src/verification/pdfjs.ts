// The one import of pdfjs. Its legacy build (the one that runs on Node 20) installs core-js
// polyfills that replace JSON.stringify and JSON.parse for the whole process with slower
// JavaScript versions; the natives are put back at once, since pdfjs only feature-detects them.
// The worker half (which pdfjs runs in this same thread on Node) carries the same polyfills and
// would load lazily on the first getDocument() and replace them again, so it is loaded here too:
// pdfjs finds it on globalThis.pdfjsWorker and uses it instead of importing it later.
const nativeStringify = JSON.stringify;
const nativeParse = JSON.parse;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// (A specifier in a variable: the package ships no typings for the worker, and none are needed.)
const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
await import(workerModule);
JSON.stringify = nativeStringify;
JSON.parse = nativeParse;

export const { getDocument, OPS, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
