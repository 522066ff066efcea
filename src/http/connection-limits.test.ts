import { describe, expect, it } from 'vitest';
import { connectionCap, parseProcLimits } from './connection-limits.ts';

describe('connection caps from the open-file limit', () => {
  it('reads the soft limit of /proc/self/limits', () => {
    const text =
      'Limit                     Soft Limit           Hard Limit           Units\nMax processes             63455                63455                processes\nMax open files            1024                 524288               files\n';
    expect(parseProcLimits(text)).toBe(1024);
    expect(parseProcLimits('Max open files            unlimited            unlimited            files\n')).toBeNull();
    expect(parseProcLimits('')).toBeNull();
  });

  it('keeps the total cap a quarter (at least 256) below the limit, whatever is configured', () => {
    expect(connectionCap(0, 1024)).toBe(768);
    expect(connectionCap(5000, 1024)).toBe(768);
    expect(connectionCap(100, 1024)).toBe(100);
    expect(connectionCap(0, 65536)).toBe(49152);
    expect(connectionCap(0, 256)).toBe(16);
  });
});
