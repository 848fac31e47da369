import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { BUYER_CANCEL_REASON, ORDER_CANCEL_TEXTS } from '@leafline/contract/cancellations';
import {
  ORDER_STATUSES,
  TOAST_ORDER_SAVE_MS,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract/constants';
import { CANCEL_REASON } from '@leafline/contract/refunds';
import { EXPORT_TEXTS } from '@leafline/contract/seller-money';
import {
  PAYOUT_STATE_LABELS,
  SELLER_NOTES_TEXTS,
  SELLER_ORDER_MESSAGES,
  type SellerOrder,
} from '@leafline/contract/seller-orders';
import { STOCK_MOVEMENT_TEXTS, type StockMovement } from '@leafline/contract/stock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { formatLocalDate } from '../components/seller-order-card';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { OrdersSection } from './orders-section';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Override = (call: RecordedCall) => Response | undefined;

const older = sellerOrder({
  id: 40,
  created_at: '2026-03-10T12:00:00.000Z',
  status: 'Delivered',
  tracking_number: '1Z999',
  user_full_name: 'Grace Hopper',
  user_email: 'grace@example.com',
  payout_status: 'paid',
});

function server(
  orders: SellerOrder[],
  total = orders.length,
  override: Override = () => undefined,
) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/business/orders/3/') && call.method === 'GET') {
      return jsonResponse(200, orders, { [TOTAL_COUNT_HEADER]: String(total) });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

function card(orderId: number) {
  const heading = screen.getByRole('heading', { name: `Order #${orderId}` });
  return within(heading.closest('article')!);
}

describe('OrdersSection', () => {
  it("shows each order's buyer, items, money, payout, address, card and status", async () => {
    const { calls } = server([sellerOrder(), older]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    const orders = await screen.findAllByTestId('seller-order');
    expect(calls[0]!.url).toBe('/api/business/orders/3/?page=1');
    // In the server's order (newest first).
    expect(orders.map((o) => within(o).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Order #41',
      'Order #40',
    ]);
    const order = card(41);
    expect(order.getByTestId('order-date').textContent).toBe(
      formatLocalDate('2026-03-14T09:26:00.000Z'),
    );
    expect(order.getByTestId('order-date').getAttribute('datetime')).toBe(
      '2026-03-14T09:26:00.000Z',
    );
    expect(order.getByTestId('order-buyer').textContent).toBe('Ada Lovelace');
    expect(order.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    const items = order.getByRole('list', { name: 'Items' });
    expect(items.textContent).toContain('Linen Tote');
    expect(items.textContent).toContain('Size: Small · Colour: Ecru');
    expect(items.textContent).toContain('2 × $15.00');
    expect(items.textContent).toContain('$30.00');
    expect(items.querySelector('img')!.getAttribute('src')).toBe('/media/products/tote-small.webp');
    expect(order.getByTestId('order-shipping').textContent).toBe('$5.00');
    expect(order.getByTestId('order-total').textContent).toBe('$35.00');
    expect(order.getByTestId('order-commission').textContent).toBe('−$1.05');
    expect(order.getByTestId('order-payout').textContent).toBe('$33.95');
    expect(order.getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.pending);
    const address = order.getByTestId('order-address').textContent;
    for (const part of ['12 Orchard Lane', 'Apt 3', 'Portland, OR 97205', 'United States']) {
      expect(address).toContain(part);
    }
    expect(order.getByTestId('order-card-brand').textContent).toBe('visa');
    expect(order.getByTestId('order-status').textContent).toBe('Status: Paid');

    // The edit starts from the order's own values, offering the six statuses.
    const status = order.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('Paid');
    expect([...status.options].map((o) => o.value)).toEqual([...ORDER_STATUSES]);
    expect((card(40).getByLabelText('Tracking number') as HTMLInputElement).value).toBe('1Z999');
    expect(card(40).getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid);
  });

  it('keeps the amounts a list of terms and values (screen readers read them in pairs)', async () => {
    server([sellerOrder()]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    const [order] = await screen.findAllByTestId('seller-order');
    const amounts = order!.querySelector('dl')!;
    expect(amounts.children.length).toBeGreaterThan(0);
    for (const group of amounts.children) {
      // A `dl` may only hold `div`s of `dt`s followed by `dd`s (axe: definition-list).
      expect(group.tagName).toBe('DIV');
      expect([...group.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
    }
    expect(within(amounts).getByTestId('order-payout-state').tagName).toBe('DD');
  });

  it('saves status, tracking number and notes, and replaces the row with the answer', async () => {
    const saved = sellerOrder({
      status: 'Shipped',
      carrier: 'UPS',
      tracking_number: 'TRK-123',
      tracking_url: 'https://www.ups.com/track?tracknum=TRK-123',
      notes: 'Sent with recycled paper.',
      payout_status: 'paid',
      updated_at: '2026-03-15T08:00:00.000Z',
    });
    const { calls } = server([sellerOrder(), older], 2, (call) =>
      call.method === 'PATCH' ? jsonResponse(200, saved) : undefined,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    const order = card(41);
    // Any transition is allowed (SPEC §4): Paid → Shipped here.
    fill(order.getByLabelText('Status'), 'Shipped');
    // The carrier (issue 29): "Not set" first, then the five.
    expect(
      [...(order.getByLabelText('Carrier') as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(['Not set', 'USPS', 'UPS', 'FedEx', 'DHL', 'Other carrier']);
    fill(order.getByLabelText('Carrier'), 'UPS');
    fill(order.getByLabelText('Tracking number'), ' TRK-123 ');
    fill(order.getByLabelText('Internal notes'), 'Sent with recycled paper.');
    fireEvent.click(order.getByRole('button', { name: 'Save order #41' }));

    expect(await screen.findByText(SELLER_ORDER_MESSAGES.saved)).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toBe('/api/business/orders/edit/41/');
    expect(patch.body).toEqual({
      status: 'Shipped',
      carrier: 'UPS',
      tracking_number: 'TRK-123',
      notes: 'Sent with recycled paper.',
    });
    // The row now shows the server's order: status and payout state came from the answer.
    await waitFor(() =>
      expect(card(41).getByTestId('order-status').textContent).toBe('Status: Shipped'),
    );
    expect(card(41).getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid);
    expect((card(41).getByLabelText('Tracking number') as HTMLInputElement).value).toBe('TRK-123');
    // No refetch was needed; the other order is untouched.
    expect(
      calls.filter(
        (call) => call.method === 'GET' && call.url.startsWith('/api/business/orders/3/'),
      ),
    ).toHaveLength(1);
    expect(card(40).getByTestId('order-status').textContent).toBe('Status: Delivered');

    // The toast stays 4 s (SPEC §9), not the default 5 s.
    act(() => vi.advanceTimersByTime(TOAST_ORDER_SAVE_MS - 500));
    expect(screen.queryByText(SELLER_ORDER_MESSAGES.saved)).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText(SELLER_ORDER_MESSAGES.saved)).toBeNull();
    vi.useRealTimers();
  });

  it("says 'Failed to update order.' when the save fails, keeping the edit", async () => {
    server([sellerOrder()], 1, (call) =>
      call.method === 'PATCH' ? new Response('oops', { status: 500 }) : undefined,
    );
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    fill(card(41).getByLabelText('Status'), 'Delivered');
    fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
    expect((await card(41).findByRole('alert')).textContent).toBe(
      BUSINESS_MESSAGES.orderUpdateFailed,
    );
    expect((card(41).getByLabelText('Status') as HTMLSelectElement).value).toBe('Delivered');
    expect(card(41).getByTestId('order-status').textContent).toBe('Status: Paid');
  });

  it("adds the server's reason to the failure text when it gives one", async () => {
    server([sellerOrder()], 1, (call) =>
      call.method === 'PATCH'
        ? jsonResponse(400, { error: SELLER_ORDER_MESSAGES.trackingNumber })
        : undefined,
    );
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
    expect((await card(41).findByRole('alert')).textContent).toBe(
      `${BUSINESS_MESSAGES.orderUpdateFailed} ${SELLER_ORDER_MESSAGES.trackingNumber}`,
    );
  });

  it('an order its buyer cancelled keeps its status: the select is off and says why; notes still save', async () => {
    const cancelled = sellerOrder({
      status: 'Canceled',
      payout_status: 'canceled',
      refund: {
        status: 'succeeded',
        amount: '35.00',
        created_at: '2026-03-14T10:00:00.000Z',
        error: null,
      },
      refunds: [
        {
          kind: 'full',
          amount: '35.00',
          reason: BUYER_CANCEL_REASON,
          created_at: '2026-03-14T10:00:00.000Z',
          items: [],
          status: 'succeeded',
          error: null,
        },
      ],
    });
    const s = server([cancelled], 1, (call) =>
      call.method === 'PATCH' ? jsonResponse(200, { ...cancelled, notes: 'not sent' }) : undefined,
    );
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    const status = card(41).getByLabelText('Status') as HTMLSelectElement;
    expect(status.disabled).toBe(true);
    expect(status.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(status.getAttribute('aria-describedby')!)?.textContent).toBe(
      ORDER_CANCEL_TEXTS.brandNotice,
    );
    fill(card(41).getByLabelText(SELLER_NOTES_TEXTS.label), 'not sent');
    fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
    await waitFor(() => expect(s.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const sent = s.calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(sent.notes).toBe('not sent');
    expect([undefined, 'Canceled']).toContain(sent.status);
  });

  it('a brand’s own cancel leaves the status free', async () => {
    server([
      sellerOrder({
        status: 'Canceled',
        refund: {
          status: 'succeeded',
          amount: '35.00',
          created_at: '2026-03-14T10:00:00.000Z',
          error: null,
        },
        refunds: [
          {
            kind: 'full',
            amount: '35.00',
            reason: CANCEL_REASON,
            created_at: '2026-03-14T10:00:00.000Z',
            items: [],
            status: 'succeeded',
            error: null,
          },
        ],
      }),
    ]);
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    expect((card(41).getByLabelText('Status') as HTMLSelectElement).disabled).toBe(false);
    expect(card(41).queryByText(ORDER_CANCEL_TEXTS.brandNotice)).toBeNull();
  });

  it('pages with the X-Total-Count header', async () => {
    const { calls } = server([sellerOrder()], 51);
    renderSection(<OrdersSection businessId={3} />);
    const pager = await screen.findByRole('navigation', { name: 'Orders pages' });
    expect(within(pager).queryByRole('button', { name: 'Page 3' })).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/business/orders/3/?page=2'));
  });

  it('narrows to a status, a search and an order, each from page 1 (issue 29)', async () => {
    const toShip = sellerOrder({ id: 41, status: 'Paid' });
    const { calls } = server([toShip, older], 51, (call) => {
      const query = new URL(call.url, 'http://x').searchParams;
      if (query.get('q') === 'nobody') return jsonResponse(200, [], { [TOTAL_COUNT_HEADER]: '0' });
      if (query.get('status') === 'Paid') {
        return jsonResponse(200, [toShip], { [TOTAL_COUNT_HEADER]: '1' });
      }
      return undefined;
    });
    renderSection(<OrdersSection businessId={3} />);
    await screen.findByText(/^51 orders, newest first\./);
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/business/orders/3/?page=2'));

    // (jsdom does not give <search> its role: the fields are found by their labels.)
    const filters = within(screen.getByLabelText('Find orders'));
    fireEvent.change(filters.getByLabelText('Show'), { target: { value: 'Paid' } });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/business/orders/3/?page=1&status=Paid'),
    );
    expect(await screen.findByText(/^1 order \(to ship\), newest first\./)).toBeTruthy();
    expect(screen.getAllByTestId('seller-order')).toHaveLength(1);

    fireEvent.change(filters.getByLabelText('Order'), { target: { value: 'oldest' } });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/business/orders/3/?page=1&status=Paid&sort=oldest'),
    );

    // The search goes once typing stops, not letter by letter.
    const sent = calls.length;
    const search = filters.getByRole('searchbox', { name: 'Search' });
    for (const text of ['n', 'no', 'nobody']) fill(search, text);
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        '/api/business/orders/3/?page=1&status=Paid&q=nobody&sort=oldest',
      ),
    );
    expect(calls.length).toBe(sent + 1);
    expect(await screen.findByText(SELLER_ORDERS_TEXTS.noMatch)).toBeTruthy();
    expect(screen.queryByText('No orders yet.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: SELLER_ORDERS_TEXTS.showAll }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/business/orders/3/?page=1'));
    expect((search as HTMLInputElement).value).toBe('');
    expect((filters.getByLabelText('Show') as HTMLSelectElement).value).toBe('');
    expect(await screen.findAllByTestId('seller-order')).toHaveLength(2);
  });

  it('marks the picked orders shipped, each with its carrier and number; names those that failed (issue 29)', async () => {
    const second = sellerOrder({ id: 42, status: 'Paid', user_full_name: 'Alan Turing' });
    const { calls } = server([sellerOrder(), second, older], 3, (call) => {
      if (call.method !== 'PATCH') return undefined;
      if (call.url === '/api/business/orders/edit/42/') {
        return jsonResponse(409, { error: BUSINESS_MESSAGES.orderAwaitingPayment });
      }
      return jsonResponse(
        200,
        sellerOrder({ status: 'Shipped', carrier: 'UPS', tracking_number: '1Z1' }),
      );
    });
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    expect(screen.queryByRole('button', { name: 'Mark shipped…' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order #41' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order #42' }));
    expect(screen.getByText('2 orders selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Mark 2 orders shipped' }));
    fill(dialog.getByLabelText('Carrier for order #41'), 'UPS');
    fill(dialog.getByLabelText('Tracking number for order #41'), '1Z1');
    fill(dialog.getByLabelText('Carrier for order #42'), 'DHL');
    fill(dialog.getByLabelText('Tracking number for order #42'), 'JD2');
    fireEvent.click(dialog.getByRole('button', { name: 'Mark 2 shipped' }));

    // One PATCH per order, one after the other, each with its own parcel.
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
      [
        '/api/business/orders/edit/41/',
        { status: 'Shipped', carrier: 'UPS', tracking_number: '1Z1' },
      ],
      [
        '/api/business/orders/edit/42/',
        { status: 'Shipped', carrier: 'DHL', tracking_number: 'JD2' },
      ],
    ]);
    expect(await screen.findByText('1 order marked shipped.')).toBeTruthy();
    // The one that failed stays picked, in the dialog, with the server's reason.
    const left = within(await screen.findByRole('dialog', { name: 'Mark 1 order shipped' }));
    expect(left.getByText(`Order #42: ${BUSINESS_MESSAGES.orderAwaitingPayment}`)).toBeTruthy();
    expect(left.queryByLabelText('Carrier for order #41')).toBeNull();
  });

  it('prints a packing slip per order picked, or for one order, and nothing else (issue 29)', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    server([sellerOrder(), older], 2, (call) =>
      call.url === '/api/business/dashboard/'
        ? jsonResponse(200, {
            businesses: [
              {
                id: 3,
                name: 'Fern & Flax',
                logonew: '/media/logos/fern.webp',
                verified: true,
                stripe_status: 'active',
              },
            ],
          })
        : undefined,
    );
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    expect(screen.queryByTestId('packing-slips')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every order on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Print packing slips' }));

    const slips = await screen.findByTestId('packing-slips');
    // Printed once the brand is known.
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // Outside the app, on <body>: the print style shows them alone.
    expect(slips.parentElement).toBe(document.body);
    const slip = within(within(slips).getByRole('region', { name: 'Packing slip, order #41' }));
    expect(slip.getByText('Order #41')).toBeTruthy();
    expect(slip.getByText('Ada Lovelace')).toBeTruthy();
    expect(slip.getByText('12 Orchard Lane')).toBeTruthy();
    expect(slip.getByText('Portland, OR 97205')).toBeTruthy();
    const row = slip.getByRole('row', { name: /Linen Tote/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Linen Tote', 'Size: Small · Colour: Ecru', '2']);
    // No prices in the box.
    expect(slips.textContent).not.toContain('$');
    expect(within(slips).getAllByRole('region')).toHaveLength(2);
    expect(slip.getByText('Fern & Flax')).toBeTruthy();

    // The print dialog closed: the slips go.
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('packing-slips')).toBeNull();

    // One order's own button: its slip alone.
    fireEvent.click(screen.getByRole('button', { name: 'Print the packing slip of order #40' }));
    const one = await screen.findByTestId('packing-slips');
    expect(
      within(one)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Packing slip, order #40']);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
  });

  it('shows an empty state without orders', async () => {
    server([], 0);
    renderSection(<OrdersSection businessId={3} />);
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByTestId('seller-order')).toBeNull();
  });

  it("shows the server's error, else 'Something went wrong while fetching orders'", async () => {
    mockFetch(() => jsonResponse(404, { error: BUSINESS_MESSAGES.businessNotFound }));
    const first = renderSection(<OrdersSection businessId={3} />);
    expect(await screen.findByText(BUSINESS_MESSAGES.businessNotFound)).toBeTruthy();
    first.unmount();

    mockFetch(() => new Response('bad gateway', { status: 502 }));
    renderSection(<OrdersSection businessId={3} />);
    expect(await screen.findByText(BUSINESS_MESSAGES.ordersFailed)).toBeTruthy();
  });

  it('shows the discount with its code', async () => {
    server([
      sellerOrder({
        discount_amount: '3.50',
        notes_data: {
          discount_applied: true,
          discount_code: 'SPRING10',
          global_original_total: '35.00',
          global_discount_amount: '3.50',
          global_discounted_total: '31.50',
          related_orders: [],
        },
      }),
    ]);
    renderSection(<OrdersSection businessId={3} />);
    await screen.findAllByTestId('seller-order');
    const discount = card(41).getByTestId('order-discount');
    expect(discount.textContent).toBe('−$3.50');
    expect(discount.previousElementSibling!.textContent).toBe('Discount (SPRING10)');
  });
});

describe('OrdersSection: the export form', () => {
  it('is shown above the orders, even before there are any', async () => {
    server([]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    const form = screen.getByRole('form', { name: EXPORT_TEXTS.title });
    expect(within(form).getByRole('button', { name: EXPORT_TEXTS.download })).toBeTruthy();
    expect(within(form).getByLabelText(EXPORT_TEXTS.from)).toBeTruthy();
    expect(await screen.findByText(SELLER_ORDERS_TEXTS.noOrders)).toBeTruthy();
    expect(
      form.compareDocumentPosition(screen.getByText(SELLER_ORDERS_TEXTS.noOrders)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('OrdersSection: what an order did to the stock (issue 26)', () => {
  const movement = (extra: Partial<StockMovement>): StockMovement => ({
    product_id: 7,
    variant_id: 701,
    kind: 'sale',
    change: -2,
    stock_after: 3,
    created_at: '2026-03-14T09:27:00.000Z',
    ...extra,
  });

  it('lists its sale and its restock, naming the product and variant by its lines', async () => {
    server([
      sellerOrder({
        stock_movements: [
          movement({}),
          movement({ kind: 'restock', change: 2, stock_after: 5 }),
          movement({ product_id: 9, variant_id: null, change: -1, stock_after: null }),
        ],
      }),
    ]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    const stock = card(41).getByRole('region', { name: STOCK_MOVEMENT_TEXTS.heading });
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Linen Tote, Small / Ecru: ${STOCK_MOVEMENT_TEXTS.sale(2)} · ${STOCK_MOVEMENT_TEXTS.left(3)}`,
      `Linen Tote, Small / Ecru: ${STOCK_MOVEMENT_TEXTS.restock(2)} · 5 left`,
      // A product no longer among the lines, its count not kept: said as it is.
      'Product #9: 1 taken from stock · not counted',
    ]);
  });

  it('shows no stock part when no count moved', async () => {
    server([sellerOrder()]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    expect(card(41).queryByRole('region', { name: STOCK_MOVEMENT_TEXTS.heading })).toBeNull();
    expect(card(41).queryByTestId('order-stock')).toBeNull();
  });
});
