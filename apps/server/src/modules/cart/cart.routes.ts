import {
  addToCartBody,
  CART_MESSAGES,
  cartEmptyResponse,
  cartItemChangedResponse,
  cartItemIdParams,
  cartResponse,
  errorResponse,
  messageResponse,
  productIdParams,
  removeFromCartBody,
  removeFromCartQuery,
  setCartQuantityBody,
  setCartQuantityResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { addToCart, type CartDeps, getCart, removeFromCart, setCartQuantity } from './cart.service';

/**
 * Cart calls of SPEC §7 (`api/cart/`, `add-to-cart/{productId}/`,
 * `api/remove-from-cart/{productId}/`) and the cart page's quantity change
 * (`PATCH api/cart/items/{itemId}/`). All need a session and touch only the user's own cart.
 */
export async function cartRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: CartDeps = { db: app.deps.db };
  const common = { tags: ['cart'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.cart),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The cart with prices and shipping read now; 404 "Cart is empty" when empty',
        response: { 200: cartResponse, 404: cartEmptyResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const cart = await getCart(deps, requireUser(request).id);
      if (!cart) {
        return reply
          .status(404)
          .send({ error: CART_MESSAGES.cartEmpty, message: CART_MESSAGES.cartEmpty });
      }
      return cart;
    },
  );

  app.post(
    fastifyPath(ROUTES.addToCart),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Add a product (and its chosen variant) to the cart; adding again adds up',
        params: productIdParams,
        body: addToCartBody,
        response: { 200: cartItemChangedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const item = await addToCart(deps, requireUser(request).id, request.params.productId, {
        variantId: request.body?.variant_id ?? null,
        quantity: request.body?.quantity ?? 1,
      });
      return { message: CART_MESSAGES.added, item };
    },
  );

  app.delete(
    fastifyPath(ROUTES.removeFromCart),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Remove the line of a product and variant (variant_id in the body or query)',
        params: productIdParams,
        body: removeFromCartBody,
        querystring: removeFromCartQuery,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const variantId = request.body?.variant_id ?? request.query.variant_id ?? null;
      await removeFromCart(deps, requireUser(request).id, request.params.productId, variantId);
      return { message: CART_MESSAGES.removed };
    },
  );

  app.patch(
    fastifyPath(ROUTES.setCartQuantity),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "Set a line's quantity (0 to 99; 0 removes the line)",
        params: cartItemIdParams,
        body: setCartQuantityBody,
        response: { 200: setCartQuantityResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { quantity } = request.body;
      const item = await setCartQuantity(
        deps,
        requireUser(request).id,
        request.params.itemId,
        quantity,
      );
      return {
        message: item ? CART_MESSAGES.quantityUpdated : CART_MESSAGES.removed,
        item,
      };
    },
  );
}
