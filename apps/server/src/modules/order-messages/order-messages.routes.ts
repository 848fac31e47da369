import {
  errorResponse,
  ORDER_MESSAGE_LIMITS,
  ORDER_MESSAGE_MESSAGES,
  orderIdParams,
  orderMessageBody,
  orderMessageSentResponse,
  orderMessageSummariesResponse,
  orderMessagesResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { requireOwnedBusiness, requireOwnedOrder, sellerScope } from '../businesses';
import {
  brandSummaries,
  brandThread,
  buyerSummaries,
  buyerThread,
  type OrderMessagesDeps,
  sendAsBrand,
  sendAsBuyer,
} from './order-messages.service';

const LIMITS = `at most ${ORDER_MESSAGE_LIMITS.perMinute} a minute and ${ORDER_MESSAGE_LIMITS.perDay} a day per author and order (429 otherwise)`;

/**
 * Decision 0051: the buyer's and the brand's messages about a paid order. The buyer's calls
 * reach the signed-in account's own orders; the brand's go through the seller guard (DESIGN
 * 2.16), which finds the business from the order. Anything else is a 404, nothing written.
 */
export async function orderMessagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: OrderMessagesDeps = {
    db: app.deps.db,
    jobs: app.deps.jobs,
    publicUrl: app.deps.config.publicUrl,
  };
  const buyer = { tags: ['order messages'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.myOrderMessageSummaries),
    {
      onRequest: authenticate,
      schema: {
        ...buyer,
        summary:
          'Your paid orders that have messages with their brands: how many, and the last one’s time and side',
        response: { 200: orderMessageSummariesResponse, '4xx': errorResponse },
      },
    },
    async (request) => buyerSummaries(deps, requireUser(request).id),
  );

  app.get(
    fastifyPath(ROUTES.myOrderMessages),
    {
      onRequest: authenticate,
      schema: {
        ...buyer,
        summary: 'Your messages with the brand about one of your paid orders, oldest first',
        params: orderIdParams,
        response: { 200: orderMessagesResponse, '4xx': errorResponse },
      },
    },
    async (request) => buyerThread(deps, requireUser(request).id, request.params.orderId),
  );

  app.post(
    fastifyPath(ROUTES.sendMyOrderMessage),
    {
      onRequest: authenticate,
      schema: {
        ...buyer,
        summary: `Write to the brand about one of your paid orders (plain text, 1–${ORDER_MESSAGE_LIMITS.body} characters; the brand is e-mailed), ${LIMITS}`,
        params: orderIdParams,
        body: orderMessageBody,
        response: { 201: orderMessageSentResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const sent = await sendAsBuyer(
        deps,
        requireUser(request).id,
        request.params.orderId,
        request.body.body,
      );
      return reply.code(201).send({ message: ORDER_MESSAGE_MESSAGES.sent, order_message: sent });
    },
  );

  const seller = { tags: ['seller orders'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.sellerOrderMessageSummaries),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...seller,
        summary:
          "The business's paid orders that have messages with their buyers: how many, and the last one's time and side (its owner only)",
        params: businessIdParams,
        response: { 200: orderMessageSummariesResponse, '4xx': errorResponse },
      },
    },
    async (request) => brandSummaries(deps, sellerScope(request).businessId),
  );

  app.get(
    fastifyPath(ROUTES.sellerOrderMessages),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...seller,
        summary:
          "The messages with the buyer about one of the business's paid orders, oldest first (its owner only)",
        params: orderIdParams,
        response: { 200: orderMessagesResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      return brandThread(deps, businessId, orderId!);
    },
  );

  app.post(
    fastifyPath(ROUTES.sendSellerOrderMessage),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...seller,
        summary: `Write to the buyer of one of the business's paid orders (plain text, 1–${ORDER_MESSAGE_LIMITS.body} characters; the buyer is e-mailed; its owner only), ${LIMITS}`,
        params: orderIdParams,
        body: orderMessageBody,
        response: { 201: orderMessageSentResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId, orderId, userId } = sellerScope(request);
      const sent = await sendAsBrand(
        deps,
        { businessId, orderId: orderId!, userId },
        request.body.body,
      );
      return reply.code(201).send({ message: ORDER_MESSAGE_MESSAGES.sent, order_message: sent });
    },
  );
}
