import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToPrice, formatCents, formatMoney, priceToCents } from './money';

// The shape Intl writes (a test may use it: it is not a page).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

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

  it('writes dollars from cents as en-US currency does', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(formatCents(cents)).toBe(usd.format(cents / 100));
      }),
    );
  });

  it('reads prices as integer cents, without binary fractions', () => {
    expect(priceToCents('19.99')).toBe(1999);
    expect(priceToCents('0.29')).toBe(29);
    expect(priceToCents('1234.5')).toBe(123450);
    expect(priceToCents('75')).toBe(7500);
    expect(priceToCents('.5')).toBe(50);
    expect(priceToCents('-3.25')).toBe(-325);
    expect(priceToCents(7.5)).toBe(750);
    // parseFloat('1.005') * 100 is 100.49999…: a float reading rounds this down.
    expect(priceToCents('1.005')).toBe(101);
    expect(priceToCents('8.675')).toBe(868);
    expect(formatMoney('1.005')).toBe('$1.01');
  });

  it('reads what is not an amount as 0', () => {
    for (const value of ['', ' ', '.', 'abc', '12abc', '1.2.3', '1e3', Number.NaN]) {
      expect(priceToCents(value)).toBe(0);
    }
  });

  it('writes cents back as the API writes dollars', () => {
    expect(centsToPrice(1999)).toBe('19.99');
    expect(centsToPrice(0)).toBe('0.00');
    expect(centsToPrice(priceToCents('0.10') + priceToCents('0.20'))).toBe('0.30');
  });
});
