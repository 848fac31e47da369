import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import type { SellerReview } from '@leafline/contract/reviews';
import { LIVE_TEXTS, type LiveEvent, type ReviewEvent } from '@leafline/contract/seller-money';
import {
  PAYOUT_STATE_LABELS,
  REFUND_MESSAGES,
  type SellerOrder,
} from '@leafline/contract/seller-orders';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { apiFetch } from '@/lib/api-client';
import { setTokens } from '@/lib/auth-tokens';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { noSales, renderSection, sellerOrder, sellerReview } from '@/test/seller-fixtures';
import { OrdersSection } from '../sections/orders-section';
import { LiveOrders } from './live-orders';
import { LIVE_ANNOUNCE_MS, LIVE_IDLE_MS } from './use-live-orders';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const EVENTS = '/api/business/orders/3/events/';

/** The dashboard's server: the orders list, and event streams the test writes into. */
function server(
  orders: SellerOrder[],
  {
    closeAtOnce = false,
    events,
    reviews = [],
  }: {
    /** The Reviews section's list. */
    reviews?: SellerReview[];
    /** Each stream ends as soon as it is open (a server that accepts and drops). */
    closeAtOnce?: boolean;
    /** Another answer than the stream. */
    events?: (call: RecordedCall) => Response | undefined;
  } = {},
) {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const cancelled = { count: 0 };
  const encoder = new TextEncoder();
  const state = { fail: false };
  const mock = mockFetch((call) => {
    if (call.url === EVENTS && state.fail) throw new TypeError('Failed to fetch');
    const other = call.url === EVENTS ? events?.(call) : undefined;
    if (other) return other;
    if (call.url === EVENTS) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(encoder.encode('retry: 500\n\n'));
          if (closeAtOnce) controller.close();
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
    if (call.url.startsWith('/api/business/reviews/3/')) {
      return jsonResponse(200, reviews, { [TOTAL_COUNT_HEADER]: String(reviews.length) });
    }
    if (call.url.startsWith('/api/business/overview/3/')) return jsonResponse(200, {});
    if (call.url.startsWith('/api/business/sales/3/')) return jsonResponse(200, noSales());
    return jsonResponse(404, { error: 'Not found' });
  });
  const send = (event: LiveEvent, raw?: string) =>
    streams
      .at(-1)!
      .enqueue(
        encoder.encode(
          raw ?? `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
        ),
      );
  const streamCalls = () => mock.calls.filter((c: RecordedCall) => c.url === EVENTS);
  const listCalls = () => mock.calls.filter((c: RecordedCall) => c.url.includes('?page='));
  const figureCalls = () =>
    mock.calls.filter(
      (c: RecordedCall) => c.url.includes('/overview/3/') || c.url.includes('/sales/3/'),
    );
  return {
    ...mock,
    streams,
    cancelled,
    send,
    streamCalls,
    listCalls,
    figureCalls,
    /** `state.fail`: while true, opening the stream fails as fetch fails offline. */
    state,
  };
}

const paid = (id: number, order: SellerOrder): LiveEvent => ({
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

/** The overview's and the sales block's figures, as the dashboard reads them. */
function Figures() {
  useBusinessOverview(3);
  // The sales block's query (seller-sales), by its key and its address.
  useQuery({
    queryKey: SELLER_KEYS.sales(3),
    queryFn: ({ signal }) => apiFetch('/api/business/sales/3/', { signal }),
  });
  return null;
}

/** The Reviews section's first page (newest first), as its query keeps it: titles and total. */
function ReviewTitles() {
  const { data } = useQuery({
    queryKey: SELLER_KEYS.reviewsPage(3, 'newest', 1),
    queryFn: async ({ signal }) => {
      const res = await fetch('/api/business/reviews/3/?page=1&sort=newest', { signal });
      return { items: (await res.json()) as SellerReview[], total: 1 };
    },
  });
  if (!data) return null;
  return (
    <>
      <p>{`${data.total} reviews`}</p>
      {data.items.map((r) => (
        <p key={r.id} data-testid="seller-review">
          {r.title}
        </p>
      ))}
    </>
  );
}

function renderDashboardOrders() {
  return renderSection(
    <>
      <LiveOrders businessId={3} />
      <Figures />
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

  it('a new review is a toast and the top row of the Reviews section, once', async () => {
    const s = server([], { reviews: [sellerReview({ id: 41 })] });
    renderSection(
      <>
        <LiveOrders businessId={3} />
        <ReviewTitles />
      </>,
      '/dashboard/reviews',
    );
    expect(await screen.findAllByTestId('seller-review')).toHaveLength(1);
    await waitFor(() => expect(s.streamCalls()).toHaveLength(1));
    const fresh = sellerReview({
      id: 57,
      rating: 5,
      title: 'Lovely',
      product_name: 'Beeswax Wrap',
    });
    const event: ReviewEvent = { id: 201, type: 'review.created', business: 3, review: fresh };
    s.send(event);
    s.send(event);
    expect(await screen.findByText(LIVE_TEXTS.newReview(5, 'Beeswax Wrap'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('seller-review').map((r) => r.textContent)).toEqual([
        'Lovely',
        'Came late',
      ]),
    );
    expect(screen.getByText('2 reviews')).toBeTruthy();
    expect(screen.getAllByText(LIVE_TEXTS.newReview(5, 'Beeswax Wrap'))).toHaveLength(1);
  });

  it('a buyer’s message is a toast, once, and the order’s message counts are read again', async () => {
    const s = server([sellerOrder({ id: 41, user_full_name: 'Ann' })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    await screen.findByRole('heading', { name: /^Order #41/ });
    const countCalls = () =>
      s.calls.filter((c: RecordedCall) => c.url.startsWith('/api/business/order-messages/3/'))
        .length;
    await waitFor(() => expect(countCalls()).toBe(1));
    const event: LiveEvent = {
      id: 9,
      type: 'order.message',
      business: 3,
      order: sellerOrder({ id: 41, user_full_name: 'Ann' }),
    };
    s.send(event);
    s.send(event);
    expect(await screen.findByText(LIVE_TEXTS.newMessage(41, 'Ann'))).toBeTruthy();
    await waitFor(() => expect(countCalls()).toBe(2));
    expect(screen.getAllByText(LIVE_TEXTS.newMessage(41, 'Ann'))).toHaveLength(1);
  });

  it('a buyer’s return request is a toast and the return on the order’s card', async () => {
    const s = server([sellerOrder({ id: 41, user_full_name: 'Ann', status: 'Delivered' })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    await screen.findByRole('heading', { name: /^Order #41/ });
    expect(screen.queryByTestId('seller-order-return')).toBeNull();
    s.send({
      id: 10,
      type: 'order.return',
      business: 3,
      order: sellerOrder({
        id: 41,
        user_full_name: 'Ann',
        status: 'Delivered',
        returns: [
          {
            id: 5,
            status: 'requested',
            decline_reason: '',
            created_at: '2026-03-20T10:00:00.000Z',
            decided_at: null,
            items: [
              { order_item_id: 1, product_name: 'Linen Tote', quantity: 1, reason: 'Too small' },
            ],
          },
        ],
      }),
    });
    expect(await screen.findByText(LIVE_TEXTS.newReturn(41, 'Ann'))).toBeTruthy();
    expect(await screen.findByTestId('seller-order-return')).toBeTruthy();
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

    // The connection lost without a word (it never ends by itself): the browser says offline,
    // and every try fails while it is.
    s.state.fail = true;
    window.dispatchEvent(new Event('offline'));
    // Said once the outage lasts (LIVE_ANNOUNCE_MS), not for a blink.
    expect(
      await screen.findByText(LIVE_TEXTS.reconnecting, {}, { timeout: LIVE_ANNOUNCE_MS + 2000 }),
    ).toBeTruthy();
    await waitFor(() => expect(s.cancelled.count).toBe(1));
    // Several tries fail while offline; the waits grow (500 ms, 1 s, …).
    await waitFor(() => expect(s.streamCalls().length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
    s.state.fail = false;
    const tries = s.streamCalls().length;
    window.dispatchEvent(new Event('online'));
    // Not after the next, longer wait: now.
    await waitFor(() => expect(s.streamCalls()).toHaveLength(tries + 1), { timeout: 300 });
    expect(s.streamCalls().at(-1)?.headers['last-event-id']).toBe('300');
    s.send(paid(301, sellerOrder({ id: 71, user_full_name: 'Kit' })));
    expect(await screen.findByText(LIVE_TEXTS.newOrder(71, 'Kit', '35.00'))).toBeTruthy();
    // An event: the stream works again, and the dashboard says so.
    expect(await screen.findByText(LIVE_TEXTS.live)).toBeTruthy();
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
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_MS - 1000);
    s.streams.at(-1)!.enqueue(new TextEncoder().encode(': keep-alive\n\n'));
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_MS - 1000);
    expect(s.cancelled.count).toBe(0);
    expect(s.streamCalls()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1500);
    await waitFor(() => expect(s.cancelled.count).toBe(1));
    // The first wait is LIVE_RECONNECT_MS[0] ± 50 %.
    await vi.advanceTimersByTimeAsync(800);
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

  it('an updated order also reads the overview and the sales again', async () => {
    const s = server([sellerOrder({ id: 40 })]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    await screen.findByRole('heading', { name: /^Order #40/ });
    await waitFor(() => expect(s.figureCalls()).toHaveLength(2));
    s.send({
      id: 8,
      type: 'order.updated',
      business: 3,
      order: sellerOrder({ id: 40, status: 'Refunded', payout_status: 'reversed' }),
    });
    await waitFor(() => expect(s.figureCalls()).toHaveLength(4));
    expect(s.figureCalls().map((c) => c.url.split('/')[3])).toEqual([
      'overview',
      'sales',
      'overview',
      'sales',
    ]);
  });
});

describe('live events while the seller edits', () => {
  it('keep typed edits and an open refund dialog; an untouched form follows the order', async () => {
    const s = server([
      sellerOrder({ id: 41, payout_status: 'paid', total_price: '35.00' }),
      sellerOrder({ id: 40, user_full_name: 'Ann' }),
      sellerOrder({ id: 39 }),
    ]);
    renderDashboardOrders();
    await screen.findByText(LIVE_TEXTS.live);
    const card = (id: number) =>
      within(screen.getByRole('heading', { name: `Order #${id}` }).closest('article')!);
    await screen.findByRole('heading', { name: 'Order #41' });
    fill(card(40).getByLabelText('Internal notes'), 'Wrap it please');
    fill(card(41).getByLabelText('Status'), 'Refunded');
    fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
    await screen.findByRole('dialog', { name: REFUND_MESSAGES.confirmTitle('Refunded') });

    const later = '2026-03-20T08:00:00.000Z';
    s.send({
      id: 9,
      type: 'order.updated',
      business: 3,
      order: sellerOrder({
        id: 40,
        user_full_name: 'Ann',
        payout_status: 'paid',
        updated_at: later,
      }),
    });
    s.send({
      id: 10,
      type: 'order.updated',
      business: 3,
      order: sellerOrder({
        id: 41,
        payout_status: 'paid',
        total_price: '35.00',
        updated_at: later,
      }),
    });
    s.send({
      id: 11,
      type: 'order.updated',
      business: 3,
      order: sellerOrder({ id: 39, tracking_number: '1Z999', updated_at: later }),
    });
    await waitFor(() =>
      expect(card(40).getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid),
    );
    expect((card(40).getByLabelText('Internal notes') as HTMLTextAreaElement).value).toBe(
      'Wrap it please',
    );
    expect(
      screen.getByRole('dialog', { name: REFUND_MESSAGES.confirmTitle('Refunded') }),
    ).toBeTruthy();
    // Order 39's form was not touched: it shows the new tracking number.
    await waitFor(() =>
      expect((card(39).getByLabelText('Tracking number') as HTMLInputElement).value).toBe('1Z999'),
    );
    expect((card(41).getByLabelText('Status') as HTMLSelectElement).value).toBe('Refunded');
  });
});

/** Lets `ms` of fake time pass, with what React does meanwhile. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The status line's text under the orders heading. */
const statusText = () =>
  [LIVE_TEXTS.live, LIVE_TEXTS.reconnecting, LIVE_TEXTS.off].find((t) => screen.queryByText(t)) ??
  null;

describe('the live connection over time', () => {
  it('gives up a connection that went silent and reconnects, reading the figures again', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const s = server([sellerOrder({ id: 41 })]);
    renderDashboardOrders();
    await advance(50);
    expect(statusText()).toBe(LIVE_TEXTS.live);
    const lists = s.listCalls().length;
    const figures = s.figureCalls().length;
    // Keep-alives come every 15 s; after 29 s of nothing the connection is still trusted.
    await advance(29_000);
    expect(s.streamCalls()).toHaveLength(1);
    // Then it is dropped and opened again, without an event id (none came).
    await advance(1_600);
    expect(s.cancelled.count).toBe(1);
    expect(s.streamCalls()).toHaveLength(2);
    expect(s.listCalls().length).toBeGreaterThan(lists);
    expect(s.figureCalls().length).toBeGreaterThan(figures);
    await advance(10_000);
    expect(statusText()).toBe(LIVE_TEXTS.live);
  });

  it('a stream the server drops at once is retried less and less often, announced once', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // Abort listeners added to signals and not taken off again.
    const outstanding = new Set<unknown>();
    // The EventTarget the hook's signals are made of (Node's, not jsdom's).
    let events: EventTarget = new AbortController().signal;
    while (!Object.hasOwn(events, 'addEventListener')) events = Object.getPrototypeOf(events);
    for (const [method, track] of [
      ['addEventListener', (l: unknown) => outstanding.add(l)],
      ['removeEventListener', (l: unknown) => outstanding.delete(l)],
    ] as const) {
      const original = events[method];
      vi.spyOn(events, method).mockImplementation(function (
        this: EventTarget,
        ...args: Parameters<EventTarget['addEventListener']>
      ) {
        if (args[0] === 'abort') track(args[1]);
        return original.apply(this, args);
      });
    }
    const s = server([sellerOrder({ id: 41 })], { closeAtOnce: true });
    renderDashboardOrders();
    const seen: (string | null)[] = [];
    for (let t = 0; t < 30_000; t += 100) {
      await advance(100);
      if (seen.at(-1) !== statusText()) seen.push(statusText());
    }
    // Opened at 0, 0.5, 1.5, 3.5, 8.5, 18.5 and 28.5 s: not every half second.
    expect(s.streamCalls()).toHaveLength(7);
    expect(seen).toEqual([LIVE_TEXTS.live, LIVE_TEXTS.reconnecting]);
    // The list is not read again on every attempt either.
    expect(s.listCalls().length).toBeLessThanOrEqual(8);
    // The waits took their abort listeners off when they ended (one wait is under way).
    expect(outstanding.size).toBeLessThanOrEqual(2);
  });

  it('waits are spread ±50 % so dashboards do not reconnect all at once', async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = server([sellerOrder({ id: 41 })], { closeAtOnce: true });
    renderDashboardOrders();
    await advance(10);
    random.mockReturnValue(0.999);
    await advance(250);
    expect(s.streamCalls()).toHaveLength(2); // 500 ms × 0.5
    await advance(1_400);
    expect(s.streamCalls()).toHaveLength(2); // 1 s × 1.5
    await advance(200);
    expect(s.streamCalls()).toHaveLength(3);
  });

  it.each([
    ['the business is not the seller’s (403)', () => jsonResponse(403, { error: 'Forbidden' })],
    ['the session has ended (401)', () => jsonResponse(401, { error: 'Not signed in' })],
    [
      'the answer is not an event stream',
      () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    ],
  ])('is off, and says so, when %s', async (_, answer) => {
    const s = server([sellerOrder({ id: 41 })], { events: answer });
    renderDashboardOrders();
    expect(await screen.findByText(LIVE_TEXTS.off)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 800));
    expect(s.streamCalls()).toHaveLength(1);
  });

  it('a refresh that failed for a moment does not turn live updates off', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    let refreshes = 0;
    const s = server([sellerOrder({ id: 41 })], {
      events: (call) =>
        call.headers.authorization === 'Bearer new'
          ? undefined
          : jsonResponse(401, { error: 'Token expired' }),
    });
    const base = s.fn.getMockImplementation()!;
    s.fn.mockImplementation(async (input, init) => {
      if (String(input) === '/token/refresh/') {
        refreshes += 1;
        return refreshes === 1
          ? jsonResponse(503, { error: 'Down' })
          : jsonResponse(200, { access: 'new', refresh: 'r2' });
      }
      return base(input, init);
    });
    renderDashboardOrders();
    expect(await screen.findByText(LIVE_TEXTS.live, undefined, { timeout: 3000 })).toBeTruthy();
    expect(refreshes).toBe(2);
    expect(screen.queryByText(LIVE_TEXTS.off)).toBeNull();
  });
});
