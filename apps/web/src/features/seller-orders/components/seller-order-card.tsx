import { COMMISSION_PERCENT } from '@leafline/contract/constants';
import { ORDER_REFUND_TEXTS } from '@leafline/contract/orders';
import {
  FREE_SHIPPING_RULE_TEXTS,
  PAYOUT_STATE_LABELS,
  REFUND_STATE_LABELS,
  type SellerOrder,
} from '@leafline/contract/seller-orders';
import CreditCard from 'lucide-react/icons/credit-card';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import type { ReactNode } from 'react';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { OrderLines } from '@/components/order/order-line';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { EmailText } from '@/components/ui/email-text';
import { cx } from '@/lib/cx';
import { formatMoney, priceToCents } from '@/lib/money';
import { addressLines, readAddress } from '@/lib/order-format';
import { OrderStock } from './order-stock';

/** The order's time in the browser's own format and time zone (SPEC §2 dashboard). */
export function formatLocalDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const PAYOUT_CLASSES: Record<SellerOrder['payout_status'], string> = {
  not_due: 'bg-sand-100 text-ink',
  waiting_for_onboarding: 'bg-warning-bg text-warning-fg',
  pending: 'bg-info-bg text-info-fg',
  retrying: 'bg-warning-bg text-warning-fg',
  paid: 'bg-success-bg text-success-fg',
  failed: 'bg-error-bg text-error-fg',
  canceled: 'bg-sand-100 text-ink',
  reversing: 'bg-warning-bg text-warning-fg',
  reversed: 'bg-sand-100 text-ink',
};

const REFUND_CLASSES: Record<NonNullable<SellerOrder['refund']>['status'], string> = {
  pending: 'bg-info-bg text-info-fg',
  succeeded: 'bg-sand-100 text-ink',
  failed: 'bg-error-bg text-error-fg',
};

/** The id of an order card's heading (focus goes there after a refund is confirmed). */
export const sellerOrderHeadingId = (orderId: number) => `seller-order-${orderId}-heading`;

/** A state beside the amounts (payout, refund): a term for screen readers and its badge. */
function StateBadge({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  // A term and its value like the rows above (a `dl` holds only those).
  return (
    <div className="flex justify-end">
      <dt className="sr-only">{term}</dt>
      <dd
        className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** The money of the order: items, shipping (and why it was free), discount, total, commission, payout and its state, the refund. */
function OrderMoney({ order }: { order: SellerOrder }) {
  const discount = priceToCents(order.discount_amount);
  const code = order.notes_data?.discount_code;
  return (
    <dl className="flex h-fit flex-col gap-1.5 rounded-xl bg-sand-100/70 p-4 text-sm">
      <AmountRow label="Items">{formatMoney(order.items_subtotal)}</AmountRow>
      <AmountRow label={FREE_SHIPPING_RULE_TEXTS.shippingPaid} testId="order-shipping">
        {shippingAmount(priceToCents(order.order_total_shipping_fees))}
      </AmountRow>
      {order.free_shipping_reason ? (
        // Why the brand's fee was not charged (DESIGN 2.6), recorded at checkout.
        <div className="-mt-1 flex justify-end">
          <dt className="sr-only">Why shipping is free</dt>
          <dd className="text-xs text-ink-muted" data-testid="order-shipping-note">
            {FREE_SHIPPING_RULE_TEXTS.reasons[order.free_shipping_reason]}
          </dd>
        </div>
      ) : null}
      {discount > 0 ? (
        <AmountRow label={`Discount${code ? ` (${code})` : ''}`} testId="order-discount">
          −{formatMoney(order.discount_amount)}
        </AmountRow>
      ) : null}
      <AmountRow label="Total" className="font-semibold" testId="order-total">
        {formatMoney(order.total_price)}
      </AmountRow>
      <AmountRow
        label={`Commission (${COMMISSION_PERCENT})`}
        className="text-ink-muted"
        testId="order-commission"
      >
        −{formatMoney(order.commission)}
      </AmountRow>
      <AmountRow
        label="Your payout"
        className="border-t border-sand-300 pt-1.5 text-base font-semibold"
        testId="order-payout"
      >
        {formatMoney(order.payout)}
      </AmountRow>
      <StateBadge
        term="Payout status"
        className={PAYOUT_CLASSES[order.payout_status]}
        testId="order-payout-state"
      >
        {PAYOUT_STATE_LABELS[order.payout_status]}
      </StateBadge>
      {order.refund ? <OrderRefund refund={order.refund} /> : null}
      <PartialRefunds order={order} />
    </dl>
  );
}

/** The order's partial refunds (issue 29 point 3): amount, lines, reason, where each stands. */
function PartialRefunds({ order }: { order: SellerOrder }) {
  const partials = order.refunds.filter((r) => r.kind === 'partial');
  if (!partials.length) return null;
  return (
    <div className="flex flex-col gap-1 border-t border-sand-300 pt-1.5">
      <dt className="font-medium">{ORDER_REFUND_TEXTS.partialList}</dt>
      {partials.map((r) => (
        <dd key={r.created_at + r.amount} className="text-xs" data-testid="order-partial-refund">
          <span className="font-semibold">{formatMoney(r.amount)}</span>
          {r.items.length
            ? ` — ${r.items.map((i) => `${i.quantity} × ${i.product_name}`).join(', ')}`
            : ''}
          {r.reason ? ORDER_REFUND_TEXTS.reason(r.reason) : ''}
          {' · '}
          <span className={r.status === 'failed' ? 'text-error-fg' : undefined}>
            {REFUND_STATE_LABELS[r.status]}
            {r.error ? `: ${r.error}` : ''}
          </span>
        </dd>
      ))}
    </div>
  );
}

/** The refund: its amount, its state and, when it failed, the provider's reason. */
function OrderRefund({ refund }: { refund: NonNullable<SellerOrder['refund']> }) {
  return (
    <>
      <AmountRow
        label="Refund to the buyer"
        className="border-t border-sand-300 pt-1.5"
        testId="order-refund"
      >
        {formatMoney(refund.amount)}
      </AmountRow>
      <StateBadge
        term="Refund status"
        className={REFUND_CLASSES[refund.status]}
        testId="order-refund-state"
      >
        {REFUND_STATE_LABELS[refund.status]}
      </StateBadge>
      {refund.error ? (
        <div>
          <dt className="sr-only">Why the refund failed</dt>
          <dd className="text-xs break-words text-error-fg" data-testid="order-refund-error">
            {refund.error}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/** Where the order goes and how it was paid. */
function ShippingAndPayment({ order }: { order: SellerOrder }) {
  const address = readAddress(order.shipping_address);
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <h4 className="flex items-center gap-1.5 font-medium text-forest-900">
          <MapPin aria-hidden="true" className="size-4" />
          Shipping address
        </h4>
        {address ? (
          <address className="mt-1 not-italic" data-testid="order-address">
            {addressLines(address).map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
            {address.phone ? <span className="block">{address.phone}</span> : null}
          </address>
        ) : (
          <p className="mt-1 text-ink-muted">No shipping address given.</p>
        )}
      </div>
      <div>
        <h4 className="flex items-center gap-1.5 font-medium text-forest-900">
          <CreditCard aria-hidden="true" className="size-4" />
          Payment
        </h4>
        <p className="mt-1 capitalize" data-testid="order-card-brand">
          {order.card_brand || 'Not paid yet'}
        </p>
      </div>
    </div>
  );
}

/**
 * One order as its seller fulfils it: number, date, status, buyer, items, what it did to the
 * stock (issue 26), amounts with the payout after the 3 % commission and its state, the refund
 * when there is one (amount, state, the provider's reason when it failed), shipping address,
 * card brand, and the edit form.
 */
export function SellerOrderCard({
  order,
  children,
}: {
  order: SellerOrder;
  /** The edit form. */
  children: ReactNode;
}) {
  const headingId = sellerOrderHeadingId(order.id);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-6"
      data-testid="seller-order"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={headingId}
            tabIndex={-1}
            className="font-sans text-lg font-semibold text-forest-900"
          >
            {`Order #${order.id}`}
          </h3>
          <p className="mt-0.5 text-sm text-ink-muted">
            Placed{' '}
            <time dateTime={order.created_at} data-testid="order-date">
              {formatLocalDate(order.created_at)}
            </time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-label="Buyer" className="text-sm">
            <p className="font-medium break-words" data-testid="order-buyer">
              {order.user_full_name || 'Buyer'}
            </p>
            <p className="flex items-center gap-1.5 break-words text-ink-muted">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a href={`mailto:${order.user_email}`} className="min-w-0 underline-offset-2">
                <EmailText email={order.user_email} />
              </a>
            </p>
          </section>
          <OrderLines items={order.order_items} label="Items" />
          <OrderStock order={order} />
          <ShippingAndPayment order={order} />
        </div>
        <OrderMoney order={order} />
      </div>
      {children}
    </article>
  );
}
