import type { RateLimitOptions } from '@fastify/rate-limit';
import { MESSAGES } from '@leafline/contract';
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
