import { errorResponse } from '@leafline/contract';
import {
  businessIdParams,
  curatedListParams,
  curatedListResponse,
  idParams,
  pageQuery,
  productDetailResponse,
  publicBusinessesResponse,
  publicBusinessResponse,
  storefrontProductsResponse,
  sustainabilityNotesResponse,
} from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import {
  type CatalogDeps,
  getCuratedList,
  getProductDetail,
  getPublicBusiness,
  getStorefrontProducts,
  getSustainabilityNotes,
  listPublicBusinesses,
} from './catalog.service';

/**
 * Catalogue calls of SPEC §7 (no auth): product detail, public business, business list,
 * storefront products, sustainability notes and the curated lists of DESIGN 2.9.
 */
export async function catalogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: CatalogDeps = { db: app.deps.db, publicUrl: app.deps.config.publicUrl };
  const tags = ['catalog'];
  const cache = app.deps.catalogCache;

  app.get(
    fastifyPath(ROUTES.product),
    {
      schema: {
        tags,
        summary: 'A product with its images and live variants',
        params: idParams,
        response: { 200: productDetailResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, productDetailResponse, () =>
        getProductDetail(deps, request.params.id),
      ),
  );

  app.get(
    fastifyPath(ROUTES.publicBusiness),
    {
      schema: {
        tags,
        summary: 'The public profile of an open business',
        params: idParams,
        response: { 200: publicBusinessResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, publicBusinessResponse, () =>
        getPublicBusiness(deps, request.params.id),
      ),
  );

  app.get(
    fastifyPath(ROUTES.publicBusinesses),
    {
      schema: {
        tags,
        summary: 'Open businesses by name (the home carousel; hidden ids: api/curated/)',
        response: { 200: publicBusinessesResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, publicBusinessesResponse, () => listPublicBusinesses(deps)),
  );

  app.get(
    fastifyPath(ROUTES.storefrontProducts),
    {
      schema: {
        tags,
        summary: 'The products of a business, newest first, 10 a page',
        params: idParams,
        querystring: pageQuery,
        response: { 200: storefrontProductsResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, storefrontProductsResponse, () =>
        getStorefrontProducts(deps, request.params.id, request.query.page ?? 1, request.url),
      ),
  );

  app.get(
    fastifyPath(ROUTES.sustainabilityNotes),
    {
      schema: {
        tags,
        summary: 'The sustainability notes of a business',
        params: businessIdParams,
        response: { 200: sustainabilityNotesResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, sustainabilityNotesResponse, () =>
        getSustainabilityNotes(deps, request.params.businessId),
      ),
  );

  app.get(
    fastifyPath(ROUTES.curatedList),
    {
      schema: {
        tags,
        summary:
          'A curated list: newly_added, current_favorites, people_also_love (products) or hidden_businesses (ids)',
        params: curatedListParams,
        response: { 200: curatedListResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      cache.respond(request, reply, curatedListResponse, () =>
        getCuratedList(deps, request.params.key),
      ),
  );
}
