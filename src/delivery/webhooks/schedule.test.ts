import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_WINDOW_MS } from './schedule.ts';

describe('delivery retry schedule', () => {
  it('grows the delays: 1 s, 5 s, 30 s, 2 min … 8 h, then every 12 h', () => {
    const t0 = 1_000_000;
    expect(nextAttemptAt(1, t0, t0, 1, 0)).toBe(t0 + 1000);
    expect(nextAttemptAt(2, t0, t0, 1, 0)).toBe(t0 + 5000);
    expect(nextAttemptAt(4, t0, t0, 1, 0)).toBe(t0 + 120_000);
    expect(nextAttemptAt(10, t0, t0, 1, 0)).toBe(t0 + 8 * 3_600_000);
    expect(nextAttemptAt(11, t0, t0, 1, 0)).toBe(t0 + 12 * 3_600_000);
    expect(nextAttemptAt(1, t0, t0, 1, 1)).toBe(t0 + 1100);
  });

  it('keeps retrying for at least 3 days, then gives up', () => {
    const t0 = 0;
    let now = t0;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(attempts, t0, now, 1, 0);
      if (next === null) break;
      now = next;
    }
    expect(now).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(now).toBeLessThan(RETRY_WINDOW_MS + 12 * 3_600_000);
    expect(attempts).toBe(16);
  });

  it('scales the whole schedule', () => {
    expect(nextAttemptAt(1, 0, 0, 0.001, 0)).toBe(1);
    expect(nextAttemptAt(1, 0, RETRY_WINDOW_MS * 0.001, 0.001, 0)).toBeNull();
  });
});
