import { SELLER_PAGE_SIZE } from '@leafline/contract/constants';
import type { SellerReview } from '@leafline/contract/reviews';
import {
  LIVE_KEEPALIVE_MS,
  LIVE_RECONNECT_MS,
  LIVE_TEXTS,
  type LiveEvent,
  ORDER_EVENT_TYPES,
  orderEvent,
  REVIEW_EVENT_TYPE,
  reviewEvent,
} from '@leafline/contract/seller-money';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/ui/toast/use-toast';
import { apiCallStream, isApiError } from '@/lib/api-client';
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
  const narrowed = (queryKey: readonly unknown[]) => queryKey.length > key.length + 1;
  void client.invalidateQueries({
    queryKey: key,
    predicate: (q) => q.queryKey[3] !== 1 && !narrowed(q.queryKey),
    refetchType: 'none',
  });
  // A list narrowed by status or search, or oldest first (issue 29): where the order goes in
  // it is the server's to say, so it is read again (at once when shown).
  void client.invalidateQueries({ queryKey: key, predicate: (q) => narrowed(q.queryKey) });
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
 * A new review (issue 27): at the top of the cached first page of the newest reviews (once),
 * the other pages and the lowest-first order read again.
 */
export function putNewReview(client: QueryClient, businessId: number, review: SellerReview): void {
  const key = SELLER_KEYS.reviews(businessId);
  const first = SELLER_KEYS.reviewsPage(businessId, 'newest', 1);
  client.setQueryData<PagedList<SellerReview>>(first, (page) =>
    !page || page.items.some((r) => r.id === review.id)
      ? page
      : { items: [review, ...page.items].slice(0, SELLER_PAGE_SIZE), total: page.total + 1 },
  );
  void client.invalidateQueries({
    queryKey: key,
    predicate: (q) => !(q.queryKey[3] === 'newest' && q.queryKey[4] === 1),
  });
  // A first page being fetched now may answer from before the review: it is fetched again.
  if (client.isFetching({ queryKey: first }) > 0) {
    void client.invalidateQueries({ queryKey: first, exact: true });
  }
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

/** Sets what the dashboard shows of the stream. */
type SetState = (state: LiveState) => void;

/**
 * The dashboard's figures (overview, sales, and with `lists` the orders list), read again at
 * most every LIVE_REFRESH_MS; the last call within the wait wins.
 */
function refresher(client: QueryClient, businessId: number) {
  let lastRefresh = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lists = false;
  const run = () => {
    timer = undefined;
    lastRefresh = Date.now();
    if (lists) void client.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
    lists = false;
    void client.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) });
    void client.invalidateQueries({ queryKey: SELLER_KEYS.sales(businessId) });
  };
  return {
    refresh(withLists = false) {
      lists ||= withLists;
      if (timer !== undefined) return;
      const due = lastRefresh + LIVE_REFRESH_MS - Date.now();
      if (due <= 0) run();
      else timer = setTimeout(run, due);
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Whether the dashboard says the stream is away: an outage is announced ("reconnecting") only
 * if the stream is still gone LIVE_ANNOUNCE_MS after it was lost, and it ends when a stream
 * works again (backoff starts over then).
 */
function outage(setState: SetState, onStable: () => void) {
  let shown = false;
  let open = false;
  let announce: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(announce);
    announce = undefined;
  };
  return {
    get shown() {
      return shown;
    },
    setOpen(value: boolean) {
      open = value;
    },
    stable() {
      onStable();
      stop();
      if (shown) {
        shown = false;
        setState('live');
      }
    },
    lost() {
      if (shown || announce !== undefined) return;
      announce = setTimeout(() => {
        announce = undefined;
        if (open) return;
        shown = true;
        setState('reconnecting');
      }, LIVE_ANNOUNCE_MS);
    },
    stop,
  };
}

/** Adds a value to a set that keeps the SEEN_KEPT latest (it forgets the oldest). */
function remember(set: Set<number>, value: number) {
  set.add(value);
  if (set.size > SEEN_KEPT) set.delete(set.values().next().value!);
}

/**
 * What an event of the stream does: a paid order is a toast (once an order) and the top row
 * of the orders list; a changed order replaces its row; either reads the figures again. A
 * buyer's message is a toast, and the order's message counts and thread are read again; a
 * buyer's return request a toast and its row replaced (the return on it to decide). A new
 * review is a toast and the top row of the Reviews section. An event already seen (the server may send one again on resume) does nothing. Answers whether
 * the event was taken (its id is then one to resume after).
 */
function eventHandler(
  client: QueryClient,
  businessId: number,
  toast: ReturnType<typeof useToast>,
  refresh: () => void,
) {
  const seen = new Set<number>();
  const announced = new Set<number>();
  const reviewsAnnounced = new Set<number>();
  return (event: LiveEvent): boolean => {
    if (event.business !== businessId || seen.has(event.id)) return false;
    remember(seen, event.id);
    if (event.type === REVIEW_EVENT_TYPE) {
      const { review } = event;
      if (!reviewsAnnounced.has(review.id)) {
        remember(reviewsAnnounced, review.id);
        toast.success(LIVE_TEXTS.newReview(review.rating, review.product_name));
      }
      putNewReview(client, businessId, review);
      return true;
    }
    if (event.type === 'order.message') {
      // A buyer wrote about an order: a toast, and the counts and the thread read again.
      toast.success(LIVE_TEXTS.newMessage(event.order.id, event.order.user_full_name));
      replaceOrder(client, businessId, event.order);
      void client.invalidateQueries({ queryKey: SELLER_KEYS.orderMessages(businessId) });
      return true;
    }
    if (event.type === 'order.return') {
      // A buyer asked to return lines: a toast, and the card shows the return to decide.
      toast.success(LIVE_TEXTS.newReturn(event.order.id, event.order.user_full_name));
      replaceOrder(client, businessId, event.order);
      return true;
    }
    if (event.type === 'order.paid') {
      const { order } = event;
      if (!announced.has(order.id)) {
        remember(announced, order.id);
        toast.success(LIVE_TEXTS.newOrder(order.id, order.user_full_name, order.total_price));
      }
      putNewOrder(client, businessId, order);
    } else {
      replaceOrder(client, businessId, event.order);
    }
    refresh();
    return true;
  };
}

/**
 * The browser's network: going offline drops the open connection (`connection`), coming back
 * online ends the wait before the next try at once.
 */
function network(signal: AbortSignal) {
  let connection: AbortController | undefined;
  let wake: (() => void) | undefined;
  const onOffline = () => connection?.abort();
  const onOnline = () => wake?.();
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  signal.addEventListener(
    'abort',
    () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    },
    { once: true },
  );
  return {
    set connection(value: AbortController | undefined) {
      connection = value;
    },
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}

/** An event of the stream as the contract reads it, or null (another event, a bad one). */
function readLiveEvent(message: { event: string; data: string }): LiveEvent | null {
  const shape = (ORDER_EVENT_TYPES as readonly string[]).includes(message.event)
    ? orderEvent
    : message.event === REVIEW_EVENT_TYPE
      ? reviewEvent
      : undefined;
  if (!shape) return null;
  try {
    const parsed = shape.safeParse(JSON.parse(message.data));
    return parsed.success && parsed.data.type === message.event ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The business's live orders (SPEC §1 real-time purchase updates): the order event stream,
 * kept open while the dashboard is, reconnected by itself (LIVE_RECONNECT_MS with ±50 %
 * jitter, sending the last event id so the server sends what was missed; a stream silent for
 * LIVE_IDLE_MS counts as dead). A paid order is a toast and the top row of the orders list; a
 * changed order replaces its row; a new review is a toast and the top of the Reviews section.
 * Order events and every reconnect also read the overview, the sales
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
    let lastId: number | undefined;
    let failures = 0;
    let connected = false;
    setState('connecting');
    const figures = refresher(client, businessId);
    const away = outage(setState, () => {
      failures = 0;
    });
    const onEvent = eventHandler(client, businessId, toast, () => figures.refresh());
    const net = network(abort.signal);

    /** One connection: open, read until it ends; 'stop' when trying again is pointless. */
    const connect = async (): Promise<'stop' | 'again'> => {
      let stableTimer: ReturnType<typeof setTimeout> | undefined;
      const conn = new AbortController();
      net.connection = conn;
      const signal = AbortSignal.any([abort.signal, conn.signal]);
      try {
        const response = await apiCallStream(SELLER_ROUTES.orderEvents, {
          params: { businessId },
          accept: 'text/event-stream',
          timeoutMs: 0,
          signal,
          headers: lastId === undefined ? {} : { 'last-event-id': String(lastId) },
        });
        const type = response.headers.get('content-type') ?? '';
        if (!response.body || !type.startsWith('text/event-stream')) {
          // Not the stream (an old server, a proxy's page): no live updates here.
          await response.body?.cancel().catch(() => {});
          away.stop();
          setState('off');
          return 'stop';
        }
        if (abort.signal.aborted) {
          await response.body.cancel().catch(() => {});
          return 'stop';
        }
        // Back after a gap: what changed meanwhile comes from the database.
        if (connected) figures.refresh(true);
        connected = true;
        away.setOpen(true);
        if (!away.shown) setState('live');
        stableTimer = setTimeout(() => away.stable(), LIVE_STABLE_MS);
        await readEventStream(
          response.body,
          (message) => {
            const event = readLiveEvent(message);
            if (!event) return;
            away.stable();
            if (onEvent(event)) lastId = Math.max(lastId ?? 0, event.id);
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
        if (abort.signal.aborted) return 'stop';
        if (isFinal(error)) {
          away.stop();
          setState('off');
          return 'stop';
        }
      } finally {
        away.setOpen(false);
        clearTimeout(stableTimer);
        conn.abort();
        net.connection = undefined;
      }
      return abort.signal.aborted ? 'stop' : 'again';
    };

    const run = async () => {
      while ((await connect()) === 'again') {
        away.lost();
        await net.wait(reconnectDelay(failures));
        failures += 1;
        if (abort.signal.aborted) return;
      }
    };
    void run();
    return () => {
      abort.abort();
      away.stop();
      figures.stop();
    };
  }, [businessId, client, toast]);

  return state;
}
