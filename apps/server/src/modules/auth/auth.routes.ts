import {
  ACCOUNT_MESSAGES,
  errorResponse,
  loginBody,
  logoutBody,
  messageResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  refreshBody,
  registerBody,
  registerResponse,
  resetParams,
  tokenPair,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBudget, perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import {
  type AuthDeps,
  confirmPasswordReset,
  login,
  logout,
  refreshSession,
  register,
  requestPasswordReset,
} from './auth.service';

/** Account calls of SPEC §7: register/, token/, token/refresh/, logout/, auth/password-reset*. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): AuthDeps => ({ ...app.deps, log: request.log });

  /**
   * Guessing passwords, flooding inboxes or probing which usernames and e-mails exist (the
   * register answer must name a taken one, SPEC §8): a few attempts per minute and address.
   */
  const rateLimit = perMinuteRateLimit(app.deps.config.rateLimitMax);
  const tags = ['auth'];

  app.post(
    fastifyPath(ROUTES.register),
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create a shopper account',
        body: registerBody,
        response: { 201: registerResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const user = await register(deps(request), request.body);
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered, user });
    },
  );

  app.post(
    fastifyPath(ROUTES.login),
    {
      onRequest: loginBudget(app),
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Log in with username (or e-mail) and password',
        body: loginBody,
        response: { 200: tokenPair, '4xx': errorResponse },
      },
    },
    async (request) => login(deps(request), request.body),
  );

  app.post(
    fastifyPath(ROUTES.refreshToken),
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: refreshBody,
        response: { 200: tokenPair, '4xx': errorResponse },
      },
    },
    async (request) => refreshSession(deps(request), request.body.refresh),
  );

  app.post(
    fastifyPath(ROUTES.logout),
    {
      schema: {
        tags,
        summary: 'Revoke a refresh token',
        body: logoutBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await logout(deps(request), request.body.refresh_token);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  app.post(
    fastifyPath(ROUTES.passwordReset),
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer for unknown e-mails)',
        body: passwordResetBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(request), request.body.email);
      return { message: ACCOUNT_MESSAGES.resetEmailSent };
    },
  );

  app.post(
    fastifyPath(ROUTES.passwordResetConfirm),
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with the link from the reset e-mail',
        params: resetParams,
        body: passwordResetConfirmBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { uid, token } = request.params;
      await confirmPasswordReset(deps(request), uid, token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
}
