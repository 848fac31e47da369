/**
 * The search module's face: what other modules, the app and the tests may use (DESIGN §5).
 * Nothing else in this folder is imported from outside it. The engine itself is the package
 * @leafline/search-engine; this module holds its adapter (kept in step with PostgreSQL), the
 * SQL search, the port both answer and the routes (decision 0031).
 */
export { createSearchEngine, type SearchEngine } from './engine-search';
export { searchRoutes } from './search.routes';
