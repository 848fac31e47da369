import { ORDER_STATUSES, TOAST_ORDER_SAVE_MS } from '@leafline/contract/constants';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import {
  SELLER_ORDER_SEARCH_MAX,
  SELLER_ORDER_SORTS,
  type SellerOrderSort,
} from '@leafline/contract/seller-orders';
import { useQueryClient } from '@tanstack/react-query';
import ChevronUp from 'lucide-react/icons/chevron-up';
import Inbox from 'lucide-react/icons/inbox';
import Printer from 'lucide-react/icons/printer';
import SearchX from 'lucide-react/icons/search-x';
import { useCallback, useState } from 'react';
import { PickBox, SelectionBar, usePicked } from '@/components/seller/selection-bar';
import { EmptyList, type ListStates, SellerList } from '@/components/seller/seller-list';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { isApiError } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { useSearchText } from '@/lib/seller/use-search-text';
import { useSectionPage } from '@/lib/seller/use-section-page';
import { useBusinessOrderMessageSummaries } from '../api/get-business-order-message-summaries';
import {
  ALL_ORDERS,
  isAllOrders,
  type OrdersFilter,
  useBusinessOrders,
} from '../api/get-business-orders';
import { useUpdateBusinessOrder } from '../api/update-business-order';
import { BulkShipDialog } from '../components/bulk-ship-dialog';
import {
  CompactOrderRow,
  ORDER_LAYOUTS,
  type OrderLayout,
  ROWS_OVER,
  storedLayout,
  storeLayout,
} from '../components/compact-order-row';
import { OrderEditForm } from '../components/order-edit-form';
import { OrderExportForm } from '../components/order-export-form';
import { OrderMessages } from '../components/order-messages';
import { OrderRefundActions } from '../components/order-refund-actions';
import { SellerOrderReturns } from '../components/order-returns';
import { PackingSlips } from '../components/packing-slips';
import { SellerOrderCard, sellerOrderHeadingId } from '../components/seller-order-card';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { LiveOrdersStatus } from '../live/live-orders';

/** The orders list's loading, failure and page names. */
const ORDERS_LIST: ListStates = {
  failedText: SELLER_ORDERS_TEXTS.ordersFailed,
  loadingLabel: 'Loading your orders…',
  skeleton: { rows: 2, className: 'h-72 w-full rounded-card', gap: 'gap-4' },
  pagesLabel: 'Orders pages',
};

const STATUS_OPTIONS = (['', ...ORDER_STATUSES] as const).map((value) => ({
  value,
  label: SELLER_ORDERS_TEXTS.statuses[value],
}));
const SORT_OPTIONS = SELLER_ORDER_SORTS.map((value) => ({
  value,
  label: SELLER_ORDERS_TEXTS.sorts[value],
}));
const LAYOUT_OPTIONS = ORDER_LAYOUTS.map((value) => ({
  value,
  label: SELLER_ORDERS_TEXTS.layouts[value],
}));

/**
 * SPEC §2 dashboard "orders" (the default tab): the business's orders, newest first, a page at
 * a time; each with its edit of status, tracking number and notes. Issue 29: narrowed to a
 * status ("To ship" = Paid) or a search (order number, buyer's name or e-mail), oldest first
 * on demand.
 */
export function OrdersSection({ businessId }: { businessId: number }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useSectionPage(businessId);
  const [filter, setFilter] = useState<OrdersFilter>(ALL_ORDERS);
  const query = useBusinessOrders(businessId, page, filter);
  // Each order's count of messages with its buyer (decision 0051); without it none is shown.
  const messageSummaries = useBusinessOrderMessageSummaries(businessId);
  const messageCounts = new Map((messageSummaries.data ?? []).map((s) => [s.order_id, s]));
  const narrowed = !isAllOrders(filter);
  // The orders picked for "Mark shipped", of the page shown (issue 29).
  const { picked, setPicked, toggle } = usePicked();
  const [shipping, setShipping] = useState(false);
  // The orders whose packing slips are being printed (issue 29), or none.
  const [slips, setSlips] = useState<readonly SellerOrder[] | null>(null);
  const endPrinting = useCallback(() => setSlips(null), []);
  // Issue 29: compact rows that open the full card (the brand's choice, kept in this browser;
  // automatic: rows for a page of more than ROWS_OVER orders, cards for a few).
  const [layout, setLayout] = useState<OrderLayout>(storedLayout);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const open = (id: number, on: boolean) => {
    setOpened((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    // The button pressed goes away: focus goes to what took its place (the card's heading, or
    // the row's button again).
    requestAnimationFrame(() =>
      (on
        ? document.getElementById(sellerOrderHeadingId(id))
        : document.querySelector<HTMLElement>(`[data-open-order="${id}"]`)
      )?.focus(),
    );
  };
  const shown = query.data?.items ?? [];
  const selected = shown.filter((order) => picked.has(order.id));
  const change = (next: Partial<OrdersFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    // Another list: from its first page, nothing picked.
    setPage(1);
    setPicked(new Set());
  };
  const turnPage = (next: number) => {
    setPage(next);
    setPicked(new Set());
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
      onPageChange={turnPage}
    >
      {({ items, total }) => (
        <>
          <SelectionBar
            count={selected.length}
            all={items.length > 0 && items.every((order) => picked.has(order.id))}
            onAll={(on) => setPicked(on ? new Set(items.map((order) => order.id)) : new Set())}
            texts={SELECTION_TEXTS}
          >
            <Button size="sm" onClick={() => setShipping(true)} className="sm:ml-auto">
              {SELLER_ORDERS_TEXTS.markShipped}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setSlips(selected)}>
              <Printer aria-hidden="true" className="size-4" />
              {SELLER_ORDERS_TEXTS.printSlips}
            </Button>
          </SelectionBar>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {SELLER_ORDERS_TEXTS.count(total, filter.status, filter.sort, filter.q.trim() !== '')}{' '}
            {SELLER_ORDERS_TEXTS.helpPayouts}
          </p>
          <ol
            className={rows(layout, items.length) ? 'flex flex-col gap-2' : 'flex flex-col gap-4'}
            aria-busy={query.isFetching || undefined}
          >
            {items.map((order) =>
              rows(layout, items.length) && !opened.has(order.id) ? (
                <li key={order.id} className="flex items-center gap-2">
                  <PickBox
                    label={SELLER_ORDERS_TEXTS.select(order.id)}
                    checked={picked.has(order.id)}
                    onChange={(on) => toggle(order.id, on)}
                  />
                  <div className="min-w-0 flex-1">
                    <CompactOrderRow order={order} onOpen={() => open(order.id, true)} />
                  </div>
                </li>
              ) : (
                <li key={order.id} className="flex flex-col gap-2">
                  <PickBox
                    label={SELLER_ORDERS_TEXTS.select(order.id)}
                    checked={picked.has(order.id)}
                    onChange={(on) => toggle(order.id, on)}
                  />
                  {rows(layout, items.length) ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="w-fit"
                      aria-expanded={true}
                      aria-label={SELLER_ORDERS_TEXTS.close(order.id)}
                      onClick={() => open(order.id, false)}
                    >
                      <ChevronUp aria-hidden="true" className="size-4" />
                      <span aria-hidden="true">{`#${order.id}`}</span>
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="w-fit"
                    aria-label={SELLER_ORDERS_TEXTS.printSlip(order.id)}
                    onClick={() => setSlips([order])}
                  >
                    <Printer aria-hidden="true" className="size-4" />
                    <span aria-hidden="true">{SELLER_ORDERS_TEXTS.slipTitle}</span>
                  </Button>
                  <SellerOrderCard order={order}>
                    <SellerOrderReturns businessId={businessId} order={order} />
                    <OrderRefundActions businessId={businessId} order={order} />
                    <OrderEditRow businessId={businessId} order={order} />
                    <OrderMessages
                      businessId={businessId}
                      orderId={order.id}
                      summary={messageCounts.get(order.id)}
                    />
                  </SellerOrderCard>
                </li>
              ),
            )}
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
      <OrderFilters
        filter={filter}
        onChange={change}
        layout={layout}
        onLayout={(next) => {
          setLayout(next);
          storeLayout(next);
        }}
      />
      {body}
      {slips ? <PackingSlips businessId={businessId} orders={slips} onDone={endPrinting} /> : null}
      <BulkShipDialog
        businessId={businessId}
        orders={selected}
        open={shipping && selected.length > 0}
        onClose={() => setShipping(false)}
        onDone={(shipped, failures) => {
          if (shipped) toast.success(SELLER_ORDERS_TEXTS.bulkDone(shipped));
          // A list narrowed to "To ship" lets the shipped ones go.
          if (shipped && narrowed) {
            void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
          }
          // What failed stays picked, its reason shown in the dialog; the rest is done.
          setPicked(new Set(failures.map((f) => f.id)));
          if (!failures.length) setShipping(false);
        }}
      />
    </div>
  );
}

/** Whether the page shows compact rows (issue 29 point 1). */
const rows = (layout: OrderLayout, count: number) =>
  layout === 'rows' || (layout === 'auto' && count > ROWS_OVER);

const SELECTION_TEXTS = {
  selectPage: SELLER_ORDERS_TEXTS.selectPage,
  selected: SELLER_ORDERS_TEXTS.selected,
  clear: SELLER_ORDERS_TEXTS.clearSelection,
};

/**
 * The list's status, search and order. The search is sent a moment after the last key (and
 * at once on Enter), not on every letter.
 */
function OrderFilters({
  filter,
  onChange,
  layout,
  onLayout,
}: {
  filter: OrdersFilter;
  onChange: (next: Partial<OrdersFilter>) => void;
  layout: OrderLayout;
  onLayout: (layout: OrderLayout) => void;
}) {
  const { text, setText, submit } = useSearchText(filter.q, (q) => onChange({ q }));

  return (
    <search aria-label={SELLER_ORDERS_TEXTS.filtersLabel}>
      <form
        className="grid gap-3 sm:grid-cols-[12rem_1fr_11rem_11rem] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
        <SelectField
          label={SELLER_ORDERS_TEXTS.layoutLabel}
          options={LAYOUT_OPTIONS}
          value={layout}
          onChange={(event) => onLayout(event.target.value as OrderLayout)}
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
