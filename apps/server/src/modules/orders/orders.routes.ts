import {
  awaitingPaymentResponse,
  errorResponse,
  order,
  orderIdParams,
  ordersResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { getOrder, listAwaitingPayments, listOrders, type OrdersDeps } from './orders.service';

/** SPEC §7 `GET api/orders/` and `GET api/orders/{orderId}/`: the buyer's own orders only. */
export async function ordersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: OrdersDeps = { db: app.deps.db };
  const common = { tags: ['orders'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.orders),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          "The user's orders, newest first: paid ones only (a checkout waiting for payment is in awaiting-payment/)",
        response: { 200: ordersResponse, '4xx': errorResponse },
      },
    },
    async (request) => listOrders(deps, requireUser(request).id),
  );

  app.get(
    fastifyPath(ROUTES.awaitingPayment),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          "The user's checkout waiting for payment while its page is open, as one entry with its payment_url ([] when none)",
        response: { 200: awaitingPaymentResponse, '4xx': errorResponse },
      },
    },
    async (request) => listAwaitingPayments(deps, requireUser(request).id),
  );

  app.get(
    fastifyPath(ROUTES.order),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "One of the user's orders; another user's is 404 'Order not found'",
        params: orderIdParams,
        response: { 200: order, '4xx': errorResponse },
      },
    },
    async (request) => getOrder(deps, requireUser(request).id, request.params.orderId),
  );
}
