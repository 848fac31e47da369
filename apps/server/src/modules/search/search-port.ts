import type { SearchFilter, SearchSuggestion } from '@leafline/contract/catalog';
import type { SummaryRow } from '../catalog';
import type { FacetCounts, SearchRefinements } from './search-criteria';

/**
 * The port the shop's search talks to (decision 0031). Two adapters answer it: the in-memory
 * engine of this instance (engine-search.ts: @leafline/search-engine kept in step with
 * PostgreSQL) and the SQL search (sql-search.ts). Each call may answer null, "not this
 * adapter, not now" (the engine while its index loads, or for a phrase it cannot place; the SQL
 * search counts no facets and suggests nothing): search.service asks the adapters in turn.
 */
export interface SearchPort {
  /** A page of results and the count of all. */
  search(request: SearchRequest, limit: number, offset: number): Promise<SearchResults | null>;
  /** How many products each filter choice of the search would find. */
  facets(request: SearchRequest): Promise<FacetCounts | null>;
  /** The facet counts of a fixed list of products (a curated list). */
  facetsOfList(ids: readonly number[], refinements: SearchRefinements): Promise<FacetCounts | null>;
  /** Of a fixed list of products, those shown that pass the refinements. */
  filterList(
    ids: readonly number[],
    refinements: SearchRefinements,
  ): Promise<ReadonlySet<number> | null>;
  /** Search as you type. */
  suggest(q: string): Promise<SearchSuggestion[] | null>;
}

/** One search as the shop asks it, before an adapter parses its terms. */
export interface SearchRequest {
  /** The terms as typed; '' lists everything. */
  terms: string;
  /** Their lower-case words (termWords), for the typo correction. */
  words: string[];
  /** A product_category, or null for all. */
  productCategory: string | null;
  sort: SearchFilter;
  refinements: SearchRefinements;
}

export interface SearchResults {
  rows: SummaryRow[];
  total: number;
}

/** The first adapter's answer that is not null (null when none answers). */
export async function firstAnswer<T>(
  ports: readonly SearchPort[],
  ask: (port: SearchPort) => Promise<T | null>,
): Promise<T | null> {
  for (const port of ports) {
    const answer = await ask(port);
    if (answer !== null) return answer;
  }
  return null;
}
