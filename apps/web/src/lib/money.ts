const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats a price for people: '$15.00'. Accepts the API's decimal strings ("15.00"),
 * numbers of dollars, or (with `formatCents`) integer cents.
 */
export function formatMoney(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

export function formatCents(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}
