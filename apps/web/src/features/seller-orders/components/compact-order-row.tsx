import { RETURN_TEXTS } from '@leafline/contract/returns';
import { PAYOUT_STATE_LABELS, type SellerOrder } from '@leafline/contract/seller-orders';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { formatMoney } from '@/lib/money';
import { SELLER_ORDERS_TEXTS as TEXTS } from '../lib/seller-orders-texts';
import { formatLocalDate } from './seller-order-card';

/** How many orders a page holds before "automatic" shows them as rows (issue 29 point 1). */
export const ROWS_OVER = 5;

export const ORDER_LAYOUTS = ['auto', 'rows', 'cards'] as const;
export type OrderLayout = (typeof ORDER_LAYOUTS)[number];

/** Where the brand's choice of layout is kept, in this browser. */
const LAYOUT_KEY = 'leafline.seller-orders.layout';

export function storedLayout(): OrderLayout {
  try {
    const value = localStorage.getItem(LAYOUT_KEY);
    return (ORDER_LAYOUTS as readonly string[]).includes(value ?? '')
      ? (value as OrderLayout)
      : 'auto';
  } catch {
    return 'auto';
  }
}

export function storeLayout(layout: OrderLayout): void {
  try {
    localStorage.setItem(LAYOUT_KEY, layout);
  } catch {
    // A browser that keeps nothing: the choice lasts for this page.
  }
}

/**
 * One order as a compact row (issue 29 point 1): number, date, buyer, items, total, status and
 * where the payout stands, on one line to scan (and a return waiting for the brand's answer,
 * issue 30); its number opens the full card in place.
 */
export function CompactOrderRow({ order, onOpen }: { order: SellerOrder; onOpen: () => void }) {
  const units = order.order_items.reduce((n, item) => n + item.quantity, 0);
  const returnWaiting = order.returns.some((r) => r.status === 'requested');
  return (
    <article
      aria-label={`Order #${order.id}`}
      data-testid="seller-order"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-sand-300 bg-white/70 px-3 py-1.5 text-sm"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-expanded={false}
        aria-label={TEXTS.open(order.id)}
        data-open-order={order.id}
        className="flex min-h-11 w-24 items-center gap-1.5 text-left font-semibold text-forest-900 underline-offset-2 hover:underline"
      >
        <ChevronDown aria-hidden="true" className="size-4 -rotate-90" />
        <span aria-hidden="true">{`#${order.id}`}</span>
      </button>
      <p className="min-w-40 flex-1 break-words">
        <span className="font-medium" data-testid="order-buyer">
          {order.user_full_name || 'Buyer'}
        </span>
        <span className="block text-xs text-ink-muted">
          <time dateTime={order.created_at} data-testid="order-date">
            {formatLocalDate(order.created_at)}
          </time>
        </span>
      </p>
      <p className="w-16 text-ink-muted">{TEXTS.lines(units)}</p>
      <p className="w-20 text-right font-semibold" data-testid="order-total">
        {formatMoney(order.total_price)}
      </p>
      <OrderStatusBadge status={order.status} />
      <p className="w-full text-xs text-ink-muted sm:w-44" data-testid="order-payout-state">
        {PAYOUT_STATE_LABELS[order.payout_status]}
      </p>
      {returnWaiting ? (
        <p
          className="w-full text-xs font-semibold text-clay-700"
          data-testid="order-return-waiting"
        >
          {RETURN_TEXTS.brandStatus.requested}
        </p>
      ) : null}
    </article>
  );
}
