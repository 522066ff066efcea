import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { getDocument } from './pdfjs.ts';

describe('pdfjs import', () => {
  it('leaves the native built-ins in place', () => {
    expect(typeof getDocument).toBe('function');
    // toString from a fresh realm: this realm's own could be a polyfill that claims native code.
    const nativeToString = vm.runInNewContext('Function.prototype.toString') as (this: unknown) => string;
    for (const fn of [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]) {
      expect(nativeToString.call(fn)).toContain('[native code]');
    }
  });
});
