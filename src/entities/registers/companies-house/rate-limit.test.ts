import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter, type Clock } from './rate-limit.ts';

function fakeClock(): Clock & { t: number; slept: number[] } {
  const c = {
    t: 1_000_000,
    slept: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.slept.push(ms);
      c.t += ms;
    },
  };
  return c;
}

describe('sliding-window rate limit', () => {
  it('allows the limit per window and waits for a slot when the wait is short', async () => {
    const clock = fakeClock();
    const l = new SlidingWindowLimiter(3, 1000, clock, 5000);
    for (let i = 0; i < 3; i++) expect(await l.acquire()).toEqual({ ok: true });
    clock.t += 400;
    expect(await l.acquire()).toEqual({ ok: true });
    expect(clock.slept).toEqual([600]);
  });

  it('says when to come back when the wait is long (600 per 5 minutes)', async () => {
    const clock = fakeClock();
    const l = new SlidingWindowLimiter(600, 300_000, clock, 10_000);
    for (let i = 0; i < 600; i++) await l.acquire();
    expect(await l.acquire()).toEqual({ ok: false, retryAt: 1_000_000 + 300_000 });
    clock.t += 300_000;
    expect(await l.acquire()).toEqual({ ok: true });
  });

  it('takes no slot while the register asked to slow down', async () => {
    const clock = fakeClock();
    const l = new SlidingWindowLimiter(600, 300_000, clock, 1000);
    l.blockUntil(clock.t + 60_000);
    expect(await l.acquire()).toEqual({ ok: false, retryAt: 1_060_000 });
    l.blockUntil(clock.t + 500);
    clock.t += 60_000;
    expect(await l.acquire()).toEqual({ ok: true });
  });
});
