// Setups whose failure is seen. Vitest reports the tests of a suite whose beforeAll threw as
// skipped, which hides a broken setup behind a quiet "skipped" count. setupAll keeps the setup's
// error instead, and every test of the suite fails with it first.
import { beforeAll, beforeEach } from 'vitest';
import { scaled, timeoutScale } from './wait.ts';

/**
 * Like beforeAll, but when `fn` throws, or has not finished within `timeoutMs` (at least 120 s,
 * stretched by TEST_TIMEOUT_SCALE), each test of the suite (nested ones too) fails with that error.
 */
export function setupAll(fn: () => unknown, timeoutMs = 120_000): void {
  const deadline = scaled(Math.max(timeoutMs, 120_000));
  let failure: unknown;
  beforeAll(async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`setup did not finish within ${deadline} ms (TEST_TIMEOUT_SCALE=${timeoutScale})`)), deadline);
    });
    try {
      await Promise.race([Promise.resolve().then(fn), late]);
    } catch (err) {
      failure = err ?? new Error('setup failed');
    } finally {
      clearTimeout(timer);
    }
  }, deadline + 10_000);
  beforeEach(() => {
    if (failure !== undefined) throw failure;
  });
}
