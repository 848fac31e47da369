import {
  errorResponse,
  LIVE_KEEPALIVE_MS,
  LIVE_MESSAGES,
  LIVE_RECONNECT_MS,
  liveEventId,
  orderEventsQuery,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser, sessionHolds } from '../auth';
import { findOwnedBusinessId, requireOwnedBusiness, sellerScope } from '../businesses';
import { LiveStream } from './live-orders.hub';

/**
 * `GET api/business/orders/{businessId}/events/`: the business's live orders (and new reviews)
 * as Server-Sent Events (its owner only; DESIGN 2.13). A client resuming sends the last id it got as
 * `Last-Event-ID` (or `?last_event_id=`) and is sent what it missed before the live events.
 */
export async function liveOrdersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = app.deps.liveOrders;

  app.get(
    fastifyPath(ROUTES.orderEvents),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        tags: ['seller orders'],
        security: bearerSecurity,
        summary:
          "The business's orders as they are paid and changed, and its new reviews: a text/event-stream of order.paid, order.updated, order.message, order.return and review.created events (its owner only); Last-Event-ID resumes",
        params: businessIdParams,
        querystring: orderEventsQuery,
        response: { '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { businessId } = sellerScope(request);
      const header = request.headers['last-event-id'];
      let lastId = 0;
      let resume = false;
      const fromHeader = typeof header === 'string' && header.trim() !== '' ? header.trim() : '';
      if (fromHeader) {
        const parsed = liveEventId.safeParse(fromHeader);
        if (!parsed.success) throw badRequest(LIVE_MESSAGES.lastEventId);
        lastId = parsed.data;
        resume = true;
      } else if (typeof request.query.last_event_id === 'number') {
        lastId = request.query.last_event_id;
        resume = true;
      }
      // The LISTEN is open before anything is sent: a database that is away is a 503 here.
      await hub.ready();

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(`retry: ${LIVE_RECONNECT_MS[0]}\n\n`);
      const stream = new LiveStream(
        businessId,
        {
          write: (chunk) => {
            raw.write(chunk);
          },
          get writableLength() {
            return raw.writableLength;
          },
          end: () => {
            if (!raw.writableEnded) raw.end();
            // A client that stopped reading never drains: its socket goes too.
            setTimeout(() => raw.destroy(), 1000).unref();
          },
        },
        lastId,
      );
      // The guard let the stream in once; it is asked again with every keep-alive (a business
      // closed or handed over stops its stream), the session before every event and at every
      // keep-alive (a logout or password reset ends it at once), and the stream ends when the
      // access token that opened it expires: the dashboard reconnects with a fresh one.
      const user = requireUser(request);
      stream.sessionHolds = () => sessionHolds(request, user);
      const keepAlive = setInterval(() => {
        stream.keepAlive();
        void stream.stillAllowed();
        findOwnedBusinessId(app.deps.db, user.id, businessId).then(
          (owned) => {
            if (owned === undefined) stream.close();
          },
          () => {},
        );
      }, LIVE_KEEPALIVE_MS);
      keepAlive.unref();
      const expiry = user.expiresAt
        ? setTimeout(() => stream.close(), Math.max(0, user.expiresAt.getTime() - Date.now()))
        : undefined;
      expiry?.unref();
      let remove: (() => void) | undefined;
      const cleanUp = () => {
        clearInterval(keepAlive);
        clearTimeout(expiry);
        stream.closed = true;
        remove?.();
      };
      raw.on('close', cleanUp);
      try {
        remove = await hub.open(stream, { resume });
        if (stream.closed || raw.destroyed) cleanUp();
      } catch (error) {
        request.log.error({ err: error }, 'live orders: opening a stream failed');
        stream.close();
        cleanUp();
      }
    },
  );
}
