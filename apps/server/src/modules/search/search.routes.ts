import { DEFAULT_SHIPPING_COUNTRY, errorResponse } from '@leafline/contract';
import {
  searchFacetsResponse,
  searchQuery,
  searchResponse,
  searchSuggestionsQuery,
  searchSuggestionsResponse,
} from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { shopperCountry } from '../delivery';
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

/** The country an answer is for, and the catalogue cache's key of that answer. */
interface ShopperCountry {
  country: string;
  cacheKey: string;
}

/**
 * The shopper's country for "Ships free to me" (decision 0057), as the delivery call finds it:
 * `?country=`, else the signed-in shopper's default address's (read only when a token is sent
 * and the answer depends on the country: `dependsOnCountry`), else US. The answer is a function
 * of its address and that country only, so the catalogue cache keeps it under both; one found
 * through the token is marked private, no-store for any cache outside this process (it varies
 * with who asks). A bad token is a 401, so the web app renews it.
 */
async function countryFor(
  db: Db,
  request: FastifyRequest<{ Querystring: { country?: string | undefined } }>,
  reply: FastifyReply,
  dependsOnCountry: boolean,
): Promise<ShopperCountry> {
  const asked = request.query.country;
  if (asked) return { country: asked, cacheKey: request.url };
  if (!dependsOnCountry || !request.headers.authorization?.trim()) {
    return { country: DEFAULT_SHIPPING_COUNTRY, cacheKey: request.url };
  }
  await authenticate(request);
  const country = await shopperCountry(db, requireUser(request).id);
  reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
  // Never a request's address (those start with '/'): the answer for that country.
  return { country, cacheKey: `country=${country} ${request.url}` };
}

/**
 * `api/search/` of SPEC §7 (ranked, typo-tolerant, DRF-style pages; DESIGN 2.11) and the calls
 * of issue 15 beside it: the facet counts of the shop's filters and search as you type. All are
 * answered through the search port (this instance's in-memory engine, decision 0023, then the
 * SQL search; decision 0031) and go through the catalogue cache — an answer for the signed-in
 * shopper's country under that country (countryFor, decision 0057).
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
          "Search the shop: terms, category, price sort, filters (second-hand, verified brands, price range, free US shipping, brands, ships free to the shopper's country: ?country=, else the signed-in shopper's default address's, else US), pages of 20 (at most 100)",
        security: [{}, ...bearerSecurity],
        querystring: searchQuery,
        response: { 200: searchResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { country, cacheKey } = await countryFor(
        deps.db,
        request,
        reply,
        request.query.ships_free,
      );
      return app.deps.catalogCache.respond(
        request,
        reply,
        searchResponse,
        () => search(deps, request.query, request.url, country),
        cacheKey,
      );
    },
  );

  app.get(
    fastifyPath(ROUTES.searchFacets),
    {
      schema: {
        tags: ['search'],
        summary:
          "How many products each filter choice of a search would find, each brand's among them, and how many ship free to the shopper's country (same query as api/search/)",
        security: [{}, ...bearerSecurity],
        querystring: searchQuery,
        response: { 200: searchFacetsResponse, '4xx': errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      // The ships-free count is always the shopper's country's.
      const { country, cacheKey } = await countryFor(deps.db, request, reply, true);
      try {
        return await app.deps.catalogCache.respond(
          request,
          reply,
          searchFacetsResponse,
          () => searchFacets(deps, request.query, country),
          cacheKey,
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
