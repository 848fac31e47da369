/** Money in the API (DESIGN 2.3). Zod-free, so the web app can use it without shipping zod. */

/** Integer cents to the decimal string of the API (DESIGN 2.3): 1250 → "12.50". */
export function centsToPrice(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
