// Starting a tesseract.js worker so that whatever goes wrong comes back as a rejected promise.
// tesseract.js 7 answers a failed job by rejecting it and, unless an `errorHandler` is given, by
// throwing from its message listener as well: an uncaught exception that ends the reading thread
// (and with it the whole document). A failure while the language data loads is worse: the promise
// createWorker returned never settles. Its own thread's death ('error', 'exit') is not watched at
// all (it sets `onerror`, which a Node worker ignores), so a job pending then would never settle
// either. Here: an errorHandler, a time limit on loading, and each job raced against the thread's death.
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker as NodeWorker } from 'node:worker_threads';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';

const require = createRequire(import.meta.url);
const CORE_PATH = path.dirname(require.resolve('tesseract.js-core/package.json'));

/** How long loading a worker (its wasm core and language data, about a second) may take at most. */
export const LOAD_TIMEOUT_MS = 60_000;

export interface TesseractReader {
  recognize: TesseractWorker['recognize'];
  terminate(): Promise<void>;
  /** Whether the worker's thread has ended (it cannot read again; a new one must be started). */
  readonly dead: boolean;
}

/**
 * A tesseract worker reading `langs` ("eng", "ara+eng") from the gzipped data in `langPath` (a
 * local folder: never a network path, without which tesseract.js reaches for a CDN). Rejects when
 * the data cannot be loaded; the folder is read only while this promise is pending (the data is
 * copied into the worker's memory).
 */
export function startTesseract(langs: string, langPath: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<TesseractReader> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(`tesseract could not load ${langs}: ${String(error)}`));
    };
    const timer = setTimeout(() => fail(new Error(`tesseract did not load ${langs} within ${timeoutMs} ms`)), timeoutMs);
    createWorker(
      langs,
      OEM.LSTM_ONLY,
      {
        langPath,
        corePath: CORE_PATH,
        gzip: true,
        // The data is read from langPath; never written to a cache folder in the working directory.
        cacheMethod: 'none',
        // A failed job rejects its own promise; after loading, nothing more is to be done here.
        errorHandler: fail,
      },
      // tesseract's diagnostics ("Image too small to scale!!") would go to the process's stderr.
      { debug_file: '/dev/null' } as Record<string, string>,
    ).then((worker) => {
      if (settled) {
        // Loaded after its time: not used, ended.
        void worker.terminate();
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve(guarded(worker));
    }, fail);
  });
}

/** The gzipped best_int data of one language, from its npm package (@tesseract.js-data/<lang>). */
export const languageDataFile = (lang: string): string => path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);

/**
 * A worker reading `langs` (["ara", "eng"], ["deu"]) from their npm packages. tesseract.js 7 reads
 * every language of a worker from one folder (langPath; a Lang object's data is broken in its
 * initialize), and the packages have a folder each: a private folder (mkdtemp) of links to them is
 * made for the load and removed once the worker has the data in its memory (tesseract.js never reads
 * it again: no cache, no reinitialize). No other reading thread or process knows the folder, so none
 * can remove it while it is read.
 */
export async function startTesseractWithData(langs: readonly string[]): Promise<TesseractReader> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dossier-tessdata-'));
  try {
    for (const lang of langs) {
      const file = languageDataFile(lang);
      const link = path.join(dir, `${lang}.traineddata.gz`);
      // A copy where links cannot be made (1 to 3 MB a language).
      await symlink(file, link).catch(() => copyFile(file, link));
    }
    return await startTesseract(langs.join('+'), dir);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The worker with every job raced against its thread's death. */
function guarded(worker: TesseractWorker): TesseractReader {
  const thread = (worker as unknown as { worker?: NodeWorker }).worker;
  let death: Error | null = null;
  const died = new Promise<never>((_, reject) => {
    const end = (error: Error) => {
      death ??= error;
      reject(death);
    };
    thread?.on('error', (error: Error) => end(new Error(`tesseract's thread failed: ${error.message}`)));
    thread?.on('exit', (code: number) => end(new Error(`tesseract's thread ended (${code})`)));
  });
  died.catch(() => {});
  return {
    // A job is never given to an ended worker (tesseract.js would fail to post it, unhandled).
    recognize: (...args: Parameters<TesseractWorker['recognize']>) => (death ? Promise.reject(death) : Promise.race([worker.recognize(...args), died])),
    terminate: async () => {
      death ??= new Error("tesseract's thread ended (terminated)");
      await worker.terminate();
    },
    get dead() {
      return death !== null;
    },
  };
}
