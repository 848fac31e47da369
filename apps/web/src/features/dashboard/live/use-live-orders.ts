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
import { businessOrdersKey } from '../api/get-business-orders';
import { businessOverviewQueryKey } from '../api/get-business-overview';
import type { PagedList } from '../lib/paged-list';
import { readSse } from './sse-reader';

/** `connecting` until the first answer, `live` while the stream is open, else `reconnecting`. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'off';

/** Event ids a dashboard remembers having shown (the server may send one again on resume). */
const SEEN_KEPT = 1_000;

/**
 * A stream that brought nothing (not even its keep-alive) for this long is taken for dead: a
 * connection lost without a word (network gone, laptop asleep) never ends by itself.
 */
export const LIVE_SILENCE_MS = LIVE_KEEPALIVE_MS * 2 + 5_000;

type OrdersPage = PagedList<SellerOrder>;

/** A paid order: at the top of the cached first page (once), the other pages out of date. */
export function putNewOrder(client: QueryClient, businessId: number, order: SellerOrder): void {
  const key = businessOrdersKey(businessId);
  client.setQueryData<OrdersPage>([...key, 1], (page) => {
    if (!page) return page;
    if (page.items.some((o) => o.id === order.id)) {
      return { ...page, items: page.items.map((o) => (o.id === order.id ? order : o)) };
    }
    return {
      items: [order, ...page.items].slice(0, SELLER_PAGE_SIZE),
      total: page.total + 1,
    };
  });
  // The later pages moved down by one: fetched again when shown.
  void client.invalidateQueries({
    queryKey: key,
    predicate: (q) => q.queryKey[3] !== 1,
    refetchType: 'none',
  });
}

/** A changed order: its row replaced wherever a cached page holds it. */
export function replaceOrder(client: QueryClient, businessId: number, order: SellerOrder): void {
  client.setQueriesData<OrdersPage>({ queryKey: businessOrdersKey(businessId) }, (page) =>
    page?.items.some((o) => o.id === order.id)
      ? { ...page, items: page.items.map((o) => (o.id === order.id ? order : o)) }
      : page,
  );
}

/** Whether an error means trying again is pointless (not the owner, signed out). */
const isFinal = (error: unknown) =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);

/**
 * The business's live orders (SPEC §1 real-time purchase updates): the order event stream,
 * kept open while the dashboard is, reconnected by itself (LIVE_RECONNECT_MS, sending the last
 * event id so the server sends what was missed). A paid order is a toast and the top row of
 * the orders list; a changed order replaces its row. Every reconnect also reloads the lists.
 * The browser going offline, or a stream silent for LIVE_SILENCE_MS, drops the connection
 * (the dashboard says it is reconnecting); coming back online reconnects at once.
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
    setState('connecting');

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
        void client.invalidateQueries({ queryKey: businessOverviewQueryKey(businessId) });
        void client.invalidateQueries({ queryKey: ['dashboard', 'sales', businessId] });
      } else {
        replaceOrder(client, businessId, event.order);
      }
    };

    /** The open connection's own abort (offline, silence), beside the dashboard's. */
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

    /** The body, its connection aborted when nothing came for LIVE_SILENCE_MS. */
    const watched = (body: ReadableStream<Uint8Array>, conn: AbortController) => {
      let timer = setTimeout(() => conn.abort(), LIVE_SILENCE_MS);
      conn.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      return body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            clearTimeout(timer);
            if (!conn.signal.aborted) timer = setTimeout(() => conn.abort(), LIVE_SILENCE_MS);
            controller.enqueue(chunk);
          },
          flush() {
            clearTimeout(timer);
          },
        }),
      );
    };

    const run = async () => {
      while (!abort.signal.aborted) {
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
            setState('off');
            return;
          }
          if (abort.signal.aborted) {
            await response.body.cancel().catch(() => {});
            return;
          }
          // Back after a gap: what changed meanwhile comes from the database.
          if (connected) {
            void client.invalidateQueries({ queryKey: businessOrdersKey(businessId) });
          }
          connected = true;
          failures = 0;
          setState('live');
          await readSse(
            watched(response.body, conn),
            (message) => {
              if (message.event !== 'order.paid' && message.event !== 'order.updated') return;
              let json: unknown;
              try {
                json = JSON.parse(message.data);
              } catch {
                return;
              }
              const parsed = orderEvent.safeParse(json);
              if (parsed.success) onEvent(parsed.data);
            },
            signal,
            // The stream's start (an id without event) is where a resume begins too.
            (id) => {
              const n = Number(id);
              if (/^\d{1,15}$/.test(id) && n > (lastId ?? 0)) lastId = n;
            },
          );
        } catch (error) {
          if (abort.signal.aborted) return;
          if (isFinal(error)) {
            setState('off');
            return;
          }
        } finally {
          conn.abort();
          connection = undefined;
        }
        if (abort.signal.aborted) return;
        setState('reconnecting');
        await wait(LIVE_RECONNECT_MS[Math.min(failures, LIVE_RECONNECT_MS.length - 1)]!);
        failures += 1;
      }
    };
    void run();
    return () => abort.abort();
  }, [businessId, client, toast]);

  return state;
}
