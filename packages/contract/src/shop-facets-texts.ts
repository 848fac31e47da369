/**
 * The shop's brand facet and "Ships free to me" (issue 30 point 6, docs/decisions/0057): their
 * limits and every text, without zod — the shop page imports these and keeps its JavaScript
 * small. catalog.ts uses them in the shapes of `api/search/` and `api/search/facets/`.
 */
import { DELIVERY_MESSAGES } from './delivery-texts';

/** Most brands one search may choose (`brands=3,7,…`). */
export const SEARCH_MAX_BRANDS = 20;
/** Most brands the brand facet lists (those with the most products; the chosen ones always). */
export const SEARCH_BRAND_FACET_MAX = 100;
/** From this many brands the facet offers a box to find one, and shows the first few only. */
export const BRAND_FACET_SEARCHABLE_FROM = 8;
/** The brands the facet shows folded (the chosen ones besides). */
export const BRAND_FACET_FOLDED = 6;

/** What the API answers when the brand or country parameters are wrong. */
export const SHOP_FACET_MESSAGES = {
  brands: `brands must be brand ids separated by commas, at most ${SEARCH_MAX_BRANDS}.`,
  country: DELIVERY_MESSAGES.country,
} as const;

/** The shop panel's texts. */
export const SHOP_FACET_TEXTS = {
  brand: 'Brand',
  shipsFreeToMe: 'Ships free to me',
  findBrand: 'Find a brand',
  noBrandFound: 'No brand by that name here.',
  showAllBrands: (count: number) => `Show all ${count} brands`,
  showFewerBrands: 'Show fewer brands',
} as const;
