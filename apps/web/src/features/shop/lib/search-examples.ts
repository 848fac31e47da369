/**
 * The example products the shop's search box cycles through (SPEC §2 Shop, §9: seven of
 * them). Real products of the demo catalogue, one or two per category.
 */
export const SEARCH_EXAMPLES = [
  'Bamboo Toothbrush',
  'Organic Cotton Tee',
  'Beeswax Food Wraps',
  'Cork Insole Sneaker',
  'Shampoo Bar',
  'Hemp Tote Bag',
  'Soy Wax Candle',
] as const;
