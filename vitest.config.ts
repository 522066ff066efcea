import { configDefaults, defineConfig } from 'vitest/config';
import { timeoutScale as scale } from './test/helpers/wait.ts';

// What `npm run test:fast` (TEST_FAST=1) leaves out: the files that drive Chromium, run OCR over
// scanned pages or whole corpora, or start the `dossier` command in child processes.
const slowFiles = [
  'test/**/*browser*.test.ts',
  'test/corpus/**',
  'test/verification/bad-files.test.ts',
  'src/document-engine/reading/einvoice-corpus.test.ts',
  'test/delivery/crash.test.ts',
  'test/jobs/crash-recovery.test.ts',
  'test/readme/walkthrough.test.ts',
  'test/http/capabilities.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.TEST_FAST ? [...configDefaults.exclude, ...slowFiles] : configDefaults.exclude,
    // Deadlines stretch with TEST_TIMEOUT_SCALE, or with the machine's load when it is unset
    // (test/helpers/wait.ts); the workers get the factor measured here, so waits and deadlines agree.
    env: { TEST_TIMEOUT_SCALE: String(scale) },
    testTimeout: 60_000 * scale,
    hookTimeout: 120_000 * scale,
    pool: 'forks',
    // Real-server tests wait on I/O as much as on the CPU: two files at a time fits the two cores.
    maxWorkers: 2,
  },
});
