import type { Db } from '../../db/client';
import { businessesNotShippingFreeAt, freeShippingFromOfAll } from '../shipping';
import { correctWords, searchProducts } from './search.repo';
import { FREE_SHIPPING_COUNTRY } from './search-criteria';
import type { SearchPort } from './search-port';

/**
 * The PostgreSQL adapter of the search port (DESIGN 2.11, decision 0005): the weighted
 * document with its GIN index, `websearch_to_tsquery`, typo correction through pg_trgm and
 * `ts_rank` (search.repo.ts). It answers every search, phrases included; it counts no facets
 * and suggests nothing (the engine does, once loaded), and filters no curated list.
 */
export function createSqlSearch(db: Db): SearchPort {
  return {
    async search(request, limit, offset) {
      const at = request.refinements.freeShippingAtCents;
      const { shipsFree, country } = request.refinements;
      const [corrected, notShippingFree, shipsFreeFrom] = await Promise.all([
        correctWords(db, request.words),
        at === null ? [] : businessesNotShippingFreeAt(db, at, FREE_SHIPPING_COUNTRY),
        shipsFree ? freeShippingFromOfAll(db, country) : new Map<number, number>(),
      ]);
      return searchProducts(
        db,
        { ...request, corrected, notShippingFree, shipsFreeFrom },
        limit,
        offset,
      );
    },
    facets: async () => null,
    facetsOfList: async () => null,
    filterList: async () => null,
    suggest: async () => null,
  };
}
