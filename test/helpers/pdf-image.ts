// A PDF's pages as images, drawn by pdfjs (a dependency) inside Chromium, so the check needs no
// system package beyond the browser the browser tests already use. Each page comes back as a PNG
// with the positions of its text, for checks such as "the summary fits on page 1".
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';

const require = createRequire(import.meta.url);
const pdfjsFile = require.resolve('pdfjs-dist/build/pdf.min.mjs');
const workerFile = require.resolve('pdfjs-dist/build/pdf.worker.min.mjs');
const ORIGIN = 'http://pdf-render.invalid';

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
  /** Text runs of the page with their top edge, in pixels from the top of the image. */
  text: { str: string; top: number }[];
  /** Share of the image's rows that hold anything other than white (0..1). */
  inkRows: number;
}

/** Renders every page of the PDF (at most `maxPages`) at `scale` (1 = 72 dpi). */
export async function renderPdf(browser: Browser, bytes: Buffer, o: { scale?: number; maxPages?: number } = {}): Promise<{ pageCount: number; pages: RenderedPage[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/pdf.mjs') return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(pdfjsFile) });
      if (path === '/pdf.worker.mjs') return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(workerFile) });
      if (path === '/doc.pdf') return route.fulfill({ contentType: 'application/pdf', body: bytes });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body></body></html>' });
    });
    await page.goto(`${ORIGIN}/`);
    // Loaded as a module script of the page (an import() written here would be rewritten by the test runner).
    await page.addScriptTag({ type: 'module', content: `import * as pdfjs from '${ORIGIN}/pdf.mjs'; pdfjs.GlobalWorkerOptions.workerSrc = '${ORIGIN}/pdf.worker.mjs'; window.pdfjsLib = pdfjs;` });
    await page.waitForFunction(() => 'pdfjsLib' in window);
    const out = await page.evaluate(
      async ({ scale, maxPages, origin }) => {
        const pdfjs = (window as unknown as { pdfjsLib: any }).pdfjsLib;
        const doc = await pdfjs.getDocument({ url: `${origin}/doc.pdf` }).promise;
        const pages = [];
        for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
          const p = await doc.getPage(i);
          const viewport = p.getViewport({ scale });
          const canvas = document.createElement('canvas');
          canvas.width = Math.ceil(viewport.width);
          canvas.height = Math.ceil(viewport.height);
          const g = canvas.getContext('2d')!;
          g.fillStyle = '#fff';
          g.fillRect(0, 0, canvas.width, canvas.height);
          await p.render({ canvasContext: g, viewport, canvas }).promise;
          const pixels = g.getImageData(0, 0, canvas.width, canvas.height).data;
          let ink = 0;
          for (let y = 0; y < canvas.height; y++) {
            for (let x = 0; x < canvas.width; x++) {
              const k = (y * canvas.width + x) * 4;
              if (pixels[k]! < 240 || pixels[k + 1]! < 240 || pixels[k + 2]! < 240) {
                ink++;
                break;
              }
            }
          }
          const content = await p.getTextContent();
          const text = content.items
            .filter((it: any) => 'str' in it && it.str.trim())
            .map((it: any) => ({ str: it.str as string, top: viewport.convertToViewportPoint(it.transform[4], it.transform[5])[1] as number }));
          pages.push({ dataUrl: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height, text, inkRows: ink / canvas.height });
        }
        return { pageCount: doc.numPages as number, pages };
      },
      { scale: o.scale ?? 1.5, maxPages: o.maxPages ?? 1, origin: ORIGIN },
    );
    return {
      pageCount: out.pageCount,
      pages: out.pages.map((p) => ({ png: Buffer.from(p.dataUrl.split(',')[1]!, 'base64'), width: p.width, height: p.height, text: p.text, inkRows: p.inkRows })),
    };
  } finally {
    await context.close();
  }
}
