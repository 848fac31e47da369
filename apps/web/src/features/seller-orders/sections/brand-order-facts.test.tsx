import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import {
  FREE_SHIPPING_RULE_TEXTS,
  SELLER_NOTES_TEXTS,
  type SellerOrder,
} from '@leafline/contract/seller-orders';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderSection, sellerOrder } from '@/test/seller-fixtures';
import { OrdersSection } from './orders-section';

/**
 * Issue 24 points 3 and 8, as the brand reads them on its orders: the marketplace's free-shipping
 * rule on each order; the order's notes labelled as internal.
 */

afterEach(() => vi.unstubAllGlobals());

function ordersServer(orders: SellerOrder[]) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/business/orders/3/') && call.method === 'GET') {
      return jsonResponse(200, orders, { [TOTAL_COUNT_HEADER]: String(orders.length) });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

const card = (orderId: number) =>
  within(screen.getByRole('heading', { name: `Order #${orderId}` }).closest('article')!);

describe('the free-shipping rule on the brand’s orders', () => {
  it('shows the shipping the buyer paid and "free under the $75 rule" when that is why', async () => {
    ordersServer([
      sellerOrder({
        id: 41,
        order_total_shipping_fees: '0.00',
        total_price: '30.00',
        free_shipping_reason: 'marketplace_threshold',
      }),
      sellerOrder({ id: 40, order_total_shipping_fees: '5.00' }),
    ]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');

    const free = card(41);
    expect(free.getByText(FREE_SHIPPING_RULE_TEXTS.shippingPaid)).toBeTruthy();
    expect(free.getByTestId('order-shipping').textContent).toBe('Free');
    expect(free.getByTestId('order-shipping-note').textContent).toBe('free under the $75 rule');

    const charged = card(40);
    expect(charged.getByTestId('order-shipping').textContent).toBe('$5.00');
    expect(charged.queryByTestId('order-shipping-note')).toBeNull();
  });

  it('labels the order’s notes as internal, never seen by the buyer', async () => {
    ordersServer([sellerOrder({ id: 41, notes: 'Gift wrap' })]);
    renderSection(<OrdersSection businessId={3} />, '/dashboard/orders');
    await screen.findAllByTestId('seller-order');
    const notes = card(41).getByLabelText(SELLER_NOTES_TEXTS.label) as HTMLTextAreaElement;
    expect(SELLER_NOTES_TEXTS.label).toBe('Internal notes');
    expect(notes.value).toBe('Gift wrap');
    const hint = document.getElementById(notes.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(SELLER_NOTES_TEXTS.hint);
    expect(hint?.textContent).toContain('the buyer never does');
  });
});
