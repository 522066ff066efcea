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
  'test/ops/scale-out.test.ts',
  'test/http/many-processes.test.ts',
  'test/http/database-restart.test.ts',
];

// Files run in a fresh process each. The other files share a worker process (isolate: false):
// each worker imports the app, pdfjs and the rest once instead of once per file, which is most of
// a small file's cost. That is safe because no module patches globals for good (pdfjs is imported
// only through src/document-engine/pdfjs-load.mjs, which puts the built-ins back) and every file closes
// the servers, databases and reading threads it starts. The files here gain nothing from sharing:
// their time goes to Chromium or to `dossier` commands in child processes.
const ownProcessFiles = [
  '**/*browser*.test.ts',
  'test/jobs/crash-recovery.test.ts',
  'test/delivery/crash.test.ts',
  'test/delivery/cli.test.ts',
  'test/backoffice/cli.test.ts',
  'test/http/start.test.ts',
  'test/http/capabilities.test.ts',
  'test/http/many-processes.test.ts',
  'test/http/database-restart.test.ts',
  'test/readme/walkthrough.test.ts',
  'test/ops/scale-out.test.ts',
];

// What TEST_SKIP_DOCUMENT_ENGINE=1 leaves out: the files that test the document engine alone (its unit
// tests and the reading corpora). They touch no database, storage or job engine, so a run on another
// storage profile would only repeat them: .ci/run runs them in its SQLite pass and sets this in the others.
const documentEngineFiles = ['src/document-engine/**', 'test/corpus/**'];

const excluded = [...configDefaults.exclude, ...(process.env.TEST_FAST ? slowFiles : []), ...(process.env.TEST_SKIP_DOCUMENT_ENGINE ? documentEngineFiles : [])];

export default defineConfig({
  test: {
    // Deadlines stretch with TEST_TIMEOUT_SCALE, or with the machine's load when it is unset
    // (test/helpers/wait.ts); the workers get the factor measured here, so waits and deadlines agree.
    env: { TEST_TIMEOUT_SCALE: String(scale) },
    testTimeout: 60_000 * scale,
    hookTimeout: 120_000 * scale,
    // Each file starts with the reader's default settings, whatever the file before it set.
    setupFiles: ['test/helpers/reader-defaults.ts'],
    pool: 'forks',
    // Real-server tests wait on I/O as much as on the CPU: two files at a time fits the two cores.
    maxWorkers: 2,
    // One queue for both: the 'isolated' files start first (they are among the longest), and the
    // shared worker processes take the rest.
    projects: [
      { extends: true, test: { name: 'isolated', include: ownProcessFiles, exclude: excluded, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: [...excluded, ...ownProcessFiles], isolate: false } },
    ],
  },
});
