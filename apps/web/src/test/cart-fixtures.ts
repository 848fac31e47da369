import type { BusinessShipping, CartItem, CartResponse } from '@leafline/contract/cart';
import { MESSAGES } from '@leafline/contract/messages';
import { jsonResponse, mockFetch, type RecordedCall } from './fetch-mock';

/** A cart line of Fern & Flax's Linen Tote at $15.00, changed by `extra`. */
export function cartItem(extra: Partial<CartItem> & Pick<CartItem, 'id'>): CartItem {
  return {
    product: 7,
    product_id: 7,
    variant_id: null,
    product_name: 'Linen Tote',
    variant_option1: null,
    variant_option2: null,
    product_price: '15.00',
    quantity: 1,
    total_price: '15.00',
    business: 3,
    business_name: 'Fern & Flax',
    image: null,
    available_quantity: null,
    ...extra,
  };
}

/** Moss & Stone's Cedar Soap at $6.50, line 2: the second brand of a two-brand cart. */
export const cedarSoap = (): CartItem =>
  cartItem({
    id: 2,
    product: 9,
    product_id: 9,
    product_name: 'Cedar Soap',
    product_price: '6.50',
    total_price: '6.50',
    business: 4,
    business_name: 'Moss & Stone',
  });

/** A brand's shipping in the cart: Fern & Flax at $5.00, changed by `extra`. */
export function businessShipping(
  extra: Partial<BusinessShipping> & Pick<BusinessShipping, 'business'>,
): BusinessShipping {
  return {
    business_name: 'Fern & Flax',
    subtotal: '0.00',
    base_fee: '5.00',
    shipping_fee: '5.00',
    threshold_free: null,
    free_shipping_reason: null,
    ...extra,
  };
}

/** A test's own answer to a call, or undefined to leave it to the defaults. */
export type CallOverride = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Mocks the API around a cart: `overrides` answer first (in order), then GET /api/cart/ answers
 * `cart` (null: the 404 'Cart is empty' of decision 0006), and anything else is a 404.
 */
export function mockCartApi(cart: CartResponse | null, ...overrides: CallOverride[]) {
  return mockFetch((call) => {
    for (const override of overrides) {
      const answer = override(call);
      if (answer) return answer;
    }
    if (call.url === '/api/cart/') {
      return cart
        ? jsonResponse(200, cart)
        : jsonResponse(404, { error: MESSAGES.cartEmpty, message: MESSAGES.cartEmpty });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}
