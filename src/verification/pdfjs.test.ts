import { describe, expect, it } from 'vitest';
import { getDocument } from './pdfjs.ts';

describe('pdfjs import', () => {
  it('leaves the native JSON functions in place', () => {
    expect(typeof getDocument).toBe('function');
    expect(Function.prototype.toString.call(JSON.stringify)).toContain('[native code]');
    expect(Function.prototype.toString.call(JSON.parse)).toContain('[native code]');
  });
});
