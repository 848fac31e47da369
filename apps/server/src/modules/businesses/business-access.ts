import { BUSINESS_MESSAGES, REVIEW_MESSAGES } from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requireUser } from '../auth';
import {
  findOwnedBusinessId,
  findOwnedOrder,
  findOwnedProduct,
  findOwnedReview,
} from './business-access.repo';

/**
 * The one seller guard (DESIGN 2.16). Every seller route reaches its business through one of
 * these: the business of the path, or the business of the product, order or review the path names.
 * Anything the caller does not own — another seller's, a closed business's, an unknown or
 * malformed id — is the same 404, so the answer never tells whether it exists. Seller repos
 * take the business id these return, never one from the request body.
 *
 * Use after `authenticate` (a missing or bad token is a 401 before this runs).
 */

export async function ownedBusiness(db: Db, userId: number, rawBusinessId: unknown) {
  const businessId = parseId(String(rawBusinessId ?? ''));
  const owned = businessId === null ? undefined : await findOwnedBusinessId(db, userId, businessId);
  if (owned === undefined) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  return { businessId: owned };
}

export async function ownedProduct(db: Db, userId: number, rawProductId: unknown) {
  const productId = parseId(String(rawProductId ?? ''));
  const owned = productId === null ? undefined : await findOwnedProduct(db, userId, productId);
  if (!owned) throw notFound(BUSINESS_MESSAGES.productNotFound);
  return owned;
}

export async function ownedOrder(db: Db, userId: number, rawOrderId: unknown) {
  const orderId = parseId(String(rawOrderId ?? ''));
  const owned = orderId === null ? undefined : await findOwnedOrder(db, userId, orderId);
  if (!owned) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  return owned;
}

export async function ownedReview(db: Db, userId: number, rawReviewId: unknown) {
  const reviewId = parseId(String(rawReviewId ?? ''));
  const owned = reviewId === null ? undefined : await findOwnedReview(db, userId, reviewId);
  if (!owned) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return owned;
}

/**
 * Route-hook forms: run as `preValidation` (after `authenticate` in onRequest), so that
 * somebody else's id is a 404 whatever the body holds, and the handler finds the owned ids
 * with `sellerScope(request)`.
 */
export interface SellerScope {
  userId: number;
  businessId: number;
  productId?: number;
  orderId?: number;
  reviewId?: number;
}

const scopes = new WeakMap<FastifyRequest, SellerScope>();

const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];

export async function requireOwnedBusiness(request: FastifyRequest): Promise<void> {
  const { id: userId } = requireUser(request);
  const { businessId } = await ownedBusiness(
    request.server.deps.db,
    userId,
    param(request, 'businessId'),
  );
  scopes.set(request, { userId, businessId });
}

export async function requireOwnedProduct(request: FastifyRequest): Promise<void> {
  const { id: userId } = requireUser(request);
  const owned = await ownedProduct(request.server.deps.db, userId, param(request, 'productId'));
  scopes.set(request, { userId, ...owned });
}

export async function requireOwnedOrder(request: FastifyRequest): Promise<void> {
  const { id: userId } = requireUser(request);
  const owned = await ownedOrder(request.server.deps.db, userId, param(request, 'orderId'));
  scopes.set(request, { userId, ...owned });
}

export async function requireOwnedReview(request: FastifyRequest): Promise<void> {
  const { id: userId } = requireUser(request);
  const owned = await ownedReview(request.server.deps.db, userId, param(request, 'reviewId'));
  scopes.set(request, { userId, ...owned });
}

/** What the guard found for this request; a 404 if the route forgot the guard. */
export function sellerScope(request: FastifyRequest): SellerScope {
  const scope = scopes.get(request);
  if (!scope) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  return scope;
}
