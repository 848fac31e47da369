import {
  ACCOUNT_MESSAGES,
  changePasswordBody,
  emailBody,
  emailResponse,
  emailUpdatedResponse,
  errorResponse,
  MESSAGES,
  messageResponse,
  nameBody,
  nameResponse,
  nameUpdatedResponse,
  passwordChangedResponse,
  userHasBusinessResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBudget, perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import {
  type AccountDeps,
  deleteAccount,
  getEmail,
  getName,
  setEmail,
  setName,
  setPassword,
  userHasBusiness,
} from './account.service';

/**
 * Account settings calls of SPEC §7: update-name/, update-email/, delete-account/, has-business;
 * and the password change (issue "Account basics").
 */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): AccountDeps => ({
    db: app.deps.db,
    log: request.log,
    activeUsers: app.deps.activeUsers,
    config: app.deps.config,
  });
  const common = { tags: ['account'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.userHasBusiness),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Whether the user owns an active business',
        response: { 200: userHasBusinessResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({
      has_business: await userHasBusiness(deps(request), requireUser(request).id),
    }),
  );

  app.get(
    fastifyPath(ROUTES.accountName),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The user's first and last name",
        response: { 200: nameResponse, '4xx': errorResponse },
      },
    },
    async (request) => getName(deps(request), requireUser(request).id),
  );

  app.put(
    fastifyPath(ROUTES.updateName),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "Change the user's name",
        body: nameBody,
        response: { 200: nameUpdatedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { first_name, last_name } = request.body;
      const name = await setName(deps(request), requireUser(request).id, first_name, last_name);
      return { message: MESSAGES.nameUpdated, ...name };
    },
  );

  app.get(
    fastifyPath(ROUTES.accountEmail),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The user's e-mail",
        response: { 200: emailResponse, '4xx': errorResponse },
      },
    },
    async (request) => getEmail(deps(request), requireUser(request).id),
  );

  app.patch(
    fastifyPath(ROUTES.updateEmail),
    {
      // Its answer says whether an e-mail is taken (issue 24, point 25; decision 0026): the
      // same answer for a taken address would be a lie the next GET update-email/ shows, so
      // it says so, limited like the other probing calls and within the login's budget.
      onRequest: [loginBudget(app), authenticate],
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        ...common,
        summary: "Change the user's e-mail",
        body: emailBody,
        response: { 200: emailUpdatedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const result = await setEmail(deps(request), requireUser(request).id, request.body.email);
      return { message: MESSAGES.emailUpdated, ...result };
    },
  );

  app.delete(
    fastifyPath(ROUTES.deleteAccount),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Delete the account (orders stay with the sellers, owned businesses close)',
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await deleteAccount(deps(request), requireUser(request).id);
      return { message: MESSAGES.accountDeleted };
    },
  );

  app.post(
    fastifyPath(ROUTES.changePassword),
    {
      // It answers whether a password is right: within the login's budget, as update-email/.
      onRequest: [loginBudget(app), authenticate],
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        ...common,
        summary:
          'Change the password: every other session ends at once, this one gets a new token pair',
        body: changePasswordBody,
        response: { 200: passwordChangedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const pair = await setPassword(deps(request), requireUser(request).id, request.body);
      return { message: ACCOUNT_MESSAGES.passwordChanged, ...pair };
    },
  );
}
