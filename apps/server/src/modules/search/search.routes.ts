import { errorResponse } from '@leafline/contract';
import { searchQuery, searchResponse } from '@leafline/contract/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogDeps } from '../catalog/catalog.service';
import { search } from './search.service';

/** `api/search/` of SPEC §7: ranked, typo-tolerant, DRF-style pages (DESIGN 2.11). */
export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: CatalogDeps = { db: app.deps.db, publicUrl: app.deps.config.publicUrl };

  app.get(
    '/api/search/',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the shop: terms, category, price sort, pages of 20 (at most 100)',
        querystring: searchQuery,
        response: { 200: searchResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      app.deps.catalogCache.respond(request, reply, searchResponse, () =>
        search(deps, request.query, request.url),
      ),
  );
}
