import {
  CHECKOUT_MESSAGES,
  cancelCheckoutBody,
  cartPromoBody,
  cartPromoResponse,
  checkoutBody,
  checkoutIdParams,
  checkoutResponse,
  errorResponse,
  messageResponse,
  stockShortResponse,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { cancelCheckout, moneyPathDeps, startCheckout } from './checkout.service';
import { checkCartPromo } from './checkout-promo';

/**
 * SPEC §7 `POST checkout/`: one hosted payment for the cart, one Pending order per brand; and
 * the cart's promo code check that leads to it (`POST api/cart/promo/`, decision 0056).
 */
export async function checkoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = moneyPathDeps(app);

  app.post(
    fastifyPath(ROUTES.checkout),
    {
      onRequest: authenticate,
      schema: {
        tags: ['checkout'],
        security: bearerSecurity,
        summary:
          'Re-price the cart, make one Pending order per brand and the hosted payment page (prices sent are ignored)',
        body: checkoutBody.nullish(),
        response: {
          200: checkoutResponse,
          // Stock (issue 26): the lines beyond what is left, beside the message.
          409: errorResponse.extend({ lines: stockShortResponse.shape.lines.optional() }),
          '4xx': errorResponse,
        },
      },
    },
    async (request) => startCheckout(deps, requireUser(request).id, request.body),
  );

  app.post(
    fastifyPath(ROUTES.cartPromo),
    {
      onRequest: authenticate,
      schema: {
        tags: ['cart'],
        security: bearerSecurity,
        summary:
          "Check a promo code against the cart: the discount and each brand's share as the payment will split it (400 for a code that does not work)",
        body: cartPromoBody,
        response: { 200: cartPromoResponse, '4xx': errorResponse },
      },
    },
    async (request) => checkCartPromo(deps, requireUser(request).id, request.body.code),
  );

  app.post(
    fastifyPath(ROUTES.cancelCheckout),
    {
      onRequest: authenticate,
      schema: {
        tags: ['checkout'],
        security: bearerSecurity,
        summary:
          "The buyer cancels their open checkout: its payment page stops taking payment, its orders are Canceled (200; 404 when it is not the buyer's open checkout, 409 when it was paid)",
        params: checkoutIdParams,
        body: cancelCheckoutBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const checkoutId = parseId(request.params.checkoutId);
      if (checkoutId === null) throw new AppError(404, CHECKOUT_MESSAGES.checkoutNotFound);
      await cancelCheckout(deps, requireUser(request).id, checkoutId);
      return { message: CHECKOUT_MESSAGES.checkoutCancelled };
    },
  );
}
