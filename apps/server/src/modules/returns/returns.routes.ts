import {
  errorResponse,
  order,
  orderIdParams,
  orderReturnsResponse,
  returnDeclineBody,
  returnIdParams,
  returnRequestBody,
  sellerOrder,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { requireOwnedOrder, sellerScope } from '../businesses';
import {
  acceptReturn,
  brandReturns,
  buyerReturns,
  declineReturn,
  type ReturnsDeps,
  requestReturn,
} from './returns.service';

/**
 * Decision 0055: the buyer's return of a Delivered order and the brand's answer. The buyer's
 * calls reach the signed-in account's own orders (another's is a 404, nothing told); the brand's
 * go through the seller guard (DESIGN 2.16), which finds the business from the order.
 */
export async function returnsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ReturnsDeps = {
    db: app.deps.db,
    config: app.deps.config,
    payments: app.deps.payments,
    jobs: app.deps.jobs,
    log: app.log,
    publicUrl: app.deps.config.publicUrl,
  };
  const buyer = { tags: ['returns'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.myOrderReturns),
    {
      onRequest: authenticate,
      schema: {
        ...buyer,
        summary: 'The returns of one of your orders, oldest first',
        params: orderIdParams,
        response: { 200: orderReturnsResponse, '4xx': errorResponse },
      },
    },
    async (request) => buyerReturns(deps, requireUser(request).id, request.params.orderId),
  );

  app.post(
    fastifyPath(ROUTES.requestReturn),
    {
      onRequest: authenticate,
      schema: {
        ...buyer,
        summary:
          'Ask to return lines of a Delivered order within its brand’s returns window (a quantity and a reason each; the brand is e-mailed); the answer is the order. 409 when not returnable',
        params: orderIdParams,
        body: returnRequestBody,
        response: { 201: order, '4xx': errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await requestReturn(deps, requireUser(request).id, request.params.orderId, request.body),
        ),
  );

  const seller = { tags: ['seller orders'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.sellerOrderReturns),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...seller,
        summary: "The returns of one of the business's orders, oldest first (its owner only)",
        params: orderIdParams,
        response: { 200: orderReturnsResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      return brandReturns(deps, businessId, orderId!);
    },
  );

  app.post(
    fastifyPath(ROUTES.acceptReturn),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...seller,
        summary:
          "Accept a requested return: its lines refunded once through the brand's partial refund, the buyer e-mailed by it; the answer is the order (its owner only). 409 once declined",
        params: returnIdParams,
        response: { 200: sellerOrder, '4xx': errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      return acceptReturn(deps, { businessId, orderId: orderId! }, request.params.returnId);
    },
  );

  app.post(
    fastifyPath(ROUTES.declineReturn),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...seller,
        summary:
          'Decline a requested return with a reason the buyer is e-mailed; the answer is the order (its owner only). 409 once decided',
        params: returnIdParams,
        body: returnDeclineBody,
        response: { 200: sellerOrder, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      return declineReturn(
        deps,
        { businessId, orderId: orderId! },
        request.params.returnId,
        request.body.reason,
      );
    },
  );
}
