import type { CartItem, CartResponse } from '@leafline/contract/cart';
import { centsToPrice, priceToCents } from '@/lib/money';

export interface BrandGroup {
  business: number;
  businessName: string;
  items: CartItem[];
}

/** The cart's lines by brand, brands in the order they first appear. */
export function groupByBrand(items: readonly CartItem[]): BrandGroup[] {
  const groups = new Map<number, BrandGroup>();
  for (const item of items) {
    let group = groups.get(item.business);
    if (!group) {
      group = { business: item.business, businessName: item.business_name, items: [] };
      groups.set(item.business, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/**
 * The cart as it will be once a line has `quantity` (0: gone), for the optimistic update.
 * Only what the cart page shows is recomputed (line total, subtotal, count); shipping is
 * the server's to say and arrives with the refetch. Null when no line is left.
 */
export function withQuantity(
  cart: CartResponse,
  itemId: number,
  quantity: number,
): CartResponse | null {
  const items = cart.items
    .map((item) =>
      item.id === itemId
        ? {
            ...item,
            quantity,
            total_price: centsToPrice(priceToCents(item.product_price) * quantity),
          }
        : item,
    )
    .filter((item) => item.quantity > 0);
  if (items.length === 0) return null;
  const subtotal = items.reduce((sum, item) => sum + priceToCents(item.total_price), 0);
  return {
    ...cart,
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: centsToPrice(subtotal),
    total: centsToPrice(subtotal + priceToCents(cart.total_shipping_fees)),
  };
}

/** 'Size M / Sage', or null for a product without options. */
export function optionsLabel(item: Pick<CartItem, 'variant_option1' | 'variant_option2'>) {
  const parts = [item.variant_option1, item.variant_option2]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' / ') : null;
}
