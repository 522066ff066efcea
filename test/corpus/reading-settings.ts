// The settings every reading-quality test reads with. The reader's settings belong to the process,
// and test files share worker processes (vitest.config.ts): a file that left them alone would read
// with whatever the file before it set (a test server sets the service's, a reading test its own),
// and its figure would depend on the order the files happen to run in. So each quality test sets
// them itself: the service's defaults (both OCR engines, Arabic and European language data), with
// a time limit no loaded machine reaches, so that no OCR attempt is skipped for want of time.
import { loadConfig, readerSettings } from '../../src/config.ts';
import { configureReaders } from '../../src/document-engine/reading/index.ts';
import type { ReadOptions } from '../../src/document-engine/reading/read-options.ts';

/** Reads in-process as the service reads: by default, or as the reading settings in `env` (OCR_*) set it. */
export function readAsTheService(env: NodeJS.ProcessEnv = {}): void {
  configureReaders(readerSettings(loadConfig(env)));
}

/** A reading's limits in a quality test: `maxPages` as given, ten minutes instead of the service's one. */
export const qualityLimits = (maxPages: number): ReadOptions => ({ maxPages, timeoutMs: 600_000 });
