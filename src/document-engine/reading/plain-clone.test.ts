import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { plainClone, plainCloneInThisThread } from './plain-clone.ts';

class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get str(): string {
    return `${this.num}R`;
  }
}

/** An exception as pdfjs builds its own: an ordinary object whose prototype is an Error. */
function LegacyException(this: { message: string; name: string }, message: string, name: string) {
  this.message = message;
  this.name = name;
}
LegacyException.prototype = new Error();

/** The same value as structuredClone gives: equal, same prototypes, same key order, nothing shared with the original. */
function expectAsPlatform(value: unknown): void {
  const want = structuredClone(value);
  const got = plainClone(value);
  expect(isDeepStrictEqual(got, want)).toBe(true);
  const walk = (a: unknown, b: unknown, original: unknown, seen = new Set<unknown>()): void => {
    if (typeof a !== 'object' || a === null || seen.has(a)) return;
    seen.add(a);
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(Object.keys(a)).toEqual(Object.keys(b as object));
    expect(a).not.toBe(original);
    for (const key of Object.keys(a)) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], (original as Record<string, unknown>)[key], seen);
  };
  walk(got, want, value);
}

describe('plainClone', () => {
  it('copies plain data as structuredClone does', () => {
    expectAsPlatform({ sourceName: 'worker', targetName: 'main', stream: 4, chunk: { items: [{ str: 'Total', dir: 'ltr', transform: [10, 0, 0, 10, 50, 700], hasEOL: false }], styles: {} } });
    expectAsPlatform([1, 'two', null, undefined, -0, Number.NaN, true, { nested: [[]] }]);
    expectAsPlatform(Object.assign(Object.create(null), { z: 1, 2: 'two', 1: 'one' }));
    expectAsPlatform({ big: 12n, text: 'é\u0000' });
    for (const primitive of ['text', 5, null, undefined, false]) expect(plainClone(primitive)).toBe(primitive);
  });

  it('copies class instances of pdfjs as plain objects of their own properties', () => {
    expectAsPlatform({ ref: new Ref(12, 0), view: [0, 0, 595, 842] });
    const reason = new (LegacyException as unknown as new (m: string, n: string) => object)('Worker was destroyed.', 'UnknownErrorException');
    expectAsPlatform({ callbackId: 3, reason });
  });

  it('keeps shared and circular references', () => {
    const shared = { a: 1 };
    const value: Record<string, unknown> = { first: shared, second: shared };
    value.self = value;
    const copy = plainClone(value);
    expect(copy.self).toBe(copy);
    expect(copy.first).toBe(copy.second);
    expect(copy.first).not.toBe(shared);
  });

  it('leaves what is not plain data to the platform', () => {
    expectAsPlatform({ bytes: new Uint8Array([1, 2, 3]), when: new Date(0), map: new Map([[1, 2]]), error: new TypeError('x'), boxed: Object(3) });
    const holey: number[] = [1];
    holey[2] = 3;
    expectAsPlatform(holey);
    const buffer = new Uint8Array([1, 2]).buffer;
    const moved = plainClone({ buffer }, { transfer: [buffer] });
    expect(moved.buffer.byteLength).toBe(2);
    expect(buffer.byteLength).toBe(0);
    expect(() => plainClone({ f() {} })).toThrow(/could not be cloned/);
    const proto = JSON.parse('{"__proto__": {"x": 1}}');
    expectAsPlatform(proto);
  });

  it('stands in for the global structuredClone until put back', () => {
    const platform = globalThis.structuredClone;
    const restore = plainCloneInThisThread();
    try {
      expect(globalThis.structuredClone).toBe(plainClone);
    } finally {
      restore();
    }
    expect(globalThis.structuredClone).toBe(platform);
  });
});
