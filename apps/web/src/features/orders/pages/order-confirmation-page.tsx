import { ORDER_REFUND_TEXTS, type Order } from '@leafline/contract/orders';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoginGate, useTokenOnEntry } from '@/components/auth/login-gate';
import { AmountRow, shippingAmount } from '@/components/order/amount-row';
import { Button, buttonClasses } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { forgetUsedPromoCode } from '@/lib/cart-promo';
import { useDocumentTitle } from '@/lib/document-title';
import { formatCents, priceToCents } from '@/lib/money';
import { addressLines, readAddress } from '@/lib/order-format';
import { useOrdersById } from '../api/get-order';
import { OrderCard } from '../components/order-card';
import { orderIdsFromSearch, readNotes } from '../lib/order-format';
import { ORDERS_TEXTS } from '../lib/orders-texts';

/** /order-confirmation?order_id=… or ?order_ids=1,2 (SPEC §2 Order confirmation, §8). */
export function OrderConfirmationPage() {
  useDocumentTitle(ORDERS_TEXTS.confirmationTitle);
  const [params] = useSearchParams();
  const orderIds = orderIdsFromSearch(params);
  const hadToken = useTokenOnEntry();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {!hadToken ? (
        <>
          <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.confirmationTitle}</h1>
          <LoginGate notice={ORDERS_TEXTS.confirmationMustLogin} action="link" tone="error" />
        </>
      ) : orderIds.length === 0 ? (
        <>
          <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.confirmationTitle}</h1>
          <Notice tone="error" className="mt-6">
            {ORDERS_TEXTS.detailsFailed}
          </Notice>
          <Link to="/myorders" className={`${buttonClasses('secondary')} mt-4`}>
            See My Orders
          </Link>
        </>
      ) : (
        <Confirmation orderIds={orderIds} />
      )}
    </div>
  );
}

function Confirmation({ orderIds }: { orderIds: number[] }) {
  const results = useOrdersById(orderIds);
  const failed = results.some((r) => r.isError);
  const loading = results.some((r) => r.isPending);

  if (failed) {
    return (
      <>
        <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.confirmationTitle}</h1>
        <div className="mt-6 flex flex-col items-start gap-4">
          <Notice tone="error">{ORDERS_TEXTS.detailsFailed}</Notice>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                for (const r of results) if (r.isError) void r.refetch();
              }}
            >
              Try again
            </Button>
            <Link to="/myorders" className={buttonClasses('ghost')}>
              See My Orders
            </Link>
          </div>
        </div>
      </>
    );
  }
  if (loading) {
    return (
      <>
        <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.confirmationTitle}</h1>
        <LoadingRegion label="Loading your order…" className="mt-6 flex flex-col gap-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-56 w-full rounded-card" />
        </LoadingRegion>
      </>
    );
  }
  const orders = results.map((r) => r.data).filter((o): o is Order => o !== undefined);
  return <ConfirmationDetails orders={orders} />;
}

function ConfirmationDetails({ orders }: { orders: Order[] }) {
  const first = orders[0];
  const address = first ? readAddress(first.shipping_address) : null;
  const grandTotal = orders.reduce((sum, o) => sum + priceToCents(o.total_price), 0);
  const discountTotal = orders.reduce((sum, o) => sum + priceToCents(o.discount_amount), 0);
  const shippingTotal = orders.reduce(
    (sum, o) => sum + priceToCents(o.order_total_shipping_fees),
    0,
  );
  const itemsTotal = orders.reduce((sum, o) => sum + priceToCents(o.items_subtotal), 0);
  const refundedTotal = orders.reduce(
    (sum, o) => sum + (o.refunded ? priceToCents(o.refunded.amount) : 0),
    0,
  );
  const code = orders.map((o) => readNotes(o)?.discount_code).find(Boolean);
  const pending = orders.some((o) => o.status === 'Pending');
  // The code chosen in the cart went into this paid purchase: the next cart starts without it.
  useEffect(() => {
    if (code && !pending) forgetUsedPromoCode(code);
  }, [code, pending]);

  return (
    <>
      <div className="flex flex-col items-start gap-3">
        <CircleCheck aria-hidden="true" className="size-10 text-sage-700" />
        <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.thankYou}</h1>
        <p className="text-lg text-ink-muted">
          {orders.length > 1
            ? `Your purchase is ${orders.length} orders, one from each brand, each shipped by the brand itself.`
            : 'Your order is with the brand, who ships it to you.'}
          {first?.user_email ? ` A confirmation is on its way to ${first.user_email}.` : ''}
        </p>
      </div>
      {pending ? (
        <Notice tone="info" className="mt-6">
          {ORDERS_TEXTS.pendingNote}
        </Notice>
      ) : null}

      <section aria-labelledby="orders-heading" className="mt-8">
        <h2 id="orders-heading" className="text-2xl font-semibold">
          {orders.length > 1 ? 'Your orders' : 'Your order'}
        </h2>
        <div className="mt-4 flex flex-col gap-4">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} headingLevel={3} />
          ))}
        </div>
      </section>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <CardSection id="ship-to" title="Shipping to">
          {address ? (
            <address className="mt-3 not-italic leading-relaxed" data-testid="confirmation-address">
              {addressLines(address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="mt-3 text-ink-muted">The address you saved at checkout.</p>
          )}
        </CardSection>
        <CardSection id="grand-total" title="Order total" tone="sand">
          <dl className="mt-3 flex flex-col gap-1.5">
            <AmountRow label={ORDERS_TEXTS.itemsSubtotal} className="text-sm" testId="items-total">
              {formatCents(itemsTotal)}
            </AmountRow>
            <AmountRow label="Shipping" className="text-sm">
              {shippingAmount(shippingTotal)}
            </AmountRow>
            {discountTotal > 0 ? (
              <AmountRow
                label={`Discount${code ? ` (${code})` : ''}`}
                className="text-sm text-forest-700"
              >
                −{formatCents(discountTotal)}
              </AmountRow>
            ) : null}
            <AmountRow label="Grand total" className="text-lg font-semibold" testId="grand-total">
              {formatCents(grandTotal)}
            </AmountRow>
            {refundedTotal > 0 ? (
              <AmountRow
                label={ORDER_REFUND_TEXTS.totalRow}
                className="text-sm text-forest-700"
                testId="refunded-total"
              >
                −{formatCents(refundedTotal)}
              </AmountRow>
            ) : null}
          </dl>
        </CardSection>
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/myorders" className={buttonClasses('primary')}>
          See My Orders
        </Link>
        <Link to="/shop" className={buttonClasses('secondary')}>
          Continue Shopping
        </Link>
      </div>
    </>
  );
}
