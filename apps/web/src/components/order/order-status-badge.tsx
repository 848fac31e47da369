import type { OrderStatus } from '@leafline/contract/constants';
import { cx } from '@/lib/cx';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  Pending: 'bg-warning-bg text-warning-fg border-warning-fg/25',
  Paid: 'bg-sage-100 text-forest-900 border-sage-200',
  Shipped: 'bg-info-bg text-info-fg border-info-fg/25',
  Delivered: 'bg-forest-900 text-cream border-forest-900',
  Refunded: 'bg-clay-100 text-clay-800 border-clay-500/30',
  Canceled: 'bg-error-bg text-error-fg border-error-fg/25',
};

/** An order's status (SPEC §4: Pending, Paid, Shipped, Delivered, Refunded, Canceled). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-semibold',
        STATUS_CLASSES[status] ?? 'border-sand-300 bg-sand-100 text-ink',
      )}
      data-testid="order-status"
    >
      <span className="sr-only">Status: </span>
      {status}
    </span>
  );
}
