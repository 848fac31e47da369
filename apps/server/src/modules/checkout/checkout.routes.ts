import { checkoutBody, checkoutResponse, errorResponse } from '@leafline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, bearerSecurity, requireUser } from '../auth/auth.guard';
import { moneyPathDeps, startCheckout } from './checkout.service';

/** SPEC §7 `POST checkout/`: one hosted payment for the cart, one Pending order per brand. */
export async function checkoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = moneyPathDeps(app);

  app.post(
    '/checkout/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['checkout'],
        security: bearerSecurity,
        summary:
          'Re-price the cart, make one Pending order per brand and the hosted payment page (prices sent are ignored)',
        body: checkoutBody.nullish(),
        response: { 200: checkoutResponse, '4xx': errorResponse },
      },
    },
    async (request) => startCheckout(deps, requireUser(request).id, request.body),
  );
}
