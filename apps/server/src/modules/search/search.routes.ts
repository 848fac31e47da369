import { errorResponse } from '@leafline/contract';
import {
  searchFacetsResponse,
  searchQuery,
  searchResponse,
  searchSuggestionsQuery,
  searchSuggestionsResponse,
} from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import {
  type SearchDeps,
  SearchUnavailableError,
  search,
  searchFacets,
  searchSuggestions,
} from './search.service';
import { createSqlSearch } from './sql-search';

/** Seconds a client is asked to wait while the search index is still loading. */
const LOADING_RETRY_SECONDS = 5;

/**
 * `api/search/` of SPEC §7 (ranked, typo-tolerant, DRF-style pages; DESIGN 2.11) and the calls
 * of issue 15 beside it: the facet counts of the shop's filters and search as you type. All are
 * answered through the search port (this instance's in-memory engine, decision 0023, then the
 * SQL search; decision 0031) and go through the catalogue cache.
 */
export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: SearchDeps = {
    db: app.deps.db,
    publicUrl: app.deps.config.publicUrl,
    // The in-memory engine first; the SQL search answers what it does not (search-port.ts).
    search: [app.deps.searchEngine, createSqlSearch(app.deps.db)],
  };

  app.get(
    fastifyPath(ROUTES.search),
    {
      schema: {
        tags: ['search'],
        summary:
          'Search the shop: terms, category, price sort, filters (second-hand, verified brands, price range, free US shipping), pages of 20 (at most 100)',
        querystring: searchQuery,
        response: { 200: searchResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      app.deps.catalogCache.respond(request, reply, searchResponse, () =>
        search(deps, request.query, request.url),
      ),
  );

  app.get(
    fastifyPath(ROUTES.searchFacets),
    {
      schema: {
        tags: ['search'],
        summary:
          'How many products each filter choice of a search would find (same query as api/search/)',
        querystring: searchQuery,
        response: { 200: searchFacetsResponse, '4xx': errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        return await app.deps.catalogCache.respond(request, reply, searchFacetsResponse, () =>
          searchFacets(deps, request.query),
        );
      } catch (error) {
        if (!(error instanceof SearchUnavailableError)) throw error;
        return reply
          .status(503)
          .header('Retry-After', String(LOADING_RETRY_SECONDS))
          .send({ error: 'The shop’s filters are starting up. Please try again in a moment.' });
      }
    },
  );

  app.get(
    fastifyPath(ROUTES.searchSuggestions),
    {
      schema: {
        tags: ['search'],
        summary: 'Search as you type: product names, brands and categories for what was typed',
        querystring: searchSuggestionsQuery,
        response: { 200: searchSuggestionsResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      app.deps.catalogCache.respond(request, reply, searchSuggestionsResponse, async () => ({
        query: request.query.q,
        suggestions: await searchSuggestions(deps, request.query.q),
      })),
  );
}
