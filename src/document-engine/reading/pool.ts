// A fixed pool of worker threads, one task at a time per thread, each task under a time limit.
// A thread that overruns is terminated and replaced; one that dies (out of memory, a native
// crash, an uncaught error) fails only its own task. The process itself never goes down with it.
// Waiting tasks are queued per owner (an API client); a free thread takes the next task of the
// owner served longest ago, so one owner's backlog delays another's next task by at most the tasks
// already running. A thread whose task was
// large (recycleAfter) is ended once it answers, which returns its memory to the system.
import { Worker, type Transferable } from 'node:worker_threads';

export interface PoolOptions<R = unknown> {
  size: number;
  /** Module the threads run; it answers `{ kind: 'task' }` messages (see worker.ts). */
  workerUrl: URL;
  /** Limit of each thread's JavaScript heap (native memory is bounded by the reader's own limits). */
  heapMb: number;
  name: string;
  /** How long close() waits for a thread to finish its own clean-up. */
  closeGraceMs?: number;
  /** Whether the thread that produced this result should end (its memory returned) rather than wait for the next task. */
  recycleAfter?: (value: R) => boolean;
}

export type TaskOutcome<R> = { ok: true; value: R } | { ok: false; reason: 'timeout' | 'crashed'; detail: string };

interface Pending<P, R> {
  id: number;
  owner: string;
  payload: P;
  transfer: Transferable[];
  timeoutMs: number;
  softShare: number;
  resolve: (outcome: TaskOutcome<R>) => void;
  timer?: NodeJS.Timeout;
}

interface Slot<P, R> {
  worker: Worker | null;
  task: Pending<P, R> | null;
}

export interface WorkerTaskMessage<P> {
  kind: 'task';
  id: number;
  payload: P;
  /** Epoch ms after which the thread should start no new unit of work. */
  softDeadline: number;
  /** Epoch ms at which the thread is terminated if it has not answered. */
  deadline: number;
}
export type WorkerReply<R> = { kind: 'result'; id: number; value: R } | { kind: 'failure'; id: number; message: string };

export class WorkerPool<P, R> {
  private readonly slots: Slot<P, R>[];
  /** Waiting tasks per owner; owners in the order they are served next. */
  private readonly queues = new Map<string, Pending<P, R>[]>();
  /** When each owner last had a task started (a turn number). */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions<R>) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ worker: null, task: null }));
  }

  /** Runs one task of `owner` (tasks of different owners take turns); resolves (never rejects) with its value, or why there is none. */
  run(payload: P, timeoutMs: number, transfer: Transferable[] = [], softShare = 1, owner = ''): Promise<TaskOutcome<R>> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'crashed', detail: 'the reading pool is closed' });
    return new Promise((resolve) => {
      const waiting = this.queues.get(owner);
      const task = { id: this.nextId++, owner, payload, transfer, timeoutMs, softShare, resolve };
      if (waiting) waiting.push(task);
      else this.queues.set(owner, [task]);
      this.pump();
    });
  }

  /** Tasks waiting for a thread. */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** The next task: the first waiting task of the owner served longest ago (an owner never served first), so owners take turns. */
  private take(): Pending<P, R> | undefined {
    let pick: string | undefined;
    for (const owner of this.queues.keys()) if (pick === undefined || (this.served.get(owner) ?? 0) < (this.served.get(pick) ?? 0)) pick = owner;
    if (pick === undefined) return undefined;
    const waiting = this.queues.get(pick)!;
    const task = waiting.shift();
    if (waiting.length === 0) this.queues.delete(pick);
    // Owners served long ago and no longer waiting are forgotten, keeping the map small.
    if (this.served.size > 10_000) for (const owner of this.served.keys()) if (!this.queues.has(owner)) this.served.delete(owner);
    this.served.set(pick, ++this.turn);
    return task;
  }

  get busy(): number {
    return this.slots.filter((s) => s.task).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queues.values()) for (const pending of waiting) pending.resolve({ ok: false, reason: 'crashed', detail: 'the reading pool was closed' });
    this.queues.clear();
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = null;
        if (slot.task) this.finish(slot, { ok: false, reason: 'crashed', detail: 'the reading pool was closed' });
        if (!worker) return;
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        // Held until it has exited, or close() would let the process end with the thread half-closed.
        worker.ref();
        worker.postMessage({ kind: 'close' });
        const grace = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), this.options.closeGraceMs ?? 3000));
        if ((await Promise.race([exited, grace])) === 'late') await worker.terminate();
      }),
    );
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queues.size === 0) return;
      if (slot.task) continue;
      const task = this.take();
      if (task) this.start(slot, task);
    }
  }

  private start(slot: Slot<P, R>, task: Pending<P, R>): void {
    slot.task = task;
    const worker = slot.worker ?? this.spawn(slot);
    worker.ref();
    const now = Date.now();
    task.timer = setTimeout(() => this.timeout(slot, task), task.timeoutMs);
    const message: WorkerTaskMessage<P> = { kind: 'task', id: task.id, payload: task.payload, softDeadline: now + task.timeoutMs * task.softShare, deadline: now + task.timeoutMs };
    try {
      worker.postMessage(message, task.transfer);
    } catch (error) {
      this.finish(slot, { ok: false, reason: 'crashed', detail: `the task could not be sent (${(error as Error).message})` });
    }
  }

  private spawn(slot: Slot<P, R>): Worker {
    const worker = new Worker(this.options.workerUrl, {
      name: this.options.name,
      // Node 20 does not apply `--import` hooks given here to the worker's entry; the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    slot.worker = worker;
    worker.on('message', (reply: WorkerReply<R>) => {
      const task = slot.task;
      if (slot.worker !== worker || !task || reply.id !== task.id) return;
      if (reply.kind === 'result') {
        if (this.options.recycleAfter?.(reply.value)) {
          // A large task leaves its thread holding memory (decoded images, OCR buffers): end the thread; the next task starts a fresh one.
          slot.worker = null;
          void worker.terminate().catch(() => {});
        }
        this.finish(slot, { ok: true, value: reply.value });
      } else this.finish(slot, { ok: false, reason: 'crashed', detail: reply.message });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const detail = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it ran out of memory' : `${error.name}: ${error.message}`.slice(0, 300);
      slot.worker = null;
      if (slot.task) this.finish(slot, { ok: false, reason: 'crashed', detail });
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.task) this.finish(slot, { ok: false, reason: 'crashed', detail: `the reading thread exited with code ${code}` });
    });
    return worker;
  }

  private timeout(slot: Slot<P, R>, task: Pending<P, R>): void {
    if (slot.task !== task) return;
    const worker = slot.worker;
    // Terminating is the only way to stop native work (tesseract, image decoding) in its tracks.
    slot.worker = null;
    void worker?.terminate().catch(() => {});
    this.finish(slot, { ok: false, reason: 'timeout', detail: `no result within ${task.timeoutMs} ms` });
  }

  private finish(slot: Slot<P, R>, outcome: TaskOutcome<R>): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(task.timer);
    slot.task = null;
    // An idle thread must not keep the process alive.
    slot.worker?.unref();
    task.resolve(outcome);
    if (!this.closed) this.pump();
  }
}
