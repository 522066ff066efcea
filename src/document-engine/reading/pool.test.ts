// The worker pool on its own, with a stand-in thread: a task that hangs, crashes or runs out of
// memory fails alone, its thread is replaced, and the next task runs normally.
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './pool.ts';

const workerUrl = new URL('../../../test/fixtures/pool-workers/behaviours.mjs', import.meta.url);
type Payload = { behaviour: string; value?: number };

let pool: WorkerPool<Payload, { echo: number }>;
afterEach(async () => {
  await pool?.close();
});

function makePool(size = 1, heapMb = 64, recycleAfter?: (v: { echo: number }) => boolean) {
  pool = new WorkerPool<Payload, { echo: number }>({ size, workerUrl, heapMb, name: 'test-pool', closeGraceMs: 500, recycleAfter });
  return pool;
}

describe('WorkerPool', () => {
  it('runs tasks and returns their values', async () => {
    const p = makePool(2);
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ behaviour: 'echo', value }, 5000)));
    expect(outcomes.map((o) => (o.ok ? o.value.echo : null))).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops a task that overruns its time and carries on with a fresh thread', async () => {
    const p = makePool(1);
    const hung = await p.run({ behaviour: 'hang' }, 300);
    expect(hung).toMatchObject({ ok: false, reason: 'timeout' });
    const next = await p.run({ behaviour: 'echo', value: 7 }, 5000);
    expect(next).toEqual({ ok: true, value: { echo: 7, thread: null } });
  });

  it('fails only the task whose thread throws or exits', async () => {
    const p = makePool(1);
    const queued = [p.run({ behaviour: 'throw' }, 5000), p.run({ behaviour: 'exit' }, 5000), p.run({ behaviour: 'echo', value: 1 }, 5000)];
    const [thrown, exited, fine] = await Promise.all(queued);
    expect(thrown).toMatchObject({ ok: false, reason: 'crashed' });
    expect(!thrown.ok && thrown.detail).toContain('boom');
    expect(exited).toMatchObject({ ok: false, reason: 'crashed' });
    expect(!exited.ok && exited.detail).toContain('code 3');
    expect(fine).toMatchObject({ ok: true, value: { echo: 1 } });
  });

  it('turns a thread running out of heap into a failed task, not a dead process', async () => {
    const p = makePool(1, 32);
    const outcome = await p.run({ behaviour: 'oom' }, 15_000);
    expect(outcome).toEqual({ ok: false, reason: 'crashed', detail: 'it ran out of memory' });
    expect(await p.run({ behaviour: 'echo', value: 2 }, 5000)).toMatchObject({ ok: true });
  });

  it('refuses work once closed', async () => {
    const p = makePool(1);
    await p.run({ behaviour: 'echo', value: 1 }, 5000);
    await p.close();
    expect(await p.run({ behaviour: 'echo', value: 1 }, 5000)).toMatchObject({ ok: false, reason: 'crashed' });
  });

  it("takes waiting tasks round robin by owner, so one owner's backlog does not hold up another's first task", async () => {
    const p = makePool(1);
    const order: string[] = [];
    const run = (owner: string, value: number) => p.run({ behaviour: 'echo', value }, 5000, [], 1, owner).then(() => order.push(`${owner}${value}`));
    // The flooder queues four tasks, then another owner one: it runs second, right after the task already started.
    await Promise.all([run('a', 1), run('a', 2), run('a', 3), run('a', 4), run('b', 1)]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('ends the thread after a large task, and the next task runs on a fresh one', async () => {
    const p = makePool(1, 64, (v) => v.echo >= 100);
    expect(await p.run({ behaviour: 'echo', value: 100 }, 5000)).toMatchObject({ ok: true });
    expect(p.busy).toBe(0);
    expect(await p.run({ behaviour: 'echo', value: 1 }, 5000)).toMatchObject({ ok: true, value: { echo: 1 } });
  });
});
