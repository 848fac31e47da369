import {
  errorResponse,
  verificationDeclineBody,
  verificationRequest,
  verificationResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart-form';
import { requireOpsToken } from '../../lib/ops-token';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import {
  decideVerification,
  pendingVerifications,
  requestVerification,
  type VerificationDeps,
  verificationOf,
} from './verification.service';

/** The request id as written in the path (parsed by the service: not an id, a 404). */
const requestIdParams = z.object({ requestId: z.string() });

/**
 * The Verified badge (issue 29, point 10): the brand's own calls (its owner only, DESIGN 2.16)
 * and the operator's (`/ops/verifications/`, with OPS_TOKEN only, not in the API document).
 */
export async function verificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: VerificationDeps = {
    db: app.deps.db,
    storage: app.deps.storage,
    jobs: app.deps.jobs,
    catalogCache: app.deps.catalogCache,
  };
  const owned = { onRequest: authenticate, preValidation: requireOwnedBusiness };
  const common = { tags: ['seller verification'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.verification),
    {
      ...owned,
      schema: {
        ...common,
        summary: 'Whether the business is verified, and its latest request (its owner only)',
        params: businessIdParams,
        response: { 200: verificationResponse, '4xx': errorResponse },
      },
    },
    async (request) => verificationOf(deps.db, sellerScope(request).businessId),
  );

  app.post(
    fastifyPath(ROUTES.requestVerification),
    {
      ...owned,
      schema: {
        ...common,
        summary: 'Send the sustainability notes for review (its owner only)',
        description:
          'multipart/form-data: materials, packaging (required), certifications, document (an optional image). 409 while a request is pending or once verified.',
        params: businessIdParams,
        response: { 201: verificationResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, { maxFiles: 1 });
      const state = await requestVerification(deps, sellerScope(request).businessId, form);
      return reply.status(201).send(state);
    },
  );

  const guarded = { onRequest: requireOpsToken(app.deps.config) };
  app.get(
    '/ops/verifications/',
    { ...guarded, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return pendingVerifications(deps.db);
    },
  );
  app.post(
    '/ops/verifications/:requestId/approve/',
    {
      ...guarded,
      schema: { hide: true, params: requestIdParams, response: { 200: verificationRequest } },
    },
    async (request) => decideVerification(deps, request.params.requestId, { status: 'approved' }),
  );
  app.post(
    '/ops/verifications/:requestId/decline/',
    {
      ...guarded,
      schema: {
        hide: true,
        params: requestIdParams,
        body: verificationDeclineBody,
        response: { 200: verificationRequest },
      },
    },
    async (request) =>
      decideVerification(deps, request.params.requestId, {
        status: 'declined',
        reason: request.body.reason,
      }),
  );
}
