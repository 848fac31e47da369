import { TOAST_ORDER_SAVE_MS } from '@leafline/contract/constants';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import Inbox from 'lucide-react/icons/inbox';
import { useState } from 'react';
import { EmptyList, type ListStates, SellerList } from '@/components/seller/seller-list';
import { useToast } from '@/components/ui/toast/use-toast';
import { isApiError } from '@/lib/api-client';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { useBusinessOrders } from '../api/get-business-orders';
import { useUpdateBusinessOrder } from '../api/update-business-order';
import { OrderEditForm } from '../components/order-edit-form';
import { OrderExportForm } from '../components/order-export-form';
import { SellerOrderCard } from '../components/seller-order-card';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { LiveOrdersStatus } from '../live/live-orders';

/** The orders list's loading, failure and page names. */
const ORDERS_LIST: ListStates = {
  failedText: SELLER_ORDERS_TEXTS.ordersFailed,
  loadingLabel: 'Loading your orders…',
  skeleton: { rows: 2, className: 'h-72 w-full rounded-card', gap: 'gap-4' },
  pagesLabel: 'Orders pages',
};

/**
 * SPEC §2 dashboard "orders" (the default tab): the business's orders, newest first, a page at
 * a time; each with its edit of status, tracking number and notes.
 */
export function OrdersSection({ businessId }: { businessId: number }) {
  const [page, setPage] = useSectionPage(businessId);
  const query = useBusinessOrders(businessId, page);

  const body = (
    <SellerList
      query={query}
      {...ORDERS_LIST}
      empty={
        <EmptyList
          icon={Inbox}
          title={SELLER_ORDERS_TEXTS.noOrders}
          hint={SELLER_ORDERS_TEXTS.noOrdersHint}
        />
      }
      page={page}
      onPageChange={setPage}
    >
      {({ items, total }) => (
        <>
          <p className="text-sm text-ink-muted">
            {total === 1 ? '1 order' : `${total} orders`}, newest first.{' '}
            {SELLER_ORDERS_TEXTS.helpPayouts}
          </p>
          <ol className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
            {items.map((order) => (
              <li key={order.id}>
                <SellerOrderCard order={order}>
                  <OrderEditRow businessId={businessId} order={order} />
                </SellerOrderCard>
              </li>
            ))}
          </ol>
        </>
      )}
    </SellerList>
  );

  return (
    // The dashboard names the section (its h2); this is its content.
    <div className="flex flex-col gap-4">
      <LiveOrdersStatus businessId={businessId} />
      <OrderExportForm businessId={businessId} />
      {body}
    </div>
  );
}

/**
 * One order's edit form with its own save: a refund can take seconds, and saving another
 * order meanwhile must not take its answer (the refusal, the toast) or its busy state away.
 */
function OrderEditRow({ businessId, order }: { businessId: number; order: SellerOrder }) {
  const toast = useToast();
  const updateOrder = useUpdateBusinessOrder(businessId);
  const [saveError, setSaveError] = useState<string | null>(null);
  return (
    <OrderEditForm
      order={order}
      saving={updateOrder.isPending}
      error={saveError}
      onSave={(changes) => {
        setSaveError(null);
        updateOrder.mutate(
          { orderId: order.id, body: changes },
          {
            onSuccess: () => toast.success(SELLER_ORDERS_TEXTS.orderSaved, TOAST_ORDER_SAVE_MS),
            onError: (error) => {
              // SPEC §8's text, with the server's reason when it gave one.
              const reason = isApiError(error) && error.hasServerMessage ? ` ${error.message}` : '';
              setSaveError(`${SELLER_ORDERS_TEXTS.orderUpdateFailed}${reason}`);
            },
          },
        );
      }}
    />
  );
}
