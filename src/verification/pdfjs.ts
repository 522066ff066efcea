// The one import of pdfjs. Its legacy build (the one that runs on Node 20) installs core-js
// polyfills that replace JSON.stringify and JSON.parse for the whole process with slower
// JavaScript versions; the natives are put back at once, since pdfjs only feature-detects them.
const nativeStringify = JSON.stringify;
const nativeParse = JSON.parse;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
JSON.stringify = nativeStringify;
JSON.parse = nativeParse;

export const { getDocument, OPS, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
