import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import Package from 'lucide-react/icons/package';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginGate } from '@/components/auth/login-gate';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/document-title';
import { useAwaitingPayment } from '../api/get-awaiting-payment';
import { useOrderMessageSummaries } from '../api/get-order-message-summaries';
import { useOrders } from '../api/get-orders';
import { AwaitingPaymentCard } from '../components/awaiting-payment-card';
import { CancelOrder } from '../components/cancel-order';
import { OrderCard } from '../components/order-card';
import { OrderMessages } from '../components/order-messages';
import { OrderReturns } from '../components/order-returns';
import { newestFirst } from '../lib/order-format';
import { ORDERS_TEXTS } from '../lib/orders-texts';

/** /myorders (SPEC §2 Orders): the page on its own. */
export function OrdersPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <MyOrders />
    </div>
  );
}

/** /account/orders: the same list inside the account area (which gives the page its width). */
export function AccountOrdersPage() {
  return <MyOrders />;
}

/**
 * SPEC §2, §4, §8 buyer orders: loading, error (the text, then /logout/), empty
 * ('No orders found.') or the list, newest first. Without a token it says to log in.
 */
function MyOrders() {
  useDocumentTitle(ORDERS_TEXTS.title);
  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">{ORDERS_TEXTS.title}</h1>
      <LoginGate notice={ORDERS_TEXTS.mustLogin} action="link" tone="error">
        <OrdersList />
      </LoginGate>
    </div>
  );
}

function OrdersList() {
  const navigate = useNavigate();
  const orders = useOrders();
  // A checkout still waiting for payment: one entry above the orders (issue 24 point 1). Its
  // failure hides only that entry; the orders are what the page is about.
  const awaiting = useAwaitingPayment();
  const open = awaiting.data ?? [];
  // The count of each order's messages with its brand (decision 0051); without it the sections
  // show none and still open.
  const summaries = useOrderMessageSummaries();
  const messageCounts = new Map((summaries.data ?? []).map((s) => [s.order_id, s]));

  // SPEC §4: a failed load ends at /logout/; the message is shown for a moment first.
  useEffect(() => {
    if (!orders.isError) return;
    const timer = setTimeout(() => navigate('/logout', { replace: true }), AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [orders.isError, navigate]);

  if (orders.isPending || awaiting.isPending) {
    return (
      <LoadingRegion label="Loading your orders…" className="mt-6 flex flex-col gap-4">
        {[0, 1].map((i) => (
          <div key={i} className="rounded-card border border-sand-300 bg-white/70 p-6">
            <div className="flex justify-between">
              <Skeletons shapes={['h-6 w-48', 'h-6 w-20 rounded-full']} />
            </div>
            <Skeletons shapes={['mt-2 h-4 w-40', 'mt-5 h-14 w-full', 'mt-4 ml-auto h-5 w-28']} />
          </div>
        ))}
      </LoadingRegion>
    );
  }
  if (orders.isError) {
    return (
      <Notice tone="error" className="mt-6">
        {ORDERS_TEXTS.loadFailed}
      </Notice>
    );
  }
  if (orders.data.length === 0 && open.length === 0) {
    return (
      <div
        className={cx(
          'mt-6 flex flex-col items-center rounded-card border border-sand-300 bg-sand-100 px-6 py-12 text-center',
        )}
      >
        <Package aria-hidden="true" className="size-10 text-sage-700" />
        <p className="mt-4 text-xl font-semibold text-forest-900">{ORDERS_TEXTS.empty}</p>
        <p className="mt-2 max-w-md text-ink-muted">{ORDERS_TEXTS.emptyHint}</p>
        <Link to="/shop" className={`${buttonClasses('primary')} mt-6`}>
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <>
      {open.map((checkout) => (
        <div key={checkout.checkout_id} className="mt-6">
          <AwaitingPaymentCard checkout={checkout} />
        </div>
      ))}
      {orders.data.length > 0 ? (
        <ol className="mt-6 flex flex-col gap-4" aria-label="Your orders, newest first">
          {newestFirst(orders.data).map((order) => (
            <li key={order.id}>
              <OrderCard order={order}>
                <CancelOrder order={order} />
                <OrderReturns order={order} />
                <OrderMessages orderId={order.id} summary={messageCounts.get(order.id)} />
              </OrderCard>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
