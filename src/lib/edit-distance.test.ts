import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.ts';

describe('edit distance', () => {
  it('counts the fewest insertions, deletions and substitutions', () => {
    expect(editDistance('KITTEN', 'KITTEN')).toBe(0);
    expect(editDistance('KITTEN', 'SITTING')).toBe(3);
    expect(editDistance('', 'ABC')).toBe(3);
    expect(editDistance('PETRA', 'PETFA')).toBe(1);
  });
});
