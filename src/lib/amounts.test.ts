import { describe, expect, it } from 'vitest';
import { formatAmount } from './amounts.ts';

describe('formatAmount', () => {
  it('groups thousands, writes two decimals at least and the currency after, never rounding', () => {
    expect(formatAmount(12708, 'GBP')).toBe('12,708.00 GBP');
    expect(formatAmount('15250.75', 'eur')).toBe('15,250.75 EUR');
    expect(formatAmount('1234567.125')).toBe('1,234,567.125');
    expect(formatAmount(0.5)).toBe('0.50');
    expect(formatAmount(-1000, 'USD')).toBe('-1,000.00 USD');
    expect(formatAmount(1e21)).toBe('1,000,000,000,000,000,000,000.00');
  });

  it('shows what is not a plain number as given, and a dash for nothing', () => {
    expect(formatAmount('about 5k', 'EUR')).toBe('about 5k EUR');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount('')).toBe('—');
  });
});
