import { AWAITING_PAYMENT_TEXTS, type AwaitingPayment } from '@leafline/contract/orders';
import CreditCard from 'lucide-react/icons/credit-card';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { OrderLines } from '@/components/order/order-line';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatMoney, priceToCents } from '@/lib/money';
import { useCancelCheckout } from '../api/get-awaiting-payment';
import { formatOrderDate } from '../lib/order-format';

/**
 * A checkout waiting for its payment (issue 24 point 1): one entry for the whole payment,
 * whatever the number of brands, with the way back to the payment page. Not an order yet.
 */
export function AwaitingPaymentCard({ checkout }: { checkout: AwaitingPayment }) {
  const T = AWAITING_PAYMENT_TEXTS;
  const headingId = `checkout-${checkout.checkout_id}-heading`;
  const cancel = useCancelCheckout();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border border-dashed border-warning-fg/40 bg-white/70 p-5 sm:p-6"
      data-testid="awaiting-payment"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-sans text-lg font-semibold text-forest-900">
            {T.heading(checkout.business_names)}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            Started{' '}
            <time dateTime={checkout.created_at}>{formatOrderDate(checkout.created_at)}</time>
          </p>
        </div>
        <span
          className="inline-flex items-center rounded-full border border-warning-fg/25 bg-warning-bg px-3 py-0.5 text-sm font-semibold text-warning-fg"
          data-testid="order-status"
        >
          <span className="sr-only">Status: </span>
          {T.status}
        </span>
      </header>
      <p className="mt-3 text-sm text-ink">{T.note}</p>

      <OrderLines items={checkout.order_items} className="mt-4" />

      <dl className="mt-3 flex flex-col gap-1.5 text-sm">
        <AmountRow label="Items">{formatMoney(checkout.items_subtotal)}</AmountRow>
        <AmountRow label="Shipping">
          {shippingAmount(priceToCents(checkout.shipping_fees))}
        </AmountRow>
        <AmountRow label={T.total} className="text-base font-semibold">
          {formatMoney(checkout.total_price)}
        </AmountRow>
      </dl>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">{T.expires(formatOrderDate(checkout.expires_at))}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(checkout.checkout_id)}
          >
            {T.cancel}
          </Button>
          <a href={checkout.payment_url} className={buttonClasses('primary')}>
            <CreditCard aria-hidden="true" className="size-4" />
            {T.resume}
          </a>
        </div>
      </div>
      {cancel.isError ? (
        <Notice tone="error" className="mt-3">
          {T.cancelFailed}
        </Notice>
      ) : null}
    </article>
  );
}
