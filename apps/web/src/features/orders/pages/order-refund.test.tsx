import { ORDER_REFUND_TEXTS, type Order } from '@leafline/contract/orders';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { buyerOrder as order, ordersServer } from '@/test/order-fixtures';
import { renderApp } from '@/test/render-app';
import { formatOrderDate } from '../lib/order-format';

/**
 * Issue 24 points 5 and 9, as the buyer reads them: a refund on the order card, the
 * confirmation and the history; the confirmation's "Order total" figures that add up.
 */

afterEach(() => vi.unstubAllGlobals());

const REFUNDED_AT = '2026-03-16T10:05:00.000Z';
const refunded = order({
  id: 21,
  status: 'Refunded',
  status_history: [
    { status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' },
    { status: 'Refunded', at: REFUNDED_AT, tracking_number: '', refund_amount: '35.00' },
  ],
  refunded: { amount: '35.00', at: REFUNDED_AT },
});

function server(orders: Order[]) {
  setTokens({ access: 'acc', refresh: 'ref' });
  return ordersServer(orders);
}

describe('a refunded order, as the buyer sees it', { timeout: 20_000 }, () => {
  it('says the refunded amount and date on the My Orders card and in its history', async () => {
    server([refunded, order({ id: 20 })]);
    renderApp('/myorders');
    const cards = await screen.findAllByTestId('order-card');
    const card = within(cards.find((c) => c.textContent?.includes('Order #21'))!);
    const line = card.getByTestId('order-refunded');
    expect(line.textContent).toBe(
      `${ORDER_REFUND_TEXTS.label}: $35.00 on ${formatOrderDate(REFUNDED_AT)}`,
    );
    expect(line.querySelector('time')!.getAttribute('datetime')).toBe(REFUNDED_AT);
    const history = card.getByTestId('order-history');
    expect(history.textContent).toContain(
      `Refunded — ${formatOrderDate(REFUNDED_AT)} · $35.00 refunded`,
    );

    // An order with no refund says nothing of one.
    const other = within(cards.find((c) => c.textContent?.includes('Order #20'))!);
    expect(other.queryByTestId('order-refunded')).toBeNull();
    expect(other.getByTestId('order-history').textContent).not.toContain('refunded');
  });

  it('says it on the confirmation page, the refund apart from the grand total', async () => {
    server([refunded]);
    renderApp('/order-confirmation?order_id=21');
    const card = within(await screen.findByTestId('order-card'));
    expect(card.getByTestId('order-refunded').textContent).toContain('$35.00');
    expect(screen.getByTestId('grand-total').textContent).toBe('$35.00');
    expect(screen.getByTestId('refunded-total').textContent).toBe('−$35.00');
  });
});

describe('the confirmation’s Order total', { timeout: 20_000 }, () => {
  it('starts with the items subtotal, so items + shipping − discount = grand total', async () => {
    server([
      order({
        id: 11,
        items_subtotal: '30.00',
        order_total_shipping_fees: '5.00',
        total_price: '32.00',
        discount_amount: '3.00',
      }),
      order({
        id: 12,
        items_subtotal: '12.00',
        order_total_shipping_fees: '0.00',
        total_price: '11.50',
        discount_amount: '0.50',
      }),
    ]);
    renderApp('/order-confirmation?order_ids=11,12');
    await screen.findAllByTestId('order-card');
    const total = within(screen.getByRole('region', { name: 'Order total' }));
    const rows = total
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Items subtotal', '$42.00'],
      ['Shipping', '$5.00'],
      ['Discount', '−$3.50'],
      ['Grand total', '$43.50'],
    ]);
  });
});
