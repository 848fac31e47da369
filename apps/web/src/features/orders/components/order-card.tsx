import { CARRIER_LABELS, TRACKING_TEXTS } from '@leafline/contract/carriers';
import { ORDER_REFUND_TEXTS, type Order, STATUS_HISTORY_TEXTS } from '@leafline/contract/orders';
import { REVIEW_LINK_TEXTS } from '@leafline/contract/reviews-texts';
import Star from 'lucide-react/icons/star';
import Truck from 'lucide-react/icons/truck';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { OrderLines } from '@/components/order/order-line';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { formatMoney, priceToCents } from '@/lib/money';
import { formatOrderDate, readNotes } from '../lib/order-format';

export interface OrderCardProps {
  order: Order;
  /** The card's heading level: 2 in My Orders, 3 under a heading on the confirmation. */
  headingLevel?: 2 | 3;
  /** What follows the order (My Orders: the messages with the brand). */
  children?: ReactNode;
}

/** One brand order: number, brand, date, status, items, shipping, discount, total, tracking. */
export function OrderCard({ order, headingLevel = 2, children }: OrderCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const notes = readNotes(order);
  const discount = priceToCents(order.discount_amount);
  const headingId = `order-${order.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border border-sand-300 bg-white/70 p-5 shadow-soft sm:p-6"
      data-testid="order-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} className="font-sans text-lg font-semibold text-forest-900">
            {`Order #${order.id} · ${order.business_name}`}
          </Heading>
          <p className="mt-0.5 text-sm text-ink-muted">
            Placed <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <OrderLines items={order.order_items} className="mt-4" />
      <ReviewLinks order={order} />

      <dl className="mt-3 flex flex-col gap-1.5 text-sm">
        <AmountRow label="Items">{formatMoney(order.items_subtotal)}</AmountRow>
        <AmountRow label="Shipping" testId="order-shipping">
          {shippingAmount(priceToCents(order.order_total_shipping_fees))}
        </AmountRow>
        {discount > 0 ? (
          <AmountRow
            label={`Discount${notes?.discount_code ? ` (${notes.discount_code})` : ''}`}
            className="text-forest-700"
            testId="order-discount"
          >
            −{formatMoney(order.discount_amount)}
          </AmountRow>
        ) : null}
        <AmountRow label="Total" className="text-base font-semibold" testId="order-total">
          {formatMoney(order.total_price)}
        </AmountRow>
      </dl>

      {order.refunded ? (
        // The brand gave the money back (issue 24 point 5): how much, and when.
        <p
          className="mt-4 rounded-xl bg-sand-100 px-3 py-2 text-sm text-forest-900"
          data-testid="order-refunded"
        >
          <span className="font-medium">{ORDER_REFUND_TEXTS.label}:</span>{' '}
          {formatMoney(order.refunded.amount)}
          {ORDER_REFUND_TEXTS.on}
          <time dateTime={order.refunded.at}>{formatOrderDate(order.refunded.at)}</time>
        </p>
      ) : null}

      <PartialRefunds order={order} />

      {order.tracking_number ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-sage-50 px-3 py-2 text-sm">
          <Truck aria-hidden="true" className="size-4 text-sage-700" />
          {order.carrier && order.carrier !== 'other'
            ? `${CARRIER_LABELS[order.carrier]} tracking number:`
            : 'Tracking number:'}{' '}
          <span className="font-mono font-medium" data-testid="order-tracking">
            {order.tracking_number}
          </span>
          {/* Issue 29: the carrier's own tracking page, for the known carriers. */}
          {order.tracking_url ? (
            <a
              href={order.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-forest-800 underline underline-offset-2 hover:text-forest-900"
            >
              {TRACKING_TEXTS.track}
              <span className="sr-only"> (opens the carrier’s site)</span>
            </a>
          ) : null}
        </p>
      ) : null}

      <StatusHistory order={order} />
      {children}
    </article>
  );
}

/**
 * The brand's partial refunds (issue 29 point 3): each amount given back, when, for which
 * lines and why. (A full refund is the line above.)
 */
function PartialRefunds({ order }: { order: Order }) {
  const partials = order.refunds.filter((r) => r.kind === 'partial');
  if (!partials.length) return null;
  return (
    <section
      aria-label={ORDER_REFUND_TEXTS.partialList}
      className="mt-4 rounded-xl bg-sand-100 px-3 py-2 text-sm text-forest-900"
    >
      <h3 className="font-medium">{ORDER_REFUND_TEXTS.partialList}</h3>
      <ul className="mt-1 flex flex-col gap-1">
        {partials.map((r) => (
          <li key={r.created_at + r.amount} data-testid="order-partial-refund">
            {`${ORDER_REFUND_TEXTS.label}: `}
            <span className="font-medium">{formatMoney(r.amount)}</span>
            {ORDER_REFUND_TEXTS.on}
            <time dateTime={r.created_at}>{formatOrderDate(r.created_at)}</time>
            {r.items.length
              ? ` — ${r.items.map((i) => `${i.quantity} × ${i.product_name}`).join(', ')}`
              : ''}
            {r.reason ? ORDER_REFUND_TEXTS.reason(r.reason) : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Review this product" for each product of a Shipped or Delivered order still in the shop
 * (issue 27): to its page's reviews, where the form is (or the buyer's review, once written).
 */
function ReviewLinks({ order }: { order: Order }) {
  if (order.status !== 'Shipped' && order.status !== 'Delivered') return null;
  const products = new Map<number, string>();
  for (const item of order.order_items) {
    if (item.product_id !== null && !products.has(item.product_id)) {
      products.set(item.product_id, item.product_name);
    }
  }
  if (products.size === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="order-review-links">
      {[...products].map(([id, name]) => (
        <li key={id}>
          <Link
            to={REVIEW_LINK_TEXTS.path(id)}
            // Named with its product (the visible words first): several links on one card.
            aria-label={`${REVIEW_LINK_TEXTS.link}: ${name}`}
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-forest-900 underline-offset-4 hover:underline"
          >
            <Star aria-hidden="true" className="size-4 text-clay-700" />
            {REVIEW_LINK_TEXTS.link}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The order's status changes, oldest first, each with its date (and tracking when shipped). */
function StatusHistory({ order }: { order: Order }) {
  if (order.status_history.length === 0) return null;
  const labelId = `order-${order.id}-history`;
  return (
    <div className="mt-4 border-t border-sand-200 pt-3">
      <p id={labelId} className="text-sm font-medium text-forest-900">
        {STATUS_HISTORY_TEXTS.label}
      </p>
      <ol
        aria-labelledby={labelId}
        className="mt-1.5 flex flex-col gap-1 text-sm text-ink-muted"
        data-testid="order-history"
      >
        {order.status_history.map((change) => {
          // The contract's words, with the date inside its <time>.
          const date = formatOrderDate(change.at);
          const text = STATUS_HISTORY_TEXTS.entry(change, date);
          const at = text.indexOf(date);
          return (
            // A status is entered once at a given instant: the pair names the change.
            <li key={`${change.at}-${change.status}`} className="flex items-baseline gap-2">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-sage-700" />
              <span>
                {text.slice(0, at)}
                <time dateTime={change.at}>{date}</time>
                {text.slice(at + date.length)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
