import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import { PARTIAL_REFUND_MESSAGES, PARTIAL_REFUND_TEXTS } from '@leafline/contract/refunds';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { OrdersSection } from './orders-section';

/** The dashboard's partial refund (issue 29 point 3): the dialog, its request, its answer. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function server(orders: SellerOrder[], refund: (call: RecordedCall) => Response) {
  return mockFetch((call) => {
    if (call.method === 'POST' && call.url === '/api/business/orders/41/refund/') {
      return refund(call);
    }
    if (call.url.startsWith('/api/business/orders/3/') && call.method === 'GET') {
      return jsonResponse(200, orders, { [TOTAL_COUNT_HEADER]: String(orders.length) });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

const card = (orderId: number) =>
  within(screen.getByRole('heading', { name: `Order #${orderId}` }).closest('article')!);

// Two $15 totes, $5 shipping, $3.50 off: a tote cost the buyer $15 − $1.75.
const paid = sellerOrder({
  payout_status: 'paid',
  total_price: '31.50',
  discount_amount: '3.50',
});

async function openDialog() {
  renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
  await screen.findAllByTestId('seller-order');
  fireEvent.click(card(41).getByRole('button', { name: 'Refund… order #41' }));
  return screen.findByRole('dialog', { name: PARTIAL_REFUND_TEXTS.title(41) });
}

describe('a partial refund from the order card', () => {
  it('refunds one unit of a line at what the buyer paid for it, once per dialog, and shows it on the card', async () => {
    const refunded = sellerOrder({
      ...paid,
      refunds: [
        {
          kind: 'partial',
          amount: '13.25',
          reason: 'Torn strap',
          created_at: '2026-03-15T08:00:00.000Z',
          items: [{ order_item_id: 1, product_name: 'Linen Tote', quantity: 1 }],
          status: 'succeeded',
          error: null,
        },
      ],
    });
    let answers = 0;
    const { calls } = server([paid], () => {
      answers += 1;
      // The first answer is lost (the network): the retry is the same refund.
      return answers === 1 ? jsonResponse(503, {}) : jsonResponse(200, refunded);
    });
    const dialog = await openDialog();
    expect(within(dialog).getByText(PARTIAL_REFUND_TEXTS.left('31.50'))).toBeTruthy();
    fill(within(dialog).getByLabelText(PARTIAL_REFUND_TEXTS.quantityLabel('Linen Tote')), '1');
    fill(within(dialog).getByLabelText(PARTIAL_REFUND_TEXTS.reasonLabel), 'Torn strap');
    const submit = within(dialog).getByRole('button', {
      name: PARTIAL_REFUND_TEXTS.submit('13.25'),
    });
    fireEvent.click(submit);
    await within(dialog).findByRole('alert');
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({
      items: [{ order_item_id: 1, quantity: 1 }],
      reason: 'Torn strap',
    });
    const key = posts[0]!.headers['idempotency-key'];
    expect(key).toBeTruthy();
    expect(posts[1]!.headers['idempotency-key']).toBe(key);
    expect(card(41).getByTestId('order-partial-refund').textContent).toContain(
      '$13.25 — 1 × Linen Tote · Reason: Torn strap',
    );
  });

  it('by amount: a figure beyond what is left is the server’s 400, shown in the dialog', async () => {
    const { calls } = server([paid], () =>
      jsonResponse(400, { error: PARTIAL_REFUND_MESSAGES.tooMuch('31.50') }),
    );
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText(PARTIAL_REFUND_TEXTS.byAmount));
    fill(within(dialog).getByLabelText(PARTIAL_REFUND_TEXTS.amountLabel), '40');
    fireEvent.click(
      within(dialog).getByRole('button', { name: PARTIAL_REFUND_TEXTS.submit('40.00') }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      PARTIAL_REFUND_MESSAGES.tooMuch('31.50'),
    );
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toEqual({ amount: '40', reason: '' });
  });

  it('offers no refund once everything was given back', async () => {
    server(
      [
        sellerOrder({
          ...paid,
          status: 'Refunded',
          refund: {
            status: 'succeeded',
            amount: '31.50',
            created_at: paid.created_at,
            error: null,
          },
        }),
      ],
      () => jsonResponse(500, {}),
    );
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    expect(card(41).queryByRole('button', { name: 'Refund… order #41' })).toBeNull();
    expect(card(41).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
  });
});
