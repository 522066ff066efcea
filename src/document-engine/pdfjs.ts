// The one import of pdfjs, through pdfjs-load.mjs, which says why it is plain JavaScript and how
// it keeps pdfjs's polyfills from replacing the built-ins of the process.
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

// (A specifier in a variable: the module is plain JavaScript, typed here.)
const loader = './pdfjs-load.mjs';
const { pdfjs } = (await import(loader)) as { pdfjs: typeof Pdfjs };

export const { getDocument, OPS, PDFWorker, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
