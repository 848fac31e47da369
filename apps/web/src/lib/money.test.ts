import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney } from './money';

describe('money', () => {
  it('formats dollars the way the shop shows them', () => {
    expect(formatMoney('15.00')).toBe('$15.00');
    expect(formatMoney(138)).toBe('$138.00');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('not a price')).toBe('$0.00');
  });

  it('formats integer cents', () => {
    expect(formatCents(7500)).toBe('$75.00');
    expect(formatCents(1)).toBe('$0.01');
  });
});
