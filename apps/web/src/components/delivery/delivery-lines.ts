import type { BusinessShipping } from '@leafline/contract/cart';
import type { DeliveryResponse } from '@leafline/contract/delivery';
import { DELIVERY_TEXTS } from '@leafline/contract/delivery-texts';
import { centsToPrice, formatMoney, priceToCents } from '@/lib/money';

/** '$75.00' → '$75', '$4.50' stays: the block's amounts as people say them. */
export const shortMoney = (price: string) => formatMoney(price).replace(/\.00$/, '');

/**
 * "Shipping $4.50 to US · Free over $50 (this brand) · Free on orders over $75", or "Free
 * shipping to US" for a brand that charges nothing there. The brand's own threshold only when
 * it comes before the marketplace's.
 */
export function shippingLine(d: DeliveryResponse): string {
  if (priceToCents(d.shipping_fee) === 0) return DELIVERY_TEXTS.freeShippingTo(d.country);
  const parts = [DELIVERY_TEXTS.shippingTo(formatMoney(d.shipping_fee), d.country)];
  if (
    d.threshold_free !== null &&
    priceToCents(d.threshold_free) < priceToCents(d.free_shipping_threshold)
  ) {
    parts.push(DELIVERY_TEXTS.brandFreeOver(shortMoney(d.threshold_free)));
  }
  parts.push(DELIVERY_TEXTS.marketplaceFreeOver(shortMoney(d.free_shipping_threshold)));
  return parts.join(' · ');
}

/** "Usually ships in 2 days · Arrives in about 5–7 days". */
export const estimateLine = (d: DeliveryResponse) =>
  `${DELIVERY_TEXTS.shipsIn(d.processing_days)} · ${DELIVERY_TEXTS.arrivesIn(d.delivery_days_min, d.delivery_days_max)}`;

/** "Returns accepted within 30 days" or "No returns". */
export const returnsLine = (d: Pick<DeliveryResponse, 'returns_accepted' | 'returns_days'>) =>
  d.returns_accepted && d.returns_days !== null
    ? DELIVERY_TEXTS.returnsWithin(d.returns_days)
    : DELIVERY_TEXTS.noReturns;

/**
 * One brand's shipping in the cart, from the cart's own answer (what checkout charges): the fee
 * and why it is free, else how much more ships it free — from this brand (its own threshold) or
 * in the whole cart (the marketplace's), whichever is nearer.
 */
export function cartShippingLine(
  brand: BusinessShipping,
  cart: { amount_to_free_shipping: string; free_shipping_threshold: string },
): string {
  const threshold = shortMoney(cart.free_shipping_threshold);
  if (priceToCents(brand.base_fee) === 0) return DELIVERY_TEXTS.cartFreeShipping;
  if (brand.free_shipping_reason === 'business_threshold' && brand.threshold_free !== null) {
    return `${DELIVERY_TEXTS.cartFreeShipping} · ${DELIVERY_TEXTS.freeByBrand(shortMoney(brand.threshold_free))}`;
  }
  if (brand.free_shipping_reason === 'marketplace_threshold') {
    return `${DELIVERY_TEXTS.cartFreeShipping} · ${DELIVERY_TEXTS.freeByMarketplace(threshold)}`;
  }
  const fee = DELIVERY_TEXTS.cartShipping(formatMoney(brand.shipping_fee));
  const toMarketplace = priceToCents(cart.amount_to_free_shipping);
  const toBrand =
    brand.threshold_free === null
      ? null
      : priceToCents(brand.threshold_free) - priceToCents(brand.subtotal);
  const nearer =
    toBrand !== null && toBrand > 0 && toBrand < toMarketplace
      ? DELIVERY_TEXTS.addForBrandFree(formatMoney(centsToPrice(toBrand)))
      : DELIVERY_TEXTS.addForMarketplaceFree(formatMoney(cart.amount_to_free_shipping), threshold);
  return `${fee} · ${nearer}`;
}
