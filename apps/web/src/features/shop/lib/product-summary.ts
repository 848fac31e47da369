import type { ProductCondition } from '@leafline/contract/constants';

/**
 * A product as a search page lists it and the shop cache keeps it (SPEC §3: id, name,
 * price, business, condition, primary_image). Prices are decimal strings ("15.00").
 */
export interface ProductSummary {
  id: number;
  name: string;
  price: string;
  business: number;
  condition: ProductCondition;
  primary_image: string | null;
}

/** Business id → name, as the shop cache keeps it (JSON object keys are strings). */
export type BusinessNames = Record<string, string>;

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
}

export function toProductCard(product: ProductSummary, names: BusinessNames = {}): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    primaryImage: product.primary_image,
    businessId: product.business,
    businessName: names[String(product.business)],
    condition: product.condition,
  };
}
