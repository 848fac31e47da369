import {
  errorResponse,
  messageResponse,
  myReviewResponse,
  productIdParams,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  reviewCreateBody,
  reviewEditBody,
  reviewIdParams,
  reviewReplyBody,
  reviewReportBody,
  reviewSavedResponse,
  reviewsQuery,
  reviewsResponse,
  sellerReviewsQuery,
  sellerReviewsResponse,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireOpsToken } from '../../lib/ops-token';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { requireOwnedBusiness, requireOwnedReview, sellerScope } from '../businesses';
import {
  businessReviews,
  createReview,
  editReview,
  listReviews,
  moderateReview,
  myReview,
  type ReviewsDeps,
  removeReview,
  replyToReview,
  reportedReviews,
  reportReview,
} from './reviews.service';

/** Writes a signed-in account may make a minute (reviews, edits, reports, replies). */
export const REVIEW_WRITES_PER_MINUTE = 20;

/**
 * Issue 27: a product's reviews (public), a buyer's review and its edit and removal, a report,
 * and the brand's reply. Writes are limited per account (after sign-in), not per address.
 */
export async function reviewsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ReviewsDeps = { db: app.deps.db, publicUrl: app.deps.config.publicUrl };
  const tags = ['reviews'];
  const perAccount = {
    rateLimit: {
      ...perMinuteRateLimit(REVIEW_WRITES_PER_MINUTE),
      // After `authenticate` (onRequest): the account's count, whatever address it uses.
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `review:${requireUser(request).id}`,
    },
  };
  const writer = { tags, security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.productReviews),
    {
      schema: {
        tags,
        summary:
          "A product's reviews (all from buyers), newest first or by rating, with its average and histogram",
        params: productIdParams,
        querystring: reviewsQuery,
        response: { 200: reviewsResponse, '4xx': errorResponse },
      },
    },
    async (request) => listReviews(deps, request.params.productId, request.query, request.url),
  );

  app.get(
    fastifyPath(ROUTES.myReview),
    {
      onRequest: authenticate,
      schema: {
        ...writer,
        summary:
          'Whether you may review this product (you bought it, no review yet), and your review',
        params: productIdParams,
        response: { 200: myReviewResponse, '4xx': errorResponse },
      },
    },
    async (request) => myReview(deps, requireUser(request).id, request.params.productId),
  );

  app.post(
    fastifyPath(ROUTES.createReview),
    {
      onRequest: authenticate,
      config: perAccount,
      schema: {
        ...writer,
        summary: `Review a product you bought (Shipped or Delivered, or paid ${REVIEW_LIMITS.paidDays} days ago); one per product`,
        params: productIdParams,
        body: reviewCreateBody,
        response: { 201: reviewSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const review = await createReview(
        deps,
        requireUser(request).id,
        request.params.productId,
        request.body,
      );
      return reply.code(201).send({ message: REVIEW_MESSAGES.created, review });
    },
  );

  app.patch(
    fastifyPath(ROUTES.editReview),
    {
      onRequest: authenticate,
      config: perAccount,
      schema: {
        ...writer,
        summary: 'Edit your review (its rating, title or body)',
        params: reviewIdParams,
        body: reviewEditBody,
        response: { 200: reviewSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({
      message: REVIEW_MESSAGES.updated,
      review: await editReview(
        deps,
        requireUser(request).id,
        request.params.reviewId,
        request.body,
      ),
    }),
  );

  app.delete(
    fastifyPath(ROUTES.deleteReview),
    {
      onRequest: authenticate,
      config: perAccount,
      schema: {
        ...writer,
        summary: 'Delete your review',
        params: reviewIdParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await removeReview(deps, requireUser(request).id, request.params.reviewId);
      return { message: REVIEW_MESSAGES.deleted };
    },
  );

  app.post(
    fastifyPath(ROUTES.reportReview),
    {
      onRequest: authenticate,
      config: perAccount,
      schema: {
        ...writer,
        summary:
          'Report a review to the marketplace; reported by 3 accounts, it is hidden until an operator looks',
        params: reviewIdParams,
        body: reviewReportBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await reportReview(deps, requireUser(request).id, request.params.reviewId);
      return { message: REVIEW_MESSAGES.reported };
    },
  );

  app.get(
    fastifyPath(ROUTES.sellerReviews),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...writer,
        summary:
          "The reviews of your business's products, newest or lowest first, 50 a page (X-Total-Count)",
        querystring: sellerReviewsQuery,
        response: { 200: sellerReviewsResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { reviews, total } = await businessReviews(
        deps,
        sellerScope(request).businessId,
        request.query,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return reviews;
    },
  );

  app.post(
    fastifyPath(ROUTES.replyToReview),
    {
      onRequest: authenticate,
      preValidation: requireOwnedReview,
      config: perAccount,
      schema: {
        ...writer,
        summary:
          "Answer a review of your product (the brand's owner only); sent again, it is edited",
        params: reviewIdParams,
        body: reviewReplyBody,
        response: { 200: reviewSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({
      message: REVIEW_MESSAGES.replied,
      review: await replyToReview(deps, sellerScope(request).reviewId!, request.body.body),
    }),
  );

  // The operator's moderation (issue 27): reviews hidden by reports and the reported ones,
  // kept (shown again, reports cleared) or removed. Like every `/ops/` call: only with
  // OPS_TOKEN set (404 otherwise), as its bearer token (401), and not in the API document.
  const guarded = { onRequest: requireOpsToken(app.deps.config) };
  app.get('/ops/reviews/', { ...guarded, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reportedReviews(deps);
  });
  app.post(
    '/ops/reviews/:reviewId/keep/',
    { ...guarded, schema: { hide: true, params: reviewIdParams } },
    async (request) => moderateReview(deps, request.params.reviewId, 'keep'),
  );
  app.post(
    '/ops/reviews/:reviewId/remove/',
    { ...guarded, schema: { hide: true, params: reviewIdParams } },
    async (request) => moderateReview(deps, request.params.reviewId, 'remove'),
  );
}
