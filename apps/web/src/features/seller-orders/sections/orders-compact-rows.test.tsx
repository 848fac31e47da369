import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import { RETURN_TEXTS } from '@leafline/contract/returns';
import { PAYOUT_STATE_LABELS } from '@leafline/contract/seller-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { OrdersSection } from './orders-section';

/** Issue 29 point 1: a page of many orders as compact rows, each opening its full card. */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const orders = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    sellerOrder({
      id: 100 + i,
      user_full_name: `Buyer ${i}`,
      payout_status: 'paid',
      // Order #104 has a return waiting; #103 one declined already.
      returns: i === 4 || i === 3 ? [waitingReturn(i === 4 ? 'requested' : 'declined')] : [],
    }),
  );

const waitingReturn = (status: 'requested' | 'declined') => ({
  id: 1,
  status,
  decline_reason: status === 'declined' ? 'Used' : '',
  created_at: '2026-03-20T10:00:00.000Z',
  decided_at: status === 'declined' ? '2026-03-21T10:00:00.000Z' : null,
  items: [{ order_item_id: 1, product_name: 'Linen Tote', quantity: 1, reason: 'Too small' }],
});

function serve(list: ReturnType<typeof orders>) {
  mockFetch((call) =>
    call.url.startsWith('/api/business/orders/3/') && call.method === 'GET'
      ? jsonResponse(200, list, { [TOTAL_COUNT_HEADER]: String(list.length) })
      : jsonResponse(404, { error: 'Not found' }),
  );
}

describe('the order list’s layout', () => {
  it('shows more than 5 orders as rows: number, buyer, total, status, payout; a row opens its full card and closes again', async () => {
    serve(orders(6));
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    const rows = await screen.findAllByTestId('seller-order');
    expect(rows).toHaveLength(6);
    const row = within(screen.getByRole('article', { name: 'Order #102' }));
    expect(row.getByTestId('order-buyer').textContent).toBe('Buyer 2');
    expect(row.getByTestId('order-total').textContent).toBe('$35.00');
    expect(row.getByTestId('order-status').textContent).toBe('Status: Paid');
    expect(row.getByTestId('order-payout-state').textContent).toBe(PAYOUT_STATE_LABELS.paid);
    expect(screen.queryByRole('form', { name: /^Update order #/ })).toBeNull();
    // A return waiting for the brand's answer shows on its row only.
    expect(
      within(screen.getByRole('article', { name: 'Order #104' })).getByTestId(
        'order-return-waiting',
      ).textContent,
    ).toBe(RETURN_TEXTS.brandStatus.requested);
    expect(screen.getAllByTestId('order-return-waiting')).toHaveLength(1);

    fireEvent.click(row.getByRole('button', { name: SELLER_ORDERS_TEXTS.open(102) }));
    const form = await screen.findByRole('form', { name: 'Update order #102' });
    expect(form).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Order #102'));
    expect(screen.getAllByRole('form', { name: /^Update order #/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: SELLER_ORDERS_TEXTS.close(102) }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Update order #/ })).toBeNull());
  });

  it('shows a few orders as full cards; the brand’s choice of layout wins and is remembered', async () => {
    serve(orders(6));
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    fill(screen.getByLabelText(SELLER_ORDERS_TEXTS.layoutLabel), 'cards');
    await waitFor(() =>
      expect(screen.getAllByRole('form', { name: /^Update order #/ })).toHaveLength(6),
    );
    expect(localStorage.getItem('leafline.seller-orders.layout')).toBe('cards');
  });

  it('keeps a page of 5 as cards unless rows are asked for', async () => {
    serve(orders(5));
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    expect(screen.getAllByRole('form', { name: /^Update order #/ })).toHaveLength(5);
    fill(screen.getByLabelText(SELLER_ORDERS_TEXTS.layoutLabel), 'rows');
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Update order #/ })).toBeNull());
  });
});
