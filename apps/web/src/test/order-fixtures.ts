import type { Order } from '@leafline/contract/orders';
import { jsonResponse, mockFetch, type RecordedCall } from './fetch-mock';

/**
 * A buyer's paid order of Fern & Flax (two Linen Totes, Large, $35 with $5 shipping, to
 * Portland), as `api/orders/` gives it; `extra` changes or adds fields.
 */
export function buyerOrder(extra: Partial<Order> & Pick<Order, 'id'>): Order {
  return {
    business: 3,
    business_name: 'Fern & Flax',
    user_full_name: 'Robin Fern',
    user_email: 'robin@example.com',
    status: 'Paid',
    created_at: '2026-03-14T09:26:00.000Z',
    total_price: '35.00',
    items_subtotal: '30.00',
    order_total_shipping_fees: '5.00',
    discount_amount: '0.00',
    tracking_number: '',
    carrier: null,
    tracking_url: null,
    notes: '',
    notes_data: null,
    card_brand: 'visa',
    billing_address: null,
    shipping_address: {
      name: 'Robin Fern',
      line1: '12 Alder Way',
      line2: '',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      country: 'US',
      phone: '503-555-0100',
    },
    order_items: [
      {
        id: 1,
        product_id: 7,
        variant_id: null,
        product_name: 'Linen Tote',
        product_price: '15.00',
        quantity: 2,
        total_price: '30.00',
        variant_options: { Size: 'Large' },
        image: null,
      },
    ],
    status_history: [{ status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' }],
    refunded: null,
    refunds: [],
    returns: [],
    returns_open_until: null,
    ...extra,
  };
}

/** An answer of a test's own, or undefined for the usual one. */
export type OrdersOverride = (call: RecordedCall) => Response | undefined;

/**
 * The buyer's orders API: the list, each order by id (404 'Order not found'), no business, an
 * empty cart; `override` answers first.
 */
export function ordersServer(orders: Order[], override: OrdersOverride = () => undefined) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url === '/api/user-has-business/') return jsonResponse(200, { has_business: false });
    if (call.url === '/api/orders/') return jsonResponse(200, orders);
    const one = /^\/api\/orders\/(\d+)\/$/.exec(call.url);
    if (one) {
      const found = orders.find((o) => o.id === Number(one[1]));
      return found ? jsonResponse(200, found) : jsonResponse(404, { error: 'Order not found' });
    }
    if (call.url === '/api/cart/') return jsonResponse(404, { error: 'Cart is empty' });
    return jsonResponse(404, { error: 'Not found.' });
  });
}
