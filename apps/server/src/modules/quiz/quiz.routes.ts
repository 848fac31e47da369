import {
  errorResponse,
  idParams,
  QUIZ_MESSAGES,
  quizResponse,
  sendResultsEmailRequest,
  sendResultsEmailResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { getPersonaPoster, getQuiz, type QuizDeps, sendQuizResults } from './quiz.service';

/** Posters change only when a persona is edited: a day in caches is plenty. */
const POSTER_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The quiz calls: `api/quiz/` (questions and personas), `api/quiz/posters/{id}/` (the mascot
 * poster, PNG) and SPEC §7's `api/send-results-email/` (auth).
 */
export async function quizRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: QuizDeps = {
    db: app.deps.db,
    publicUrl: app.deps.config.publicUrl,
    jobs: app.deps.jobs,
  };

  const tags = ['quiz'];
  /** Each call sends an e-mail: a few a minute and address. */
  const rateLimit = perMinuteRateLimit(app.deps.config.rateLimitMax);

  app.get(
    fastifyPath(ROUTES.quiz),
    {
      schema: {
        tags,
        summary: 'The 10 questions and the 6 personas, in order (persona 1 wins ties)',
        response: { 200: quizResponse },
      },
    },
    async () => getQuiz(deps),
  );

  app.get(
    '/api/quiz/posters/:id/',
    {
      schema: {
        tags,
        summary: "A persona's mascot poster as a PNG download (1200 × 1600)",
        params: idParams,
        response: { '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { png, filename } = await getPersonaPoster(deps, request.params.id);
      // Bytes, not JSON: the plain reply sends a Buffer as it is.
      return (reply as FastifyReply)
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', POSTER_CACHE_CONTROL)
        .send(png);
    },
  );

  app.post(
    fastifyPath(ROUTES.sendResultsEmail),
    {
      onRequest: authenticate,
      config: { rateLimit },
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          "E-mail the quiz result to the account's own address; products are read from the database",
        body: sendResultsEmailRequest,
        response: { 200: sendResultsEmailResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await sendQuizResults(deps, requireUser(request).id, request.body);
      return { success: true as const, message: QUIZ_MESSAGES.resultsSent };
    },
  );
}
