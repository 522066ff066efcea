// How many reading threads may run the second OCR engine at once, across the threads of the pool:
// its models and buffers take some 1 GB while a page is read, so by default one thread at a time
// does. The slots live in a SharedArrayBuffer every reading thread sees. Each slot holds the epoch
// second at which its holder's document reaches its hard deadline: a thread that was stopped while
// it held a slot (the pool terminates overrunning threads) frees it by that time at the latest.

/** Slots shared by the threads: index 0 counts releases (for Atomics.wait), 1..n are the slots. */
export type EngineSlots = Int32Array;

export function createEngineSlots(count: number): EngineSlots {
  return new Int32Array(new SharedArrayBuffer(4 * (1 + Math.max(1, Math.floor(count)))));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Takes a slot, waiting at most `waitMs` for one to come free; returns its release, or null when
 * none came free in time. `holdUntil` (epoch ms) is when the slot may be taken back if never released.
 */
export function acquireSlot(slots: EngineSlots, waitMs: number, holdUntil: number): (() => void) | null {
  const until = Date.now() + Math.max(0, waitMs);
  // Held at most 10 minutes when the holder gives no deadline (a reading without a time limit).
  const mark = Math.min(nowSeconds() + 600, Math.max(nowSeconds() + 1, Number.isFinite(holdUntil) ? Math.ceil(holdUntil / 1000) : Infinity));
  for (;;) {
    const version = Atomics.load(slots, 0);
    for (let i = 1; i < slots.length; i++) {
      const held = Atomics.load(slots, i);
      if ((held === 0 || held < nowSeconds()) && Atomics.compareExchange(slots, i, held, mark) === held) {
        return () => {
          if (Atomics.compareExchange(slots, i, mark, 0) === mark) {
            Atomics.add(slots, 0, 1);
            Atomics.notify(slots, 0);
          }
        };
      }
    }
    const left = until - Date.now();
    if (left <= 0) return null;
    // Woken by a release, or every 250 ms to look for a slot whose holder was stopped.
    Atomics.wait(slots, 0, version, Math.min(left, 250));
  }
}
