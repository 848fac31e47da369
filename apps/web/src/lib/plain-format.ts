/**
 * Numbers and dates for the public pages, written without `Intl` (prices: `formatCents` in
 * money.ts). A page's first use of `Intl` sets up its locale data: 50–70 ms of main thread
 * here, four times that on the slow phone Lighthouse stands for, spent while the server's
 * page hydrates. The shapes are the en-US ones `Intl` writes, and the same on the server and
 * in the browser.
 */

/** 1234567 → "1,234,567" (a whole number; the sign kept). */
export function groupThousands(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part},${out}` : part;
  }
  return whole < 0 ? `-${out}` : out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as en-US "medium" in the local time zone: "Mar 4, 2026". */
export function mediumDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
