import {
  businessIdParams,
  errorResponse,
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  followBody,
  followedNewProductsResponse,
  followSavedResponse,
  followsResponse,
  messageResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import {
  type FollowsDeps,
  follow,
  followedNewProducts,
  listFollows,
  unfollow,
} from './follows.service';

/**
 * The brands a shopper follows (docs/decisions/0050): list, follow, unfollow, and their new
 * products for the home row. Every call is the signed-in account's own: its id comes from the
 * token only.
 */
export async function followsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: FollowsDeps = { db: app.deps.db };
  const common = { tags: ['follows'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.follows),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The open brands you follow, newest follow first',
        response: { 200: followsResponse, '4xx': errorResponse },
      },
    },
    async (request) => listFollows(deps, requireUser(request).id),
  );

  app.post(
    fastifyPath(ROUTES.follow),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          'Follow a brand (201; 200 when you already do). 404 for a brand that is not open, 409 beyond the cap',
        body: followBody,
        response: { 200: followSavedResponse, 201: followSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { created, business } = await follow(
        deps,
        requireUser(request).id,
        request.body.business_id,
      );
      const message = created ? FOLLOW_MESSAGES.followed : FOLLOW_MESSAGES.alreadyFollowed;
      return reply.code(created ? 201 : 200).send({ message, business });
    },
  );

  app.delete(
    fastifyPath(ROUTES.unfollow),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Stop following a brand (200 whether or not you did)',
        params: businessIdParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await unfollow(deps, requireUser(request).id, request.params.businessId);
      return { message: FOLLOW_MESSAGES.unfollowed };
    },
  );

  app.get(
    fastifyPath(ROUTES.followedNewProducts),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: `The newest products of the brands you follow: added in the last ${FOLLOW_LIMITS.newProductsDays} days, at most ${FOLLOW_LIMITS.newProductsMax}`,
        response: { 200: followedNewProductsResponse, '4xx': errorResponse },
      },
    },
    async (request) => followedNewProducts(deps, requireUser(request).id),
  );
}
