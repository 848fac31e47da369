import type { SellerOrder } from '@leafline/contract/seller-orders';
import Boxes from 'lucide-react/icons/boxes';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { movementChange, movementSubject } from '../lib/stock-movements';

/**
 * What the order did to the brand's stock counts (issue 26), oldest first: its sale ("Linen
 * Shirt, M: 1 taken from stock · 3 left") and any restock after a refund. Nothing when no
 * count moved (nothing counted, or an order from before stock was kept).
 */
export function OrderStock({ order }: { order: SellerOrder }) {
  if (order.stock_movements.length === 0) return null;
  const headingId = `seller-order-${order.id}-stock`;
  return (
    <section aria-labelledby={headingId} className="text-sm">
      <h4 id={headingId} className="flex items-center gap-1.5 font-medium text-forest-900">
        <Boxes aria-hidden="true" className="size-4" />
        {SELLER_ORDERS_TEXTS.stockHeading}
      </h4>
      <ul className="mt-1 flex flex-col gap-0.5" data-testid="order-stock">
        {order.stock_movements.map((movement, i) => (
          // The order's log only grows at its end: a place keeps its movement.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="break-words">
            <span className="font-medium">{movementSubject(order.order_items, movement)}:</span>{' '}
            <span className="tabular-nums">{movementChange(movement)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
