// Stakes as closed intervals [low, high] of fractions of 1: an exact stake is [x, x], a register band
// is its published range, an unknown stake is [0, 1]. Pure.
import type { Ownership } from '../case-entities.ts';

export type Interval = [number, number];

/** Decimal places kept in stakes handed out: far below any real share, far above float noise. */
const PLACES = 1e10;

export function roundStake(x: number): number {
  return Math.round(x * PLACES) / PLACES;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : x > 0 ? 1 : 0);

/** The interval an ownership object stands for; null or malformed means "unknown" ([0, 1]). */
export function toInterval(o: Ownership | null | undefined): Interval {
  if (o && 'fraction' in o && typeof o.fraction === 'number' && Number.isFinite(o.fraction)) {
    const x = clamp01(o.fraction);
    return [x, x];
  }
  if (o && 'range' in o && Array.isArray(o.range) && o.range.length === 2) {
    const a = clamp01(Number(o.range[0]));
    const b = clamp01(Number(o.range[1]));
    return a <= b ? [a, b] : [b, a];
  }
  return [0, 1];
}

/** `{fraction}` when both ends round to the same stake, else `{range}`; the high end is capped at 1. */
export function toOwnership(low: number, high: number): Ownership {
  const lo = roundStake(clamp01(low));
  const hi = roundStake(clamp01(Math.max(low, high)));
  return lo === hi ? { fraction: lo } : { range: [lo, hi] };
}

/** Stakes held side by side, added end to end (the high end capped at 1); none adds up to 0. */
export function sumStakes(stakes: Ownership[]): Ownership {
  let lo = 0;
  let hi = 0;
  for (const s of stakes) {
    const [a, b] = 'fraction' in s ? [s.fraction, s.fraction] : s.range;
    lo += a;
    hi += b;
  }
  return lo === hi ? { fraction: lo } : { range: [lo, Math.min(1, hi)] };
}

export function isExact(o: Ownership): boolean {
  return 'fraction' in o;
}

/** The highest stake an ownership can mean. */
export function upper(o: Ownership): number {
  return toInterval(o)[1];
}

export function lower(o: Ownership): number {
  return toInterval(o)[0];
}

/** True when `x` lies in the interval `o` stands for, allowing for rounding to the kept places. */
export function contains(o: Ownership, x: number, tolerance = 1e-9): boolean {
  const [lo, hi] = toInterval(o);
  return x >= lo - tolerance && x <= hi + tolerance;
}
