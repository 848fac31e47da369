import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands, mediumDate } from './plain-format';

// The shapes are the ones Intl writes (the tests may use it: they are not a page).
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

describe('formatting without Intl', () => {
  it('groups thousands as en-US does', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(1234567)).toBe('1,234,567');
    expect(groupThousands(-12345)).toBe('-12,345');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });

  it('writes a medium date as en-US does', () => {
    expect(mediumDate(new Date(2026, 2, 4))).toBe('Mar 4, 2026');
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1971, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (date) => {
          expect(mediumDate(date)).toBe(medium.format(date));
        },
      ),
    );
  });
});
