import type { Order } from '@leafline/contract/orders';

/**
 * A line's units the buyer may still return (decision 0055, the server's rule): bought, less the
 * larger of those refunded and those of accepted returns (an accepted return is refunded, so the
 * two overlap).
 */
export function returnableUnits(order: Order, lineId: number, bought: number): number {
  const count = (lines: readonly { order_item_id: number; quantity: number }[]) =>
    lines.filter((l) => l.order_item_id === lineId).reduce((n, l) => n + l.quantity, 0);
  const refunded = count(order.refunds.flatMap((r) => r.items));
  const returned = count(
    order.returns.filter((r) => r.status === 'accepted').flatMap((r) => r.items),
  );
  return Math.max(0, bought - Math.max(refunded, returned));
}

/**
 * Whether My Orders offers "Request a return": Delivered within the brand's window (the server
 * gives its end), none waiting for the brand, and a unit left to return.
 */
export function canRequestReturn(order: Order, now = Date.now()): boolean {
  if (!order.returns_open_until || now > Date.parse(order.returns_open_until)) return false;
  if (order.returns.some((r) => r.status === 'requested')) return false;
  return order.order_items.some((i) => returnableUnits(order, i.id, i.quantity) > 0);
}
