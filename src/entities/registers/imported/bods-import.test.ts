import { describe, expect, it } from 'vitest';
import { isBodsStatement } from './bods-import.ts';

describe('a line of a BODS file', () => {
  it('is a statement when it is an object whose fields, where present, have their types', () => {
    expect(isBodsStatement({})).toBe(true);
    expect(isBodsStatement({ statementId: 's1', recordId: 'r1', recordType: 'entity', recordDetails: { name: 'Example Ltd' } })).toBe(true);
  });

  it('is skipped otherwise', () => {
    expect(isBodsStatement(null)).toBe(false);
    expect(isBodsStatement([{ recordId: 'r1' }])).toBe(false);
    expect(isBodsStatement({ recordId: 7 })).toBe(false);
    expect(isBodsStatement({ recordId: 'r1', recordDetails: 'entity' })).toBe(false);
  });
});
