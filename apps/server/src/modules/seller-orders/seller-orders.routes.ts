import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  errorResponse,
  IDEMPOTENCY_KEY_HEADER,
  orderExportQuery,
  orderIdParams,
  PARTIAL_REFUND_MESSAGES,
  partialRefundBody,
  payoutLedgerQuery,
  payoutLedgerResponse,
  payoutStatementQuery,
  REFUND_LIMITS,
  SELLER_PAGE_SIZE,
  sellerOrder,
  sellerOrdersQuery,
  sellerOrdersResponse,
  sellerOrderUpdateBody,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsvFile } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, requireOwnedOrder, sellerScope } from '../businesses';
import { exportFileName, orderExportCsv } from './order-export';
import { listPayoutLedger, payoutStatementCsv, statementFileName } from './payout-ledger.service';
import {
  listSellerOrders,
  refundSellerOrder,
  type SellerOrdersDeps,
  updateSellerOrder,
} from './seller-orders.service';

/**
 * SPEC §7 `GET api/business/orders/{businessId}/` and `PATCH api/business/orders/edit/{orderId}/`:
 * the owner's orders of one business, and the owner's edit of one order. Anything the caller
 * does not own is a 404 from the seller guard (DESIGN 2.16), whatever the body holds.
 */
export async function sellerOrdersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: SellerOrdersDeps = {
    db: app.deps.db,
    config: app.deps.config,
    payments: app.deps.payments,
    jobs: app.deps.jobs,
    log: app.log,
  };
  const common = { tags: ['seller orders'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.sellerOrders),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: `A business's orders, newest first, ${SELLER_PAGE_SIZE} a page (?page=), narrowed by ?status= (one of the six), ?q= (an order number, or part of the buyer's name or e-mail) and ordered by ?sort=newest|oldest; the total of the narrowed list in X-Total-Count (its owner only)`,
        params: businessIdParams,
        querystring: sellerOrdersQuery,
        response: { 200: sellerOrdersResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      const { page, ...filter } = request.query;
      const { orders, total } = await listSellerOrders(deps, businessId, page, filter);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return orders;
    },
  );

  app.get(
    fastifyPath(ROUTES.orderExport),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary:
          "A business's orders created from `from` to `to` (YYYY-MM-DD, both days included, UTC) as CSV: one row per order line, oldest first, streamed (its owner only)",
        params: businessIdParams,
        querystring: orderExportQuery,
        // The CSV text, streamed (not serialised: a stream is sent as it is).
        response: { 200: z.unknown().describe('text/csv; charset=utf-8'), '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      // A client that leaves mid-download closes the response: no further batch is read (the
      // stream's own close waits for the batch being read, and would start the next one).
      const left = new AbortController();
      reply.raw.on('close', () => left.abort());
      const stream = Readable.from(
        orderExportCsv(deps.db, businessId, request.query, { signal: left.signal }),
      );
      stream.on('error', (error) => request.log.error({ err: error }, 'orders export failed'));
      return sendCsvFile(reply, exportFileName(businessId, request.query), stream);
    },
  );

  app.get(
    fastifyPath(ROUTES.payoutLedger),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: `A business's payouts, newest first, ${SELLER_PAGE_SIZE} a page (?page=), narrowed by ?month=YYYY-MM (UTC) and ?status=; with the count and the gross, commission and net totals of all it narrowed (its owner only)`,
        params: businessIdParams,
        querystring: payoutLedgerQuery,
        response: { 200: payoutLedgerResponse, '4xx': errorResponse },
      },
    },
    async (request) => listPayoutLedger(deps.db, sellerScope(request).businessId, request.query),
  );

  app.get(
    fastifyPath(ROUTES.payoutStatement),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary:
          "A business's payouts of one UTC month (?month=YYYY-MM) as CSV, oldest first, its last row the month's totals (its owner only)",
        params: businessIdParams,
        querystring: payoutStatementQuery,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      const csv = await payoutStatementCsv(deps.db, businessId, request.query.month);
      return sendCsvFile(reply, statementFileName(businessId, request.query.month), csv);
    },
  );

  app.patch(
    fastifyPath(ROUTES.updateSellerOrder),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...common,
        summary:
          "Set an order's status (any of the six, no transition limits), tracking number or notes (its business's owner only); the updated order. Refunded or Canceled on a paid order refunds the buyer once first (502 with the provider's reason when it refuses, 409 while another request is refunding it)",
        params: orderIdParams,
        body: sellerOrderUpdateBody,
        response: { 200: sellerOrder, '4xx': errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      return updateSellerOrder(deps, { businessId, orderId: orderId! }, request.body);
    },
  );

  app.post(
    fastifyPath(ROUTES.refundSellerOrder),
    {
      onRequest: authenticate,
      preValidation: requireOwnedOrder,
      schema: {
        ...common,
        summary:
          "Refund part of a paid order (its business's owner only): `items` (order_item_id and quantity of its lines) or `amount` (up to what is left), with a `reason`; once per Idempotency-Key header (the same key again answers the same refund). A refund of all that is left is the order's full refund (it becomes Refunded). The order with its `refunds`; 400 for more than is left, 409 when not paid or refunded in full, 502 with the provider's reason when it refuses",
        params: orderIdParams,
        body: partialRefundBody,
        response: { 200: sellerOrder, '4xx': errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const { businessId, orderId } = sellerScope(request);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (given !== undefined && (given.trim() === '' || given.length > REFUND_LIMITS.requestKey)) {
        throw badRequest(PARTIAL_REFUND_MESSAGES.requestKey);
      }
      // Without a key a request is its own refund (a client that retries sends one).
      const requestKey = given?.trim() ?? `request-${randomUUID()}`;
      return refundSellerOrder(deps, { businessId, orderId: orderId! }, request.body, requestKey);
    },
  );
}
