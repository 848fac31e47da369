/**
 * @leafline/search-engine: an in-memory product search over PostgreSQL's own lexemes and
 * ranks (README.md). It imports nothing of the app: the app hands it products and brands as
 * data (ProductDoc, BrandDoc) and parsed queries (EngineQuery).
 */
export { SearchIndex } from './search-index';
export { editDistance, labelWords, SuggestionIndex } from './suggestions';
export {
  type DocumentTerm,
  hasPhrase,
  parseTsquery,
  parseTsvector,
  type QueryNode,
  queryLexemes,
} from './text';
export {
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
