/** The keys of the shop's address that say its filters (the rest of the address is ignored). */
export const SHOP_URL_KEYS = [
  'search',
  'category',
  'filter',
  'page',
  'second_hand',
  'in_stock',
  'verified',
  'min_price',
  'max_price',
  'free_shipping_at',
  'brands',
  'ships_free',
] as const;

/** Whether the address says anything about the shop's filters. */
export function hasFilterParams(params: URLSearchParams): boolean {
  return SHOP_URL_KEYS.some((key) => params.has(key));
}
