import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, editDistanceWithin } from './edit-distance.ts';

describe('edit distance', () => {
  it('counts the fewest insertions, deletions and substitutions', () => {
    expect(editDistance('KITTEN', 'KITTEN')).toBe(0);
    expect(editDistance('KITTEN', 'SITTING')).toBe(3);
    expect(editDistance('', 'ABC')).toBe(3);
    expect(editDistance('PETRA', 'PETFA')).toBe(1);
  });

  it('within a limit: the distance when it is at most the limit, else one more than the limit', () => {
    expect(editDistanceWithin('KITTEN', 'SITTING', 3)).toBe(3);
    expect(editDistanceWithin('KITTEN', 'SITTING', 2)).toBe(3);
    expect(editDistanceWithin('ABCDEFGH', 'HGFEDCBA', 1)).toBe(2);
    expect(editDistanceWithin('', 'AB', 0)).toBe(1);
    // Strings of few letters, so that near and far pairs both come up often.
    const word = fc.string({ unit: fc.constantFrom('A', 'B', 'C', '<'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, limit) => {
        expect(editDistanceWithin(a, b, limit)).toBe(Math.min(editDistance(a, b), limit + 1));
      }),
      { numRuns: 3000 },
    );
  });
});
