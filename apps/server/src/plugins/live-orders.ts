import fp from 'fastify-plugin';
import { createLiveOrdersHub, type LiveOrdersHub } from '../modules/live-orders';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live-order streams of this instance, fed by one LISTEN (DESIGN 2.13). */
    liveOrders: LiveOrdersHub;
  }
}

/**
 * The LISTEN on order events opens with the first dashboard stream; streams end before the
 * server closes (an open stream would hold the close), the LISTEN after.
 */
export const liveOrdersPlugin = fp(
  async (app) => {
    const liveOrders = createLiveOrdersHub({
      db: app.db,
      listen: app.database.listen,
      log: app.log,
    });
    app.addHook('preClose', async () => liveOrders.closeStreams());
    app.addHook('onClose', async () => liveOrders.stop());
    app.decorate('liveOrders', liveOrders);
  },
  { name: 'live-orders', dependencies: ['core'] },
);
