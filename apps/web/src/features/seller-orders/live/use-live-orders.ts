import { SELLER_PAGE_SIZE } from '@leafline/contract/constants';
import {
  LIVE_KEEPALIVE_MS,
  LIVE_RECONNECT_MS,
  LIVE_TEXTS,
  type OrderEvent,
  orderEvent,
  orderEventsPath,
} from '@leafline/contract/seller-money';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/ui/toast/use-toast';
import { apiFetchStream, isApiError } from '@/lib/api-client';
import { getAccessToken, getRefreshToken } from '@/lib/auth-tokens';
import type { PagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { readEventStream } from './event-stream';

/** `connecting` until the first answer, `live` while the stream is open, else `reconnecting`. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'off';

/** Event ids a dashboard remembers having shown (the server may send one again on resume). */
const SEEN_KEPT = 1_000;
/** Nothing at all (not even a keep-alive) for this long: the connection is dead. */
export const LIVE_IDLE_MS = 2 * LIVE_KEEPALIVE_MS;
/** A stream open this long (or one that brought an event) ends the outage: backoff starts over. */
export const LIVE_STABLE_MS = 5_000;
/** An outage is announced ("reconnecting") only once it lasted this long. */
export const LIVE_ANNOUNCE_MS = 2_000;
/** The dashboard's figures are read again at most this often because of live events. */
export const LIVE_REFRESH_MS = 2_000;

/** The wait before reconnect number `failures` (0 first): the step, ±50 % so dashboards spread. */
export const reconnectDelay = (failures: number, random = Math.random()) =>
  Math.round(LIVE_RECONNECT_MS[Math.min(failures, LIVE_RECONNECT_MS.length - 1)]! * (0.5 + random));

type OrdersPage = PagedList<SellerOrder>;

/** A paid order: at the top of the cached first page (once), the other pages out of date. */
export function putNewOrder(client: QueryClient, businessId: number, order: SellerOrder): void {
  const key = SELLER_KEYS.orders(businessId);
  // An order already counted (listed as Pending on a later page) is not one more.
  const known = client
    .getQueriesData<OrdersPage>({ queryKey: key })
    .some(([, page]) => page?.items.some((o) => o.id === order.id));
  client.setQueryData<OrdersPage>([...key, 1], (page) => {
    if (!page) return page;
    if (page.items.some((o) => o.id === order.id)) {
      return { ...page, items: page.items.map((o) => (o.id === order.id ? order : o)) };
    }
    return {
      items: [order, ...page.items].slice(0, SELLER_PAGE_SIZE),
      total: known ? page.total : page.total + 1,
    };
  });
  // A first page being fetched now may answer from before the order: it is fetched again.
  if (client.isFetching({ queryKey: [...key, 1] }) > 0) {
    void client.invalidateQueries({ queryKey: [...key, 1], exact: true });
  }
  // The later pages moved down by one: fetched again when shown.
  void client.invalidateQueries({
    queryKey: key,
    predicate: (q) => q.queryKey[3] !== 1,
    refetchType: 'none',
  });
}

/** A changed order: its row replaced wherever a cached page holds it. */
export function replaceOrder(client: QueryClient, businessId: number, order: SellerOrder): void {
  client.setQueriesData<OrdersPage>({ queryKey: SELLER_KEYS.orders(businessId) }, (page) =>
    page?.items.some((o) => o.id === order.id)
      ? { ...page, items: page.items.map((o) => (o.id === order.id ? order : o)) }
      : page,
  );
}

/**
 * Whether an error means trying again is pointless (not the owner, signed out). A 401 is final
 * only once the session has ended; while tokens remain (a refresh that failed for a moment) it
 * is tried again.
 */
const isFinal = (error: unknown) =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status) &&
  (error.status !== 401 || (!getAccessToken() && !getRefreshToken()));

/**
 * The business's live orders (SPEC §1 real-time purchase updates): the order event stream,
 * kept open while the dashboard is, reconnected by itself (LIVE_RECONNECT_MS with ±50 %
 * jitter, sending the last event id so the server sends what was missed; a stream silent for
 * LIVE_IDLE_MS counts as dead). A paid order is a toast and the top row of the orders list; a
 * changed order replaces its row. Events and every reconnect also read the overview, the sales
 * and (on reconnect) the list again, at most every LIVE_REFRESH_MS. An outage is announced
 * once, after LIVE_ANNOUNCE_MS, and ends when a stream stays open or brings an event. The
 * browser going offline drops the connection; coming back online reconnects at once.
 */
export function useLiveOrders(businessId: number): LiveState {
  const client = useQueryClient();
  const toast = useToast();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    const abort = new AbortController();
    const seen = new Set<number>();
    /** Orders announced already: one toast an order, whatever comes again. */
    const announced = new Set<number>();
    let lastId: number | undefined;
    let failures = 0;
    let connected = false;
    /** A stream is open right now. */
    let open = false;
    /** The outage has been announced ("reconnecting" shown). */
    let shown = false;
    let announce: ReturnType<typeof setTimeout> | undefined;
    setState('connecting');

    // The dashboard's figures, read again at most every LIVE_REFRESH_MS (the last call wins).
    let lastRefresh = -Infinity;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshLists = false;
    const doRefresh = () => {
      refreshTimer = undefined;
      lastRefresh = Date.now();
      if (refreshLists) void client.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
      refreshLists = false;
      void client.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) });
      void client.invalidateQueries({ queryKey: SELLER_KEYS.sales(businessId) });
    };
    const refresh = (lists = false) => {
      refreshLists ||= lists;
      if (refreshTimer !== undefined) return;
      const due = lastRefresh + LIVE_REFRESH_MS - Date.now();
      if (due <= 0) doRefresh();
      else refreshTimer = setTimeout(doRefresh, due);
    };

    /** The stream works again: backoff starts over, and an announced outage ends. */
    const stable = () => {
      failures = 0;
      clearTimeout(announce);
      announce = undefined;
      if (shown) {
        shown = false;
        setState('live');
      }
    };
    /** The stream is gone: said once, if it is still gone a moment later. */
    const lost = () => {
      if (shown || announce !== undefined) return;
      announce = setTimeout(() => {
        announce = undefined;
        if (open) return;
        shown = true;
        setState('reconnecting');
      }, LIVE_ANNOUNCE_MS);
    };

    const onEvent = (event: OrderEvent) => {
      if (event.business !== businessId || seen.has(event.id)) return;
      seen.add(event.id);
      if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value!);
      lastId = Math.max(lastId ?? 0, event.id);
      if (event.type === 'order.paid') {
        const { order } = event;
        if (!announced.has(order.id)) {
          announced.add(order.id);
          if (announced.size > SEEN_KEPT) announced.delete(announced.values().next().value!);
          toast.success(LIVE_TEXTS.newOrder(order.id, order.user_full_name, order.total_price));
        }
        putNewOrder(client, businessId, order);
      } else {
        replaceOrder(client, businessId, event.order);
      }
      refresh();
    };

    /** The open connection's own abort (the browser offline), beside the dashboard's. */
    let connection: AbortController | undefined;
    /** Ends the wait before the next try (the browser is back online). */
    let wake: (() => void) | undefined;
    const onOffline = () => connection?.abort();
    const onOnline = () => wake?.();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    abort.signal.addEventListener(
      'abort',
      () => {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('online', onOnline);
      },
      { once: true },
    );

    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          abort.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
        abort.signal.addEventListener('abort', done, { once: true });
      });

    const run = async () => {
      while (!abort.signal.aborted) {
        let stableTimer: ReturnType<typeof setTimeout> | undefined;
        const conn = new AbortController();
        connection = conn;
        const signal = AbortSignal.any([abort.signal, conn.signal]);
        try {
          const response = await apiFetchStream(orderEventsPath(businessId), {
            accept: 'text/event-stream',
            timeoutMs: 0,
            signal,
            headers: lastId === undefined ? {} : { 'last-event-id': String(lastId) },
          });
          const type = response.headers.get('content-type') ?? '';
          if (!response.body || !type.startsWith('text/event-stream')) {
            // Not the stream (an old server, a proxy's page): no live updates here.
            await response.body?.cancel().catch(() => {});
            clearTimeout(announce);
            setState('off');
            return;
          }
          if (abort.signal.aborted) {
            await response.body.cancel().catch(() => {});
            return;
          }
          // Back after a gap: what changed meanwhile comes from the database.
          if (connected) refresh(true);
          connected = true;
          open = true;
          if (!shown) setState('live');
          stableTimer = setTimeout(stable, LIVE_STABLE_MS);
          await readEventStream(
            response.body,
            (message) => {
              if (message.event !== 'order.paid' && message.event !== 'order.updated') return;
              let json: unknown;
              try {
                json = JSON.parse(message.data);
              } catch {
                return;
              }
              const parsed = orderEvent.safeParse(json);
              if (!parsed.success) return;
              stable();
              onEvent(parsed.data);
            },
            signal,
            {
              idleMs: LIVE_IDLE_MS,
              // The stream's start (an id without event) is where a resume begins too.
              onId: (id) => {
                const n = Number(id);
                if (/^\d{1,10}$/.test(id) && n > (lastId ?? 0)) lastId = n;
              },
            },
          );
        } catch (error) {
          if (abort.signal.aborted) return;
          if (isFinal(error)) {
            clearTimeout(announce);
            setState('off');
            return;
          }
        } finally {
          open = false;
          clearTimeout(stableTimer);
          conn.abort();
          connection = undefined;
        }
        if (abort.signal.aborted) return;
        lost();
        await wait(reconnectDelay(failures));
        failures += 1;
      }
    };
    void run();
    return () => {
      abort.abort();
      clearTimeout(announce);
      clearTimeout(refreshTimer);
    };
  }, [businessId, client, toast]);

  return state;
}
