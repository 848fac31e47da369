import type { FastifyInstance } from 'fastify';
import { moneyPathDeps } from './checkout.service';
import { expireCheckout } from './checkout.steps';
import { CHECKOUT_EXPIRE_QUEUE } from './checkout-stock';

/**
 * The checkout worker: the end of a checkout's stock hold when its page expired and nothing
 * ended it (checkout-stock.ts). Its jobs are sent by checkout's reservation.
 */
export async function checkoutWorkers(app: FastifyInstance): Promise<void> {
  const deps = moneyPathDeps(app);
  app.deps.jobs.work(CHECKOUT_EXPIRE_QUEUE, async ({ checkoutId }) => {
    await expireCheckout(deps, checkoutId);
  });
}
