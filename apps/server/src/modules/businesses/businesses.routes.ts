import {
  businessOverviewResponse,
  businessOverviewUpdateBody,
  dashboardResponse,
  errorResponse,
  onboardingLinkBody,
  onboardingLinkResponse,
  registerBusinessResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readMultipartForm } from '../../lib/multipart-form';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { requireOwnedBusiness, sellerScope } from './business-access';
import {
  type BusinessesDeps,
  createOnboardingLink,
  editBusiness,
  getOverview,
  listDashboard,
  registerBusiness,
  setOrderSync,
} from './businesses.service';

/** A business form holds a logo and a banner at most. */
const FORM_LIMITS = { maxFiles: 2 } as const;

/**
 * SPEC §7 the seller's business: `POST api/registerbiz/`, `GET api/business/dashboard/`,
 * `GET|PUT api/business/overview/{businessId}/`, `POST api/business/edit/{businessId}/` and
 * `POST api/api/stripe/onboarding-link/`. Owner-only routes go through the one seller guard
 * (DESIGN 2.16): anything the caller does not own is a 404.
 */
export async function businessesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: BusinessesDeps = {
    db: app.deps.db,
    config: app.deps.config,
    storage: app.deps.storage,
    payments: app.deps.payments,
    log: app.log,
  };
  const common = { tags: ['business'], security: bearerSecurity };
  const owned = { onRequest: authenticate, preValidation: requireOwnedBusiness };
  // Each of these may open an account at the payment provider.
  const providerCalls = { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) };

  app.post(
    fastifyPath(ROUTES.registerBusiness),
    {
      onRequest: authenticate,
      config: providerCalls,
      schema: {
        ...common,
        summary:
          'Register a business (multipart: the business fields, optional logo and banner images); answers the payout onboarding address',
        consumes: ['multipart/form-data'],
        response: { 201: registerBusinessResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { id: userId } = requireUser(request);
      const form = await readMultipartForm(request, FORM_LIMITS);
      return reply.status(201).send(await registerBusiness(deps, userId, form));
    },
  );

  app.get(
    fastifyPath(ROUTES.ownedBusinesses),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The caller's open businesses, oldest first",
        response: { 200: dashboardResponse, '4xx': errorResponse },
      },
    },
    async (request) => listDashboard(deps, requireUser(request).id),
  );

  app.get(
    fastifyPath(ROUTES.businessOverview),
    {
      ...owned,
      schema: {
        ...common,
        summary: "One of the caller's businesses with its figures (owner only)",
        params: businessIdParams,
        response: { 200: businessOverviewResponse, '4xx': errorResponse },
      },
    },
    async (request) => getOverview(deps, sellerScope(request).businessId),
  );

  app.put(
    fastifyPath(ROUTES.updateBusinessOverview),
    {
      ...owned,
      schema: {
        ...common,
        summary: 'Turn the Shopify order sync on or off (owner only)',
        params: businessIdParams,
        body: businessOverviewUpdateBody,
        response: { 200: businessOverviewResponse, '4xx': errorResponse },
      },
    },
    async (request) =>
      setOrderSync(deps, sellerScope(request).businessId, request.body.shopify_order_sync),
  );

  app.post(
    fastifyPath(ROUTES.editBusiness),
    {
      ...owned,
      schema: {
        ...common,
        summary:
          'Edit a business (multipart: the business fields, optional logonew and banner images that replace the old ones; owner only)',
        consumes: ['multipart/form-data'],
        params: businessIdParams,
        response: { 200: businessOverviewResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { businessId } = sellerScope(request);
      const form = await readMultipartForm(request, FORM_LIMITS);
      return editBusiness(deps, businessId, form);
    },
  );

  app.post(
    fastifyPath(ROUTES.onboardingLink),
    {
      onRequest: authenticate,
      config: providerCalls,
      schema: {
        ...common,
        summary:
          "A fresh payout onboarding link for the caller's business (by account_id and/or business_id) while payouts are not set up",
        body: onboardingLinkBody,
        response: { 200: onboardingLinkResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => createOnboardingLink(deps, requireUser(request).id, request.body),
  );
}
