import { faqResponse, HOME_MESSAGE, homeResponse, partnersResponse } from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { type ContentDeps, getFaq, getPartners } from './content.service';

/** The site root's greeting (`home/`) and the static pages' data (no auth): `api/faq/`, `api/partners/`. */
export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ContentDeps = { db: app.deps.db };
  const tags = ['content'];

  app.get(
    '/home/',
    {
      schema: {
        tags,
        summary: 'The site root: a greeting (SPEC §3 Home response)',
        response: { 200: homeResponse },
      },
    },
    async () => ({ message: HOME_MESSAGE }),
  );

  app.get(
    fastifyPath(ROUTES.faq),
    {
      schema: {
        tags,
        summary: 'The FAQ grouped by category, in page order',
        response: { 200: faqResponse },
      },
    },
    async () => getFaq(deps),
  );

  app.get(
    fastifyPath(ROUTES.partners),
    {
      schema: {
        tags,
        summary: 'The partner organisations (name, logo, website), in page order',
        response: { 200: partnersResponse },
      },
    },
    async () => getPartners(deps),
  );
}
