import type { BusinessShipping, CartItem, CartResponse } from '@leafline/contract/cart';
import { freeShippingAmount } from '@/components/ui/free-shipping-banner';
import { formatMoney, priceToCents } from '@/lib/money';

export interface BrandSummary {
  business: number;
  businessName: string;
  items: CartItem[];
  shipping: BusinessShipping | undefined;
}

/** The cart by brand, in the order of `shipping_by_business` (the order brands first appear). */
export function brandSummaries(cart: CartResponse): BrandSummary[] {
  const byBrand = new Map<number, BrandSummary>();
  for (const entry of cart.shipping_by_business) {
    byBrand.set(entry.business, {
      business: entry.business,
      businessName: entry.business_name,
      items: [],
      shipping: entry,
    });
  }
  for (const item of cart.items) {
    let brand = byBrand.get(item.business);
    if (!brand) {
      brand = {
        business: item.business,
        businessName: item.business_name,
        items: [],
        shipping: undefined,
      };
      byBrand.set(item.business, brand);
    }
    brand.items.push(item);
  }
  return [...byBrand.values()].filter((brand) => brand.items.length > 0);
}

/** A brand's shipping as the summary says it: '$5.00', or 'Free' and why. */
export function shippingLabel(shipping: BusinessShipping | undefined): {
  amount: string;
  reason: string | null;
} {
  if (!shipping) return { amount: formatMoney(0), reason: null };
  const free = priceToCents(shipping.shipping_fee) === 0;
  if (!free) return { amount: formatMoney(shipping.shipping_fee), reason: null };
  if (shipping.free_shipping_reason === 'marketplace_threshold') {
    return { amount: 'Free', reason: `Your order is ${freeShippingAmount()} or more` };
  }
  if (shipping.free_shipping_reason === 'business_threshold' && shipping.threshold_free) {
    return {
      amount: 'Free',
      reason: `${shipping.business_name} ships free from ${formatMoney(shipping.threshold_free)}`,
    };
  }
  return { amount: 'Free', reason: null };
}

/** 'Size M / Sage', or null for a product without options. */
export function optionsLabel(item: Pick<CartItem, 'variant_option1' | 'variant_option2'>) {
  const parts = [item.variant_option1, item.variant_option2]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' / ') : null;
}
