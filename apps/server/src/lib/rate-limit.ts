import type { RateLimitOptions } from '@fastify/rate-limit';
import { MESSAGES } from '@leafline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A route's limit of `max` calls a minute per address (`config: { rateLimit }`), for calls that
 * guess passwords or send e-mail. What the plugin throws goes through the app's error handler:
 * 429 `{ error }` with the readable text.
 */
export function perMinuteRateLimit(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(429, MESSAGES.tooManyRequests),
  };
}

type LimitCheck = ReturnType<FastifyInstance['createRateLimit']>;
const loginBudgets = new WeakMap<object, LimitCheck>();

/**
 * The login's budget, shared (issue 24, point 25): one count a minute per address over the
 * calls that answer whether an account exists or a password is right (`token/` and
 * `update-email/`), on top of each route's own limit, so that probing e-mails through the
 * e-mail change does not get a budget of its own beside guessing passwords. An `onRequest`
 * hook; one counter per app.
 */
export function loginBudget(app: FastifyInstance) {
  let check = loginBudgets.get(app.deps);
  if (!check) {
    check = app.createRateLimit({ max: app.deps.config.rateLimitMax, timeWindow: '1 minute' });
    loginBudgets.set(app.deps, check);
  }
  const limit = check;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(429, MESSAGES.tooManyRequests);
    }
  };
}
