import {
  errorResponse,
  FAVORITE_MESSAGES,
  favoriteBody,
  favoriteSavedResponse,
  favoritesMergeBody,
  favoritesMergedResponse,
  favoritesResponse,
  messageResponse,
  productIdParams,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import {
  addFavorite,
  type FavoritesDeps,
  listFavorites,
  mergeFavorites,
  removeFavorite,
} from './favorites.service';

/**
 * The shopper's favourites (docs/decisions/0050): list, save, merge the browser's at sign-in,
 * remove. Every call is the signed-in account's own: its id comes from the token only.
 */
export async function favoritesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: FavoritesDeps = { db: app.deps.db };
  const common = { tags: ['favorites'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.favorites),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Your favourite products that the shop shows, newest first',
        response: { 200: favoritesResponse, '4xx': errorResponse },
      },
    },
    async (request) => listFavorites(deps, requireUser(request).id),
  );

  app.post(
    fastifyPath(ROUTES.addFavorite),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          'Save a product to your Favourites (201; 200 when it already is). 404 for a product the shop does not show, 409 beyond the cap',
        body: favoriteBody,
        response: { 200: favoriteSavedResponse, 201: favoriteSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { created, product } = await addFavorite(
        deps,
        requireUser(request).id,
        request.body.product_id,
      );
      const message = created ? FAVORITE_MESSAGES.saved : FAVORITE_MESSAGES.alreadySaved;
      return reply.code(created ? 201 : 200).send({ message, product });
    },
  );

  app.post(
    fastifyPath(ROUTES.mergeFavorites),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          'Add the products saved in the browser while signed out (newest first); those the shop does not show, or beyond the cap, are skipped',
        body: favoritesMergeBody,
        response: { 200: favoritesMergedResponse, '4xx': errorResponse },
      },
    },
    async (request) => mergeFavorites(deps, requireUser(request).id, request.body.product_ids),
  );

  app.delete(
    fastifyPath(ROUTES.removeFavorite),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Remove a product from your Favourites (200 whether or not it was there)',
        params: productIdParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await removeFavorite(deps, requireUser(request).id, request.params.productId);
      return { message: FAVORITE_MESSAGES.removed };
    },
  );
}
