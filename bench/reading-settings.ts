// The service's reading settings for a benchmark that calls the reader in-process: reading threads
// and the second OCR engine as the environment sets them (both engines unless OCR_SECOND_ENGINE=false).
import { loadConfig } from '../src/config.ts';
import { readAsTheService } from '../test/corpus/reading-settings.ts';

/** The environment's reading settings, and nothing else of it. */
const readingEnv = (): NodeJS.ProcessEnv => ({
  OCR_SECOND_ENGINE: process.env.OCR_SECOND_ENGINE,
  OCR_SECOND_ENGINE_THREADS: process.env.OCR_SECOND_ENGINE_THREADS,
  OCR_ARABIC: process.env.OCR_ARABIC,
  OCR_EUROPEAN: process.env.OCR_EUROPEAN,
});

/** Whether the second OCR engine reads, as the service would decide from the environment. */
export function secondEngineOn(): boolean {
  return loadConfig(readingEnv()).OCR_SECOND_ENGINE;
}

/** Sets up the in-process reading pool as the service sets up its own. */
export function configureReadersAsService(): void {
  readAsTheService(readingEnv());
}
