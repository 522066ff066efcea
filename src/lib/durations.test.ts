import { describe, expect, it } from 'vitest';
import { formatAge } from './durations.ts';

describe('formatAge', () => {
  it('says an age in its two largest units', () => {
    expect(formatAge(40)).toBe('40s');
    expect(formatAge(12 * 60 + 5)).toBe('12m');
    expect(formatAge(3 * 3600 + 7 * 60)).toBe('3h 7m');
    expect(formatAge(3 * 86400 + 4 * 3600 + 59)).toBe('3d 4h');
  });
});
