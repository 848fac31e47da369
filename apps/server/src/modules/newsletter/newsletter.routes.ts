import { NEWSLETTER_MESSAGES, subscribeRequest, subscribeResponse } from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FRAMEWORK_MESSAGES } from '../../lib/error-handler';
import { AppError } from '../../lib/errors';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { type NewsletterDeps, subscribe } from './newsletter.service';

/** A refused signup: §7's `{success, message}`, plus the app's usual `error` field. */
const subscribeRefused = subscribeResponse.extend({ success: z.literal(false), error: z.string() });

/** Errors raised before the handler when the body is empty or not JSON: no e-mail was given. */
const UNREADABLE_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * Every 4xx of the signup in the signup's own shape, `{success: false, message}` (the home
 * page's form reads `success`). A missing, unreadable or wrongly typed body means no e-mail
 * was given (§5's "required" message). 5xx go on to the app's handler (logged, no internals).
 */
function subscribeErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const noEmail =
    hasZodFastifySchemaValidationErrors(error) ||
    Boolean(error.validation) ||
    UNREADABLE_BODY.has(error.code ?? '');
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  const status = noEmail ? 400 : (known?.[0] ?? error.statusCode ?? 500);
  if (status < 400 || status >= 500) throw error;
  const message = noEmail
    ? NEWSLETTER_MESSAGES.emailRequired
    : error instanceof AppError
      ? error.message
      : (known?.[1] ?? NEWSLETTER_MESSAGES.refused);
  return reply.status(status).send({ success: false, message, error: message });
}

/** SPEC §7 `api/subscribe/` (no auth): the home page's newsletter signup. */
export async function newsletterRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: NewsletterDeps = {
    db: app.deps.db,
    publicUrl: app.deps.config.publicUrl,
    jobs: app.deps.jobs,
  };

  /** A first signup sends an e-mail: a few a minute and address. */
  const rateLimit = perMinuteRateLimit(app.deps.config.rateLimitMax);

  app.post(
    fastifyPath(ROUTES.subscribe),
    {
      config: { rateLimit },
      errorHandler: subscribeErrorHandler,
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an e-mail to the newsletter; an address already subscribed is also a success',
        body: subscribeRequest,
        response: { 200: subscribeResponse, '4xx': subscribeRefused },
      },
    },
    async (request) => {
      await subscribe(deps, request.body.email);
      return { success: true, message: NEWSLETTER_MESSAGES.subscribed };
    },
  );
}
