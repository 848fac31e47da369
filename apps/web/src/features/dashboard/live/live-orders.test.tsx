import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import { LIVE_TEXTS, type OrderEvent } from '@leafline/contract/seller-money';
import { PAYOUT_STATE_LABELS, type SellerOrder } from '@leafline/contract/seller-orders';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { OrdersSection } from '../sections/orders-section';
import { LiveOrders } from './live-orders';
import { LIVE_SILENCE_MS } from './use-live-orders';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const EVENTS = '/api/business/orders/3/events/';

/** The dashboard's server: the orders list, and event streams the test writes into. */
function server(orders: SellerOrder[]) {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const cancelled = { count: 0 };
  const encoder = new TextEncoder();
  const state = { fail: false };
  const mock = mockFetch((call) => {
    if (call.url === EVENTS && state.fail) throw new TypeError('Failed to fetch');
    if (call.url === EVENTS) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(encoder.encode('retry: 500\n\n'));
        },
        cancel() {
          cancelled.count += 1;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (call.url.startsWith('/api/business/orders/3/?page=')) {
      return jsonResponse(200, orders, { [TOTAL_COUNT_HEADER]: String(orders.length) });
    }
    if (call.url.startsWith('/api/business/overview/3/')) return jsonResponse(200, {});
    return jsonResponse(404, { error: 'Not found' });
  });
  const send = (event: OrderEvent, raw?: string) =>
    streams
      .at(-1)!
      .enqueue(
        encoder.encode(
          raw ?? `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
        ),
      );
  const streamCalls = () => mock.calls.filter((c: RecordedCall) => c.url === EVENTS);
  const listCalls = () => mock.calls.filter((c: RecordedCall) => c.url.includes('?page='));
  return {
    ...mock,
    streams,
    cancelled,
    send,
    streamCalls,
    listCalls,
    /** `state.fail`: while true, opening the stream fails as fetch fails offline. */
    state,
  };
}

const paid = (id: number, order: SellerOrder): OrderEvent => ({
  id,
  type: 'order.paid',
  business: 3,
  order,
});

/** The order numbers of the list's cards, top first. */
const cardOrder = () =>
  screen
    .getAllByRole('heading', { name: /^Order #\d+/ })
    .map((h) => Number(/#(\d+)/.exec(h.textContent ?? '')?.[1]));

function renderDashboardOrders() {
  return renderSection(
    <>
      <LiveOrders businessId={3} />
      <OrdersSection businessId={3} />
    </>,
    '/dashboard/orders',
  );
}

describe('live orders on the dashboard', () => {
  it('a paid order is a toast and the top row, once, however often it comes', async () => {
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    expect(await screen.findByText(LIVE_TEXTS.live)).toBeTruthy();
    expect(
      screen.getByText(LIVE_TEXTS.live).closest('[aria-live]')?.getAttribute('aria-live'),
    ).toBe('polite');
    await screen.findByRole('heading', { name: /^Order #41/ });

    const fresh = sellerOrder({ id: 57, user_full_name: 'Grace Hopper', total_price: '18.50' });
    s.send(paid(101, fresh));
    expect(await screen.findByText(LIVE_TEXTS.newOrder(57, 'Grace Hopper', '18.50'))).toBeTruthy();
    await waitFor(() => expect(cardOrder()).toEqual([57, 41]));
    expect(screen.getByText(/2 orders/)).toBeTruthy();

    // The same event again (a resume sends it twice), then another event of the same order.
    s.send(paid(101, fresh));
    s.send(paid(102, { ...fresh, tracking_number: '1Z42' }));
    const later = sellerOrder({ id: 58, user_full_name: 'Alan Turing', total_price: '9.00' });
    s.send(paid(103, later));
    await waitFor(() => expect(cardOrder()).toEqual([58, 57, 41]));
    expect(screen.getAllByText(LIVE_TEXTS.newOrder(57, 'Grace Hopper', '18.50'))).toHaveLength(1);
  });

  it('an updated order replaces its row', async () => {
    const s = server([sellerOrder({ id: 41 }), sellerOrder({ id: 40, user_full_name: 'Ann' })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    await screen.findByRole('heading', { name: /^Order #40/ });
    s.send({
      id: 7,
      type: 'order.updated',
      business: 3,
      order: sellerOrder({
        id: 40,
        user_full_name: 'Ann',
        status: 'Shipped',
        payout_status: 'paid',
      }),
    });
    const card = () =>
      within(screen.getByRole('heading', { name: /^Order #40/ }).closest('article') as HTMLElement);
    expect(await card().findByText(PAYOUT_STATE_LABELS.paid)).toBeTruthy();
    expect(card().getAllByText('Shipped').length).toBeGreaterThan(0);
    expect(cardOrder()).toEqual([41, 40]);
  });

  it('reconnects by itself, sending the last event id, and reloads the list', async () => {
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    await screen.findByRole('heading', { name: /^Order #41/ });
    expect(s.streamCalls()[0]?.headers['last-event-id']).toBeUndefined();
    expect(s.streamCalls()[0]?.headers.accept).toBe('text/event-stream');
    s.send(paid(230, sellerOrder({ id: 60 })));
    await waitFor(() => expect(cardOrder()).toEqual([60, 41]));
    const listsBefore = s.listCalls().length;

    s.streams.at(-1)!.close();
    expect(await screen.findByText(LIVE_TEXTS.reconnecting)).toBeTruthy();
    await waitFor(() => expect(s.streamCalls()).toHaveLength(2), { timeout: 3000 });
    expect(s.streamCalls()[1]?.headers['last-event-id']).toBe('230');
    expect(await screen.findByText(LIVE_TEXTS.live)).toBeTruthy();
    await waitFor(() => expect(s.listCalls().length).toBeGreaterThan(listsBefore));
    // An event the server sends again after the resume is not shown twice.
    s.send(paid(230, sellerOrder({ id: 60 })));
    s.send(paid(231, sellerOrder({ id: 61, user_full_name: 'Kit' })));
    expect(await screen.findByText(LIVE_TEXTS.newOrder(61, 'Kit', '35.00'))).toBeTruthy();
    expect(screen.queryAllByText(LIVE_TEXTS.newOrder(60, 'Ada Lovelace', '35.00'))).toHaveLength(1);
  });

  it('going offline drops the stream at once; back online it reconnects at once and resumes', async () => {
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    s.send(paid(300, sellerOrder({ id: 70 })));
    await waitFor(() => expect(cardOrder()).toEqual([70, 41]));

    // The connection lost without a word (it never ends by itself): the browser says offline.
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(LIVE_TEXTS.reconnecting)).toBeTruthy();
    await waitFor(() => expect(s.cancelled.count).toBe(1));
    // Several tries fail while offline; the waits grow (500 ms, 1 s, …).
    s.state.fail = true;
    await waitFor(() => expect(s.streamCalls().length).toBeGreaterThanOrEqual(3), {
      timeout: 3000,
    });
    s.state.fail = false;
    const tries = s.streamCalls().length;
    window.dispatchEvent(new Event('online'));
    // Not after the next, longer wait: now.
    await waitFor(() => expect(s.streamCalls()).toHaveLength(tries + 1), { timeout: 300 });
    expect(s.streamCalls().at(-1)?.headers['last-event-id']).toBe('300');
    expect(await screen.findByText(LIVE_TEXTS.live)).toBeTruthy();
    s.send(paid(301, sellerOrder({ id: 71, user_full_name: 'Kit' })));
    expect(await screen.findByText(LIVE_TEXTS.newOrder(71, 'Kit', '35.00'))).toBeTruthy();
  });

  it('a stream lost before any event resumes from the id the server started it at', async () => {
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    // The server's start: an id line and no event.
    s.streams.at(-1)!.enqueue(new TextEncoder().encode('id: 500\n\n'));
    await new Promise((r) => setTimeout(r, 50));
    s.streams.at(-1)!.close();
    await waitFor(() => expect(s.streamCalls()).toHaveLength(2), { timeout: 3000 });
    expect(s.streamCalls()[1]?.headers['last-event-id']).toBe('500');
    // The order paid while it was away is announced.
    await screen.findByText(LIVE_TEXTS.live);
    s.send(paid(501, sellerOrder({ id: 90, user_full_name: 'Kit' })));
    expect(await screen.findByText(LIVE_TEXTS.newOrder(90, 'Kit', '35.00'))).toBeTruthy();
  });

  it('a stream silent for longer than two keep-alives is dropped and opened again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    s.send(paid(400, sellerOrder({ id: 80 })));
    await waitFor(() => expect(cardOrder()).toEqual([80, 41]));

    // A keep-alive comment counts as life.
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1000);
    s.streams.at(-1)!.enqueue(new TextEncoder().encode(': keep-alive\n\n'));
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1000);
    expect(s.cancelled.count).toBe(0);
    expect(s.streamCalls()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1500);
    await waitFor(() => expect(s.cancelled.count).toBe(1));
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(s.streamCalls()).toHaveLength(2));
    expect(s.streamCalls()[1]?.headers['last-event-id']).toBe('400');
    expect(await screen.findByText(LIVE_TEXTS.live)).toBeTruthy();
  });

  it('stops when the dashboard closes', async () => {
    const s = server([sellerOrder({ id: 41 })]);
    const view = renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    expect(s.cancelled.count).toBe(0);
    view.unmount();
    await waitFor(() => expect(s.cancelled.count).toBe(1));
    await new Promise((r) => setTimeout(r, 700));
    expect(s.streamCalls()).toHaveLength(1);
  });
});
