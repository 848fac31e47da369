import type { ProductCondition } from '@leafline/contract/constants';
import type { BusinessNames, ProductSummary } from '@/lib/shop-cache';

/** The props of a product card, before its business name is known. */
export interface ProductCardData {
  id: number;
  name: string;
  price: string;
  primaryImage: string | null;
  businessId: number;
  /** Undefined while the business's name is still loading. */
  businessName?: string | undefined;
  condition: ProductCondition;
  /** Nothing left to buy (issue 26); absent on pages cached before stock was counted. */
  soldOut?: boolean;
  /** Its buyers' average (one decimal) and how many rated it (issue 27); absent: none. */
  ratingAverage?: number | null;
  ratingCount?: number;
}

/** A listed product as card props: its own business name (API lists carry it), else the
 * one in `names` (the shop cache keeps names apart). */
export function toProductCard(
  product: ProductSummary & { business_name?: string },
  names: BusinessNames = {},
): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    primaryImage: product.primary_image,
    businessId: product.business,
    businessName: product.business_name || names[String(product.business)],
    condition: product.condition,
    soldOut: product.sold_out === true,
    ratingAverage: product.rating_average ?? null,
    ratingCount: product.rating_count ?? 0,
  };
}
