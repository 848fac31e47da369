import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import {
  AWAITING_PAYMENT_PATH,
  AWAITING_PAYMENT_TEXTS,
  type AwaitingPayment,
  CHECKOUT_MESSAGES,
  STATUS_HISTORY_TEXTS,
} from '@leafline/contract/orders';
import { PROMO_CODE_SESSION_KEY } from '@leafline/contract/promo-codes';
import { ROUTES } from '@leafline/contract/routes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse } from '@/test/fetch-mock';
import { buyerOrder as order, ordersServer as server } from '@/test/order-fixtures';
import { renderApp } from '@/test/render-app';
import { formatOrderDate } from '../lib/order-format';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('order date', () => {
  it('is shown in UTC, labelled UTC', () => {
    expect(formatOrderDate('2026-03-14T23:30:00.000Z', 'en-US')).toBe('Mar 14, 2026, 11:30 PM UTC');
  });
});

describe('my orders', { timeout: 20_000 }, () => {
  it('without a token alerts that the shopper must log in', async () => {
    const { calls } = server([]);
    renderApp('/myorders');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.mustLoginOrders);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls.some((c) => c.url === '/api/orders/')).toBe(false);
  });

  it('lists orders newest first with brand, UTC date, status, items, total and tracking', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([
      order({ id: 4, created_at: '2026-03-10T10:00:00.000Z', status: 'Delivered' }),
      order({
        id: 9,
        business: 4,
        business_name: 'Moss & Stone',
        created_at: '2026-03-20T10:00:00.000Z',
        status: 'Shipped',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        total_price: '12.00',
      }),
    ]);
    renderApp('/myorders');
    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Order #9 · Moss & Stone',
      'Order #4 · Fern & Flax',
    ]);
    const newest = within(cards[0]!);
    expect(newest.getByTestId('order-status').textContent).toBe('Status: Shipped');
    expect(newest.getByTestId('order-tracking').textContent).toBe('1Z999AA10123456784');
    // The carrier's own tracking page (issue 29), in a new tab.
    expect(newest.getByText('UPS tracking number:', { exact: false })).toBeTruthy();
    const track = newest.getByRole('link', { name: /^Track your parcel/ });
    expect(track.getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(newest.getByTestId('order-total').textContent).toBe('$12.00');
    expect(newest.getByText(formatOrderDate('2026-03-20T10:00:00.000Z'))).toBeTruthy();
    const older = within(cards[1]!);
    expect(older.getByText('Linen Tote')).toBeTruthy();
    expect(older.getByText('Size: Large')).toBeTruthy();
    expect(older.getByText('2 × $15.00')).toBeTruthy();
    expect(older.queryByTestId('order-tracking')).toBeNull();
    expect(older.getByTestId('order-status').textContent).toBe('Status: Delivered');
    // Received: a way to review each product (issue 27), to its page's reviews.
    const review = older.getByRole('link', { name: 'Review this product: Linen Tote' });
    expect(review.getAttribute('href')).toBe('/shop/products/7#reviews');
  });

  it('shows each order’s status history, oldest first, with UTC dates and the tracking number', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const shipped = [
      { status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' },
      { status: 'Shipped', at: '2026-03-15T16:05:00.000Z', tracking_number: '1Z999AA10123456784' },
      { status: 'Delivered', at: '2026-03-18T11:40:00.000Z', tracking_number: '' },
    ] as const;
    server([
      order({
        id: 9,
        created_at: '2026-03-14T09:26:00.000Z',
        status: 'Delivered',
        tracking_number: '1Z999AA10123456784',
        status_history: [...shipped],
      }),
      order({
        id: 8,
        created_at: '2026-03-12T09:26:00.000Z',
        status: 'Refunded',
        status_history: [
          { status: 'Paid', at: '2026-03-12T09:27:00.000Z', tracking_number: '' },
          { status: 'Refunded', at: '2026-03-13T08:00:00.000Z', tracking_number: '' },
        ],
      }),
      order({
        id: 7,
        created_at: '2026-03-11T09:26:00.000Z',
        status: 'Canceled',
        status_history: [
          { status: 'Paid', at: '2026-03-11T09:27:00.000Z', tracking_number: '' },
          { status: 'Canceled', at: '2026-03-11T10:00:00.000Z', tracking_number: '' },
        ],
      }),
      order({
        id: 6,
        created_at: '2026-03-10T09:26:00.000Z',
        status: 'Pending',
        status_history: [],
      }),
    ]);
    renderApp('/myorders');
    const cards = await screen.findAllByTestId('order-card');
    const history = (card: HTMLElement) =>
      within(card).getByRole('list', { name: STATUS_HISTORY_TEXTS.label });
    const entries = (card: HTMLElement) =>
      within(history(card))
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    expect(entries(cards[0]!)).toEqual(
      shipped.map((c) => STATUS_HISTORY_TEXTS.entry(c, formatOrderDate(c.at))),
    );
    const [paid, sent, delivered] = entries(cards[0]!);
    expect(paid).toMatch(/^Paid — .+ UTC$/);
    expect(sent).toMatch(/^Shipped — .+ UTC · Tracking 1Z999AA10123456784$/);
    expect(delivered).toMatch(/^Delivered — .+ UTC$/);
    expect(sent).toContain(formatOrderDate('2026-03-15T16:05:00.000Z'));
    const times = within(history(cards[0]!))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')!.getAttribute('datetime'));
    expect(times).toEqual(shipped.map((c) => c.at));
    expect(history(cards[0]!).tagName).toBe('OL');

    expect(entries(cards[1]!)).toEqual([
      `Paid — ${formatOrderDate('2026-03-12T09:27:00.000Z')}`,
      `Refunded — ${formatOrderDate('2026-03-13T08:00:00.000Z')}`,
    ]);
    expect(entries(cards[2]!)).toEqual([
      `Paid — ${formatOrderDate('2026-03-11T09:27:00.000Z')}`,
      `Canceled — ${formatOrderDate('2026-03-11T10:00:00.000Z')}`,
    ]);
    // An order not paid yet has no history to show.
    expect(within(cards[3]!).queryByRole('list', { name: STATUS_HISTORY_TEXTS.label })).toBeNull();
  });

  it("says 'No orders found.' when there are none", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([]);
    renderApp('/myorders');
    expect(await screen.findByText(MESSAGES.noOrders)).toBeTruthy();
  });

  it('shows a checkout waiting for payment as one entry with the way back to its page', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const awaiting: AwaitingPayment = {
      checkout_id: 31,
      created_at: '2026-03-14T09:26:00.000Z',
      expires_at: '2026-03-14T10:26:00.000Z',
      payment_url: '/pay/cs_local_abc',
      items_subtotal: '52.00',
      shipping_fees: '0.00',
      total_price: '52.00',
      business_names: ['Fern & Flax', 'Moss & Stone'],
      order_items: [
        order({ id: 1 }).order_items[0]!,
        { ...order({ id: 1 }).order_items[0]!, id: 2 },
      ],
    };
    let open = [awaiting];
    const { calls } = server([], (call) => {
      if (call.url === AWAITING_PAYMENT_PATH) return jsonResponse(200, open);
      if (call.url === ROUTES.cancelCheckout.path({ checkoutId: 31 }) && call.method === 'POST') {
        open = [];
        return jsonResponse(200, { message: CHECKOUT_MESSAGES.checkoutCancelled });
      }
      return undefined;
    });
    renderApp('/myorders');
    const entry = await screen.findByTestId('awaiting-payment');
    expect(screen.queryByText(MESSAGES.noOrders)).toBeNull();
    expect(screen.queryAllByTestId('order-card')).toHaveLength(0);
    expect(within(entry).getByRole('heading').textContent).toBe(
      AWAITING_PAYMENT_TEXTS.heading(awaiting.business_names),
    );
    expect(within(entry).getByTestId('order-status').textContent).toBe(
      `Status: ${AWAITING_PAYMENT_TEXTS.status}`,
    );
    expect(
      within(entry).getByRole('link', { name: AWAITING_PAYMENT_TEXTS.resume }).getAttribute('href'),
    ).toBe('/pay/cs_local_abc');

    // Cancelled: the entry goes, and with no orders the page says so.
    fireEvent.click(within(entry).getByRole('button', { name: AWAITING_PAYMENT_TEXTS.cancel }));
    expect(await screen.findByText(MESSAGES.noOrders)).toBeTruthy();
    expect(screen.queryByTestId('awaiting-payment')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      ROUTES.cancelCheckout.path({ checkoutId: 31 }),
    ]);
  });

  it('a failed load says so, then goes to /logout', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([], (call) =>
      call.url === '/api/orders/' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    const { router } = renderApp('/myorders');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.failedLoadOrders);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      vi.advanceTimersByTime(AUTH_REDIRECT_MS);
    });
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/myorders'));
    // The logout page ends the session and goes on to /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('shows the same list in the account area', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([order({ id: 4 })]);
    renderApp('/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Order #4 · Fern & Flax' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();
  });
});

describe('order confirmation', { timeout: 20_000 }, () => {
  it('keeps a promo code chosen in the cart that this purchase did not use', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    sessionStorage.setItem(PROMO_CODE_SESSION_KEY, 'SPRING5');
    server([order({ id: 21 })]);
    renderApp('/order-confirmation?order_id=21');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeTruthy();
    expect(sessionStorage.getItem(PROMO_CODE_SESSION_KEY)).toBe('SPRING5');
    sessionStorage.clear();
  });

  it('without a token alerts and links to login', async () => {
    const { calls } = server([]);
    renderApp('/order-confirmation?order_ids=1,2');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You must be logged in to view your order details.',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls).toHaveLength(0);
  });

  it('shows every brand order of order_ids, the address and the grand total', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const notes = {
      discount_applied: true,
      discount_code: 'LEAF10',
      global_original_total: '47.00',
      global_discount_amount: '3.65',
      global_discounted_total: '43.35',
      related_orders: [11, 12],
    };
    const { calls } = server([
      order({
        id: 11,
        total_price: '31.85',
        discount_amount: '3.15',
        notes: JSON.stringify(notes),
        notes_data: notes,
      }),
      order({
        id: 12,
        business: 4,
        business_name: 'Moss & Stone',
        total_price: '11.50',
        items_subtotal: '12.00',
        order_total_shipping_fees: '0.00',
        discount_amount: '0.50',
        notes_data: notes,
      }),
    ]);
    // The code was chosen in the cart (decision 0056): this paid purchase used it.
    sessionStorage.setItem(PROMO_CODE_SESSION_KEY, 'leaf10');
    renderApp('/order-confirmation?order_ids=11,12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(PROMO_CODE_SESSION_KEY)).toBeNull());
    const cards = screen.getAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('order-discount').textContent).toBe('−$3.15');
    expect(within(cards[0]!).getByText('Discount (LEAF10)')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('order-shipping').textContent).toBe('Free');
    expect(within(cards[1]!).getByTestId('order-status').textContent).toBe('Status: Paid');
    expect(screen.getByTestId('grand-total').textContent).toBe('$43.35');
    expect(screen.getByTestId('confirmation-address').textContent).toContain('Portland, OR 97201');
    expect(screen.getByText(/robin@example.com/)).toBeTruthy();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/orders/'))).toEqual([
      '/api/orders/11/',
      '/api/orders/12/',
    ]);
  });

  it('reads a single order_id', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([order({ id: 5 })]);
    renderApp('/order-confirmation?order_id=5');
    expect(await screen.findByRole('heading', { name: 'Order #5 · Fern & Flax' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: STATUS_HISTORY_TEXTS.label })).getByRole('listitem')
        .textContent,
    ).toBe(`Paid — ${formatOrderDate('2026-03-14T09:27:00.000Z')}`);
    expect(screen.getByTestId('grand-total').textContent).toBe('$35.00');
  });

  it("says 'Failed to load order details' when an order cannot be read", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server([order({ id: 5 })]);
    renderApp('/order-confirmation?order_ids=5,6');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderDetailsFailed);
  });
});
