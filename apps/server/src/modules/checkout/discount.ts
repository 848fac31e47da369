/**
 * A payment's discount spread over its brand orders (DESIGN 2.7), in integer cents, exact to
 * the cent: every order gets its proportional share rounded down, and the cents left over go
 * to the largest remainders (largest-remainder method; ties to the larger weight, then to the
 * earlier order). The shares always add up to the discount.
 */

/** Splits `amount` over parts in proportion to `weights` (all zero: evenly). */
export function splitByWeight(amount: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be cents');
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) {
    const base = Math.floor(amount / n);
    return weights.map((_, i) => base + (i < amount - base * n ? 1 : 0));
  }
  // BigInt: amount × weight can pass 2^53 for large sums.
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const shares = weights.map((w) => Number((big * BigInt(w)) / bigTotal));
  const remainders = weights.map((w, i) => ({ i, w, r: (big * BigInt(w)) % bigTotal }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  remainders.sort((a, b) => (a.r === b.r ? b.w - a.w || a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
}

/**
 * Each order's share of `discountCents`, by item subtotal. No order's share passes its own
 * total: a discount larger than all items together (possible with Stripe, where a coupon may
 * cover the shipping lines too) takes the rest from the shipping, by shipping fee.
 */
export function prorateDiscount(discountCents: number, orders: readonly OrderAmounts[]): number[] {
  const subtotals = orders.map((o) => o.subtotalCents);
  const itemsTotal = subtotals.reduce((sum, s) => sum + s, 0);
  const grandTotal = orders.reduce((sum, o) => sum + o.subtotalCents + o.shippingCents, 0);
  const discount = Math.max(0, Math.min(Math.round(discountCents), grandTotal));
  if (discount <= itemsTotal) return splitByWeight(discount, subtotals);
  const fromShipping = splitByWeight(
    discount - itemsTotal,
    orders.map((o) => o.shippingCents),
  );
  return orders.map((o, i) => o.subtotalCents + fromShipping[i]!);
}
