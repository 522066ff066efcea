// Line assembly from positioned text: rows by baseline, left to right, gaps as spaces or tabs.
import { describe, expect, it } from 'vitest';
import { assembleLines, type PlacedText } from './lines.ts';

const at = (text: string, x: number, y: number, width = text.length * 6, height = 12): PlacedText => ({ text, x, y, width, height });

describe('assembleLines', () => {
  it('puts items of one baseline on one line, left to right, whatever their order', () => {
    const items = [at('1,234.50 EUR', 400, 300), at('Invoice', 50, 100), at('Total:', 50, 300.8), at('INV-1', 100, 100)];
    expect(assembleLines(items)).toBe('Invoice INV-1\nTotal:\t1,234.50 EUR');
  });

  it('joins pieces of one word and keeps spaces between words', () => {
    expect(assembleLines([at('Tot', 50, 100, 18), at('al due', 68, 100, 36), at('now', 110, 100, 18)])).toBe('Total due now');
  });

  it('drops text drawn twice at the same place (fake bold)', () => {
    expect(assembleLines([at('Bold', 50, 100, 24), at('Bold', 50.4, 100, 24)])).toBe('Bold');
  });

  it('orders lines top to bottom and ignores empty items', () => {
    expect(assembleLines([at('third', 50, 300), at(' ', 50, 250), at('first', 50, 100), at('second', 50, 200)])).toBe('first\nsecond\nthird');
  });
});
