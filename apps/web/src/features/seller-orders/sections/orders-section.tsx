import { ORDER_STATUSES, TOAST_ORDER_SAVE_MS } from '@leafline/contract/constants';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import {
  SELLER_ORDER_SEARCH_MAX,
  SELLER_ORDER_SORTS,
  type SellerOrderSort,
} from '@leafline/contract/seller-orders';
import Inbox from 'lucide-react/icons/inbox';
import SearchX from 'lucide-react/icons/search-x';
import { useEffect, useRef, useState } from 'react';
import { EmptyList, type ListStates, SellerList } from '@/components/seller/seller-list';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { isApiError } from '@/lib/api-client';
import { useSectionPage } from '@/lib/seller/use-section-page';
import {
  ALL_ORDERS,
  isAllOrders,
  type OrdersFilter,
  useBusinessOrders,
} from '../api/get-business-orders';
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

/** The wait after the last key before a search is sent. */
const SEARCH_DELAY_MS = 300;

const STATUS_OPTIONS = (['', ...ORDER_STATUSES] as const).map((value) => ({
  value,
  label: SELLER_ORDERS_TEXTS.statuses[value],
}));
const SORT_OPTIONS = SELLER_ORDER_SORTS.map((value) => ({
  value,
  label: SELLER_ORDERS_TEXTS.sorts[value],
}));

/**
 * SPEC §2 dashboard "orders" (the default tab): the business's orders, newest first, a page at
 * a time; each with its edit of status, tracking number and notes. Issue 29: narrowed to a
 * status ("To ship" = Paid) or a search (order number, buyer's name or e-mail), oldest first
 * on demand.
 */
export function OrdersSection({ businessId }: { businessId: number }) {
  const [page, setPage] = useSectionPage(businessId);
  const [filter, setFilter] = useState<OrdersFilter>(ALL_ORDERS);
  const query = useBusinessOrders(businessId, page, filter);
  const narrowed = !isAllOrders(filter);
  const change = (next: Partial<OrdersFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    // Another list: from its first page.
    setPage(1);
  };

  const body = (
    <SellerList
      query={query}
      {...ORDERS_LIST}
      empty={
        narrowed ? (
          <EmptyList
            icon={SearchX}
            title={SELLER_ORDERS_TEXTS.noMatch}
            hint={SELLER_ORDERS_TEXTS.noMatchHint}
          >
            <Button variant="secondary" onClick={() => change(ALL_ORDERS)}>
              {SELLER_ORDERS_TEXTS.showAll}
            </Button>
          </EmptyList>
        ) : (
          <EmptyList
            icon={Inbox}
            title={SELLER_ORDERS_TEXTS.noOrders}
            hint={SELLER_ORDERS_TEXTS.noOrdersHint}
          />
        )
      }
      page={page}
      onPageChange={setPage}
    >
      {({ items, total }) => (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {SELLER_ORDERS_TEXTS.count(total, filter.status, filter.sort, filter.q.trim() !== '')}{' '}
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
      <OrderFilters filter={filter} onChange={change} />
      {body}
    </div>
  );
}

/**
 * The list's status, search and order. The search is sent a moment after the last key (and
 * at once on Enter), not on every letter.
 */
function OrderFilters({
  filter,
  onChange,
}: {
  filter: OrdersFilter;
  onChange: (next: Partial<OrdersFilter>) => void;
}) {
  const [text, setText] = useState(filter.q);
  // The latest handler, so that a render of the list while typing does not restart the wait.
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  // Cleared from outside ("Show all orders"): the field follows.
  useEffect(() => setText(filter.q), [filter.q]);
  useEffect(() => {
    if (text === filter.q) return;
    const timer = setTimeout(() => latest.current({ q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filter.q]);

  return (
    <search aria-label={SELLER_ORDERS_TEXTS.filtersLabel}>
      <form
        className="grid gap-3 sm:grid-cols-[12rem_1fr_11rem] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          if (text !== filter.q) onChange({ q: text });
        }}
      >
        <SelectField
          label={SELLER_ORDERS_TEXTS.statusLabel}
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(event) => onChange({ status: event.target.value as OrdersFilter['status'] })}
        />
        <TextField
          type="search"
          label={SELLER_ORDERS_TEXTS.searchLabel}
          hint={SELLER_ORDERS_TEXTS.searchHint}
          maxLength={SELLER_ORDER_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label={SELLER_ORDERS_TEXTS.sortLabel}
          options={SORT_OPTIONS}
          value={filter.sort}
          onChange={(event) => onChange({ sort: event.target.value as SellerOrderSort })}
        />
      </form>
    </search>
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
