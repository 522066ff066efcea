// Run before every test file (vitest.config.ts, setupFiles). The reader's settings belong to the
// process, and test files share worker processes: a test server sets the service's settings, a
// reading test its own. Each file starts from the reader's own defaults (tesseract with English data
// alone), so that what it reads never depends on the file that ran before it in the same worker.
import { beforeAll } from 'vitest';
import { configureReaders } from '../../src/document-engine/reading/index.ts';

beforeAll(() => configureReaders({ threads: 0 }));
