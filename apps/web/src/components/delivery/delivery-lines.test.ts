import type { BusinessShipping } from '@leafline/contract/cart';
import type { DeliveryResponse } from '@leafline/contract/delivery';
import { describe, expect, it } from 'vitest';
import { cartShippingLine, estimateLine, returnsLine, shippingLine } from './delivery-lines';

const delivery = (extra: Partial<DeliveryResponse> = {}): DeliveryResponse => ({
  business: 3,
  country: 'US',
  shipping_fee: '4.50',
  threshold_free: '50.00',
  free_shipping_threshold: '75.00',
  ships_free_from: '50.00',
  processing_days: 2,
  transit_days_min: 3,
  transit_days_max: 5,
  delivery_days_min: 5,
  delivery_days_max: 7,
  returns_accepted: true,
  returns_days: 30,
  ...extra,
});

const brand = (extra: Partial<BusinessShipping> = {}): BusinessShipping => ({
  business: 3,
  business_name: 'Fern & Flax',
  subtotal: '30.00',
  base_fee: '4.50',
  shipping_fee: '4.50',
  threshold_free: '40.00',
  free_shipping_reason: null,
  ...extra,
});

const cart = { amount_to_free_shipping: '45.00', free_shipping_threshold: '75.00' };

describe('the Shipping & returns lines', () => {
  it('says the fee, the brand’s threshold and the $75 rule', () => {
    expect(shippingLine(delivery())).toBe(
      'Shipping $4.50 to US · Free over $50 (this brand) · Free on orders over $75',
    );
    expect(shippingLine(delivery({ threshold_free: null }))).toBe(
      'Shipping $4.50 to US · Free on orders over $75',
    );
    // A brand threshold above $75 never applies first.
    expect(shippingLine(delivery({ threshold_free: '100.00' }))).toBe(
      'Shipping $4.50 to US · Free on orders over $75',
    );
    expect(shippingLine(delivery({ shipping_fee: '0.00' }))).toBe('Free shipping to US');
  });

  it('says the estimate and the returns policy', () => {
    expect(estimateLine(delivery({ processing_days: 1 }))).toBe(
      'Usually ships in 1 day · Arrives in about 5–7 days',
    );
    expect(returnsLine(delivery())).toBe('Returns accepted within 30 days');
    expect(returnsLine(delivery({ returns_accepted: false, returns_days: null }))).toBe(
      'No returns',
    );
  });

  it('tells the cart how far each brand is from free shipping, the nearer rule first', () => {
    expect(cartShippingLine(brand(), cart)).toBe(
      'Shipping $4.50 · Add $10.00 more from this brand for free shipping',
    );
    expect(cartShippingLine(brand({ threshold_free: null }), cart)).toBe(
      'Shipping $4.50 · Add $45.00 more to your cart for free shipping on orders over $75',
    );
    expect(
      cartShippingLine(
        brand({ shipping_fee: '0.00', free_shipping_reason: 'business_threshold' }),
        cart,
      ),
    ).toBe('Free shipping · this brand ships free over $40');
    expect(
      cartShippingLine(
        brand({ shipping_fee: '0.00', free_shipping_reason: 'marketplace_threshold' }),
        cart,
      ),
    ).toBe('Free shipping · orders over $75 ship free');
    expect(cartShippingLine(brand({ base_fee: '0.00', shipping_fee: '0.00' }), cart)).toBe(
      'Free shipping',
    );
  });
});
