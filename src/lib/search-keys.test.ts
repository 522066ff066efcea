// Search keys: names folded for matching, registration numbers without separators.
import { describe, expect, it } from 'vitest';
import { nameSearchKey, regNumberKey } from './search-keys.ts';

describe('the case list search keys', () => {
  it('searches names without accents, case or punctuation, and registration numbers without separators', () => {
    expect(nameSearchKey('Müller & Søn A/S')).toBe('muller and son a s');
    expect(nameSearchKey('ООО «Ромашка»')).toBe('ооо ромашка');
    expect(regNumberKey('DK 12.34-56 78')).toBe('DK12345678');
    expect(regNumberKey(undefined)).toBeNull();
  });
});
