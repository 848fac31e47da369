import { SALES_DAYS, SALES_WEEKS } from '@leafline/contract';
import { describe, expect, it } from 'vitest';
import { salesWindow } from './seller-sales.service';

/** The UTC days the sales overview is cut by: week from Monday, month from the 1st, UTC midnight. */
describe('salesWindow', () => {
  it('on a Wednesday afternoon: today, 30 days back, this Monday, 12 weeks back, the 1st', () => {
    expect(salesWindow(new Date('2026-11-25T15:30:00Z'))).toEqual({
      today: '2026-11-25',
      firstDay: '2026-10-27',
      tomorrow: '2026-11-26',
      thisWeek: '2026-11-23',
      firstWeek: '2026-09-07',
      thisMonth: '2026-11-01',
    });
  });

  it('a Monday is its own week start; the Sunday before belongs to the week before', () => {
    expect(salesWindow(new Date('2026-11-23T00:00:00Z')).thisWeek).toBe('2026-11-23');
    expect(salesWindow(new Date('2026-11-22T23:59:59.999Z')).thisWeek).toBe('2026-11-16');
    expect(salesWindow(new Date('2026-11-22T12:00:00Z')).thisWeek).toBe('2026-11-16');
  });

  it('UTC midnight starts the new day, whatever the local time zone says', () => {
    expect(salesWindow(new Date('2026-11-24T23:59:59.999Z')).today).toBe('2026-11-24');
    expect(salesWindow(new Date('2026-11-25T00:00:00Z')).today).toBe('2026-11-25');
    // 23:30 in New York is already the next day in UTC.
    expect(salesWindow(new Date('2026-11-24T23:30:00-05:00')).today).toBe('2026-11-25');
  });

  it('the month starts on the 1st at 00:00 UTC, across a year end and a leap February', () => {
    expect(salesWindow(new Date('2026-12-01T00:00:00Z')).thisMonth).toBe('2026-12-01');
    expect(salesWindow(new Date('2026-11-30T23:59:59Z')).thisMonth).toBe('2026-11-01');
    const newYear = salesWindow(new Date('2027-01-01T08:00:00Z'));
    expect(newYear).toMatchObject({ thisMonth: '2027-01-01', thisWeek: '2026-12-28' });
    expect(salesWindow(new Date('2028-03-01T10:00:00Z')).firstDay).toBe('2028-02-01');
    expect(salesWindow(new Date('2028-03-01T10:00:00Z')).tomorrow).toBe('2028-03-02');
  });

  it('covers exactly SALES_DAYS days and SALES_WEEKS Mondays', () => {
    const w = salesWindow(new Date('2026-03-29T01:00:00Z'));
    const days = (Date.parse(w.today) - Date.parse(w.firstDay)) / 86_400_000 + 1;
    const weeks = (Date.parse(w.thisWeek) - Date.parse(w.firstWeek)) / (7 * 86_400_000) + 1;
    expect([days, weeks]).toEqual([SALES_DAYS, SALES_WEEKS]);
    expect(new Date(`${w.firstWeek}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
