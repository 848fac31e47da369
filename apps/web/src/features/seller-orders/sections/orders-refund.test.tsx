import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import {
  PAYOUT_STATE_LABELS,
  REFUND_MESSAGES,
  REFUND_STATE_LABELS,
  SELLER_ORDER_MESSAGES,
  type SellerOrder,
} from '@leafline/contract/seller-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { OrdersSection } from './orders-section';

/** The dashboard's refunds: the confirmation, the provider's refusal, the refund on the card. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function server(
  orders: SellerOrder[],
  patch: (call: RecordedCall) => Response | Promise<Response>,
) {
  return mockFetch((call) => {
    if (call.method === 'PATCH') return patch(call);
    if (call.url.startsWith('/api/business/orders/3/') && call.method === 'GET') {
      return jsonResponse(200, orders, { [TOTAL_COUNT_HEADER]: String(orders.length) });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

const card = (orderId: number) =>
  within(screen.getByRole('heading', { name: `Order #${orderId}` }).closest('article')!);

const paid = sellerOrder({ payout_status: 'paid', total_price: '35.00' });

async function saveAs(status: string) {
  renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
  await screen.findAllByTestId('seller-order');
  fill(card(41).getByLabelText('Status'), status);
  fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
}

describe('refunding a paid order from the dashboard', () => {
  it('asks first; Cancel sends nothing and leaves the order as it was', async () => {
    const { calls } = server([paid], () => jsonResponse(500, {}));
    await saveAs('Refunded');
    const dialog = await screen.findByRole('dialog', {
      name: REFUND_MESSAGES.confirmTitle('Refunded'),
    });
    expect(within(dialog).getByText(REFUND_MESSAGES.confirm('35.00', 'Refunded'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: REFUND_MESSAGES.keepButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(card(41).getByTestId('order-status').textContent).toBe('Status: Paid');
    expect(card(41).getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid);
    expect(card(41).queryByRole('alert')).toBeNull();
  });

  it('confirmed, it saves; the card then shows the refund and the reversed payout', async () => {
    const refunded = sellerOrder({
      ...paid,
      status: 'Canceled',
      payout_status: 'reversed',
      refund: { status: 'succeeded', amount: '35.00', created_at: paid.created_at, error: null },
      updated_at: '2026-03-15T08:00:00.000Z',
    });
    const { calls } = server([paid], () => jsonResponse(200, refunded));
    await saveAs('Canceled');
    const dialog = await screen.findByRole('dialog', {
      name: REFUND_MESSAGES.confirmTitle('Canceled'),
    });
    expect(within(dialog).getByText(REFUND_MESSAGES.confirm('35.00', 'Canceled'))).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('button', { name: REFUND_MESSAGES.confirmButton('35.00') }),
    );
    await waitFor(() =>
      expect(card(41).getByTestId('order-status').textContent).toBe('Status: Canceled'),
    );
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ status: 'Canceled' });
    expect(card(41).getByTestId('order-payout-state').textContent).toBe(
      PAYOUT_STATE_LABELS.reversed,
    );
    expect(card(41).getByTestId('order-refund').textContent).toBe('$35.00');
    expect(card(41).getByTestId('order-refund-state').textContent).toBe(
      REFUND_STATE_LABELS.succeeded,
    );
    expect(card(41).queryByTestId('order-refund-error')).toBeNull();
  });

  it('shows the provider’s refusal in the form, keeps the order’s status, and reads the failed refund', async () => {
    const why = 'Charge ch_1 has been charged back.';
    const reason = REFUND_MESSAGES.refused(why);
    const failed = sellerOrder({
      ...paid,
      refund: { status: 'failed', amount: '35.00', created_at: paid.created_at, error: why },
    });
    let refused = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'PATCH') {
        refused = true;
        return jsonResponse(502, { error: reason });
      }
      return jsonResponse(200, [refused ? failed : paid], { [TOTAL_COUNT_HEADER]: '1' });
    });
    await saveAs('Refunded');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: REFUND_MESSAGES.confirmButton('35.00') }),
    );
    expect((await card(41).findByRole('alert')).textContent).toBe(
      `${BUSINESS_MESSAGES.orderUpdateFailed} ${reason}`,
    );
    expect(card(41).getByTestId('order-status').textContent).toBe('Status: Paid');
    expect(card(41).getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid);
    // The orders are read again: the card shows the failed refund and why.
    expect((await card(41).findByTestId('order-refund-error')).textContent).toBe(why);
    expect(card(41).getByTestId('order-refund-state').textContent).toBe(REFUND_STATE_LABELS.failed);
    expect(
      calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/business/orders/3/')),
    ).toHaveLength(2);
    // The seller's choice stays in the form, ready to try again.
    expect((card(41).getByLabelText('Status') as HTMLSelectElement).value).toBe('Refunded');
  });

  it('does not ask for an order never paid, nor for one refunded already', async () => {
    const unpaid = sellerOrder({ id: 41, status: 'Pending', payout_status: 'not_due' });
    const { calls } = server([unpaid], (call) =>
      jsonResponse(200, { ...unpaid, status: (call.body as { status: string }).status }),
    );
    await saveAs('Canceled');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again after a failed refund, and the card shows why it failed', async () => {
    const failed = sellerOrder({
      ...paid,
      refund: {
        status: 'failed',
        amount: '35.00',
        created_at: paid.created_at,
        error: 'Insufficient funds in the connected account.',
      },
    });
    server([failed], () => jsonResponse(500, {}));
    await saveAs('Refunded');
    expect(card(41).getByTestId('order-refund').textContent).toBe('$35.00');
    expect(card(41).getByTestId('order-refund-state').textContent).toBe(REFUND_STATE_LABELS.failed);
    expect(card(41).getByTestId('order-refund-error').textContent).toBe(
      'Insufficient funds in the connected account.',
    );
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('does not ask again once the refund succeeded (only the status changes)', async () => {
    const done = sellerOrder({
      ...paid,
      status: 'Refunded',
      payout_status: 'reversed',
      refund: { status: 'succeeded', amount: '35.00', created_at: paid.created_at, error: null },
    });
    const { calls } = server([done], () => jsonResponse(200, { ...done, status: 'Canceled' }));
    await saveAs('Canceled');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after confirming, focus is on the order’s heading, not lost', async () => {
    server([paid], () => jsonResponse(200, { ...paid, status: 'Refunded' }));
    await saveAs('Refunded');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: REFUND_MESSAGES.confirmButton('35.00') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Order #41' }));
  });

  it('saving another order during a refund keeps the refund’s busy state and its answer', async () => {
    const other = sellerOrder({ id: 42, payout_status: 'not_due', status: 'Pending' });
    let refuse!: () => void;
    const reason = REFUND_MESSAGES.refused('Charge ch_1 has been charged back.');
    server([paid, other], (call) => {
      if (call.url.includes('/edit/42/')) {
        return jsonResponse(200, { ...other, notes: 'gift', updated_at: '2026-03-16T08:00:00Z' });
      }
      return new Promise<Response>((resolve) => {
        refuse = () => resolve(jsonResponse(502, { error: reason }));
      });
    });
    await saveAs('Refunded');
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: REFUND_MESSAGES.confirmButton('35.00'),
      }),
    );
    const save41 = card(41).getByRole('button', { name: 'Save order #41' }) as HTMLButtonElement;
    await waitFor(() => expect(save41.disabled).toBe(true));

    fill(card(42).getByLabelText('Internal notes'), 'gift');
    fireEvent.click(card(42).getByRole('button', { name: 'Save order #42' }));
    expect(await screen.findByText(SELLER_ORDER_MESSAGES.saved)).toBeTruthy();
    // The refund is still running: its Save stays busy.
    expect(
      (card(41).getByRole('button', { name: 'Save order #41' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    refuse();
    expect((await card(41).findByRole('alert')).textContent).toBe(
      `${BUSINESS_MESSAGES.orderUpdateFailed} ${reason}`,
    );
    expect(card(42).queryByRole('alert')).toBeNull();
  });

  describe('putting the items back in stock (issue 26)', () => {
    const restockBox = () =>
      card(41).queryByRole('checkbox', {
        name: 'Put the items back in stock',
      }) as HTMLInputElement | null;

    it('asks with a refund, ticked by default, and sends restock: false when unticked', async () => {
      const { calls } = server([paid], () => jsonResponse(200, { ...paid, status: 'Refunded' }));
      renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
      await screen.findAllByTestId('seller-order');
      expect(restockBox()).toBeNull();
      fill(card(41).getByLabelText('Status'), 'Refunded');
      expect(restockBox()!.checked).toBe(true);
      fireEvent.click(restockBox()!);
      expect(restockBox()!.checked).toBe(false);
      fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: REFUND_MESSAGES.confirmButton('35.00'),
        }),
      );
      await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
        status: 'Refunded',
        restock: false,
      });
    });

    it('sends restock: true when left ticked', async () => {
      const { calls } = server([paid], () => jsonResponse(200, { ...paid, status: 'Canceled' }));
      await saveAs('Canceled');
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: REFUND_MESSAGES.confirmButton('35.00'),
        }),
      );
      await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
        status: 'Canceled',
        restock: true,
      });
    });

    it('neither asks nor sends restock without a refund', async () => {
      const unpaid = sellerOrder({ status: 'Pending', payout_status: 'not_due' });
      const { calls } = server([unpaid], () =>
        jsonResponse(200, { ...unpaid, status: 'Canceled' }),
      );
      renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
      await screen.findAllByTestId('seller-order');
      fill(card(41).getByLabelText('Status'), 'Canceled');
      expect(restockBox()).toBeNull();
      fireEvent.click(card(41).getByRole('button', { name: 'Save order #41' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PATCH')!.body).not.toHaveProperty('restock');
    });
  });
});
