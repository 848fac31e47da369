import { TOAST_ORDER_SAVE_MS } from '@leafline/contract/constants';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import Inbox from 'lucide-react/icons/inbox';
import { type ReactNode, useState } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { pageCount } from '@/lib/seller/paged-list';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { useBusinessOrders } from '../api/get-business-orders';
import { useUpdateBusinessOrder } from '../api/update-business-order';
import { OrderEditForm } from '../components/order-edit-form';
import { OrderExportForm } from '../components/order-export-form';
import { SellerOrderCard } from '../components/seller-order-card';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { LiveOrdersStatus } from '../live/live-orders';

/**
 * SPEC §2 dashboard "orders" (the default tab): the business's orders, newest first, a page at
 * a time; each with its edit of status, tracking number and notes.
 */
export function OrdersSection({ businessId }: { businessId: number }) {
  const [page, setPage] = useSectionPage(businessId);
  const query = useBusinessOrders(businessId, page);

  const total = query.data?.total ?? 0;
  let body: ReactNode;
  if (query.isError) {
    body = (
      <RetryNotice
        message={errorMessage(query.error, SELLER_ORDERS_TEXTS.ordersFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.isPending) {
    body = (
      <LoadingRegion label="Loading your orders…">
        <div className="flex flex-col gap-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-72 w-full rounded-card" />
          ))}
        </div>
      </LoadingRegion>
    );
  } else if (query.data.items.length === 0 && total === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-sand-300 bg-white/50 px-6 py-10 text-center">
        <Inbox aria-hidden="true" className="size-10 text-sage-700" />
        <p className="text-lg font-semibold">{SELLER_ORDERS_TEXTS.noOrders}</p>
        <p className="text-ink-muted">{SELLER_ORDERS_TEXTS.noOrdersHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-ink-muted">
          {total === 1 ? '1 order' : `${total} orders`}, newest first.{' '}
          {SELLER_ORDERS_TEXTS.helpPayouts}
        </p>
        <ol className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
          {query.data.items.map((order) => (
            <li key={order.id}>
              <SellerOrderCard order={order}>
                <OrderEditRow businessId={businessId} order={order} />
              </SellerOrderCard>
            </li>
          ))}
        </ol>
        <Pagination
          page={page}
          pageCount={pageCount(total)}
          onPageChange={setPage}
          label="Orders pages"
        />
      </>
    );
  }

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
