/**
 * @leafline/search-engine: an in-memory product search over PostgreSQL's own lexemes and
 * ranks (README.md). It imports nothing of the app: the app hands it products and brands as
 * data (ProductDoc, BrandDoc) and parsed queries (EngineQuery).
 */
export { SearchIndex } from './search-index';
export { type DocumentTerm, hasPhrase, parseTsquery, type QueryNode } from './text';
export {
  type BrandCount,
  type BrandDoc,
  type EngineQuery,
  type FacetCounts,
  NO_REFINEMENTS,
  type ProductDoc,
  type ProductSummary,
  type SearchIndexOptions,
  type SearchPage,
  type SearchRefinements,
  type SortOrder,
  type Suggestion,
} from './types';
