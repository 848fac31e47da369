import { groupThousands } from './plain-format';

// '15', '15.5', '15.00', '-3.25', '.5': the API's decimal strings, read digit by digit so no
// binary fraction ever enters a sum (DESIGN 2.3).
const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/**
 * A price to integer cents: the API's decimal strings ('15.00') or numbers of dollars. A third
 * decimal rounds half up ('1.005' is 101); anything that is not an amount is 0.
 */
export function priceToCents(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : 0;
  const match = DECIMAL.exec(value);
  if (!match) return 0;
  const [, minus, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 0;
  const padded = fraction.padEnd(3, '0');
  const cents =
    Number(whole || '0') * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return minus && cents !== 0 ? -cents : cents;
}

/** Integer cents as the API writes dollars: 1999 → '19.99' (the contract's one function). */
export { centsToPrice } from '@leafline/contract/money';

/**
 * Formats a price for people: '$15.00'. Accepts the API's decimal strings ("15.00"),
 * numbers of dollars, or (with `formatCents`) integer cents.
 */
export function formatMoney(value: string | number): string {
  return formatCents(priceToCents(value));
}

/**
 * Integer cents as US dollars, in en-US currency's shape without `Intl` (see plain-format.ts):
 * 123456 → "$1,234.56", -250 → "-$2.50".
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const text = `$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return whole < 0 ? `-${text}` : text;
}
