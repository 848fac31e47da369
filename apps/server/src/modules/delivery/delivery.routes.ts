import { deliveryQuery, deliveryResponse, errorResponse } from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { type DeliveryDeps, getDelivery } from './delivery.service';

/** Signed in when a token is sent (a bad one is a 401, so the web app refreshes it); else not. */
const hasToken = (request: FastifyRequest) => Boolean(request.headers.authorization?.trim());

async function authenticateIfSent(request: FastifyRequest): Promise<void> {
  if (hasToken(request)) await authenticate(request);
}

/**
 * `GET api/businesses/{businessId}/delivery/` (decision 0052): a brand's shipping, delivery
 * estimate and returns for the shopper's country. Open to everyone, a token optional; never in
 * the catalogue cache, since the country may be the signed-in shopper's.
 */
export async function deliveryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: DeliveryDeps = { db: app.deps.db };

  app.get(
    fastifyPath(ROUTES.businessDelivery),
    {
      onRequest: authenticateIfSent,
      schema: {
        tags: ['catalog'],
        summary:
          "A brand's shipping fee, free-shipping rules, delivery estimate and returns policy for ?country=, else the signed-in shopper's default address's country, else US (a token is optional)",
        security: [{}, ...bearerSecurity],
        params: businessIdParams,
        querystring: deliveryQuery,
        response: { 200: deliveryResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const userId = hasToken(request) ? requireUser(request).id : null;
      // Per shopper: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return getDelivery(deps, request.params.businessId, {
        userId,
        country: request.query.country,
      });
    },
  );
}
