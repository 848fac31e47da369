import { DEFAULT_SHIPPING_COUNTRY } from '@leafline/contract';

/**
 * What one search asks, once parsed (issue 15): the same refinements and facet counts for the
 * in-memory engine (@leafline/search-engine, whose types they are) and for the SQL query of
 * search.repo.ts, which must answer them alike.
 */
export { type FacetCounts, NO_REFINEMENTS, type SearchRefinements } from '@leafline/search-engine';

/** The country of the shop's free-shipping filter: the one the shop ships to (SPEC §9). */
export const FREE_SHIPPING_COUNTRY = DEFAULT_SHIPPING_COUNTRY;
