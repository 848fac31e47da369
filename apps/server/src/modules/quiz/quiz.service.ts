import {
  centsToPrice,
  QUIZ_MESSAGES,
  type QuizPersona,
  type QuizResponse,
  type SendResultsEmailRequest,
} from '@leafline/contract';
import { isStoredId, parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { findUserById } from '../auth';
import { summariesByIds } from '../catalog';
import { MAIL_QUEUE, queueMail } from '../mail';
import { personaPoster, posterFilename } from './poster';
import { findPersona, findPersonaByTitle, listPersonas, type PersonaRow } from './quiz.repo';
import { QUIZ_QUESTIONS } from './quiz-questions';
import { quizResultsEmail, type ResultsEmailProduct } from './results-email';

/** The shopping-persona quiz (SPEC §2 Quiz, §3, §4): questions, personas, posters, e-mail. */

export interface QuizDeps {
  db: Db;
  publicUrl: string;
  jobs: Pick<JobRunner, 'send' | 'wake'>;
}

/** Most products listed in the results e-mail (a persona recommends six). */
export const RESULTS_EMAIL_MAX_PRODUCTS = 12;

export const posterUrl = (personaId: number) => `/api/quiz/posters/${personaId}/`;

function toPersona(row: PersonaRow): QuizPersona {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    next_steps: row.nextSteps,
    product_ids: row.productIds,
    matching_answers: row.matchingAnswers,
    poster_url: posterUrl(row.id),
  };
}

export async function getQuiz(deps: Pick<QuizDeps, 'db'>): Promise<QuizResponse> {
  const personas = await listPersonas(deps.db);
  return { questions: [...QUIZ_QUESTIONS], personas: personas.map(toPersona) };
}

/** The persona's poster PNG and its download name; 404 for an id that is no persona. */
export async function getPersonaPoster(
  deps: Pick<QuizDeps, 'db'>,
  rawId: string,
): Promise<{ png: Buffer; filename: string }> {
  const id = parseId(rawId);
  const persona = id === null ? undefined : await findPersona(deps.db, id);
  if (!persona) throw new AppError(404, QUIZ_MESSAGES.personaNotFound);
  return { png: await personaPoster(persona), filename: posterFilename(persona.title) };
}

/** An image address a mail program can load: media paths get the site's address. */
function absoluteUrl(publicUrl: string, address: string | null): string | null {
  if (!address) return null;
  return /^https?:\/\//.test(address) ? address : `${publicUrl}${address}`;
}

/**
 * The recommended products as the shop shows them now: the ids the page sent (the result's
 * products, then any other product it showed), read from the database — names, prices and
 * images sent by the client are never used. Only products of open businesses are listed;
 * with none left, the persona's own recommendations are used.
 */
async function resultProducts(
  deps: QuizDeps,
  persona: PersonaRow,
  body: SendResultsEmailRequest,
): Promise<ResultsEmailProduct[]> {
  const read = async (ids: number[]) => {
    const wanted = [...new Set(ids.filter(isStoredId))];
    const rows = await summariesByIds(deps.db, wanted);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted
      .flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      })
      .slice(0, RESULTS_EMAIL_MAX_PRODUCTS)
      .map((row) => ({
        id: row.id,
        name: row.name,
        price: centsToPrice(row.priceCents),
        businessName: row.businessName,
        image: absoluteUrl(deps.publicUrl, mediaUrl(row.primaryImage)),
      }));
  };
  const given = await read([
    ...body.result.products,
    ...body.productDetails.map((detail) => detail.id),
  ]);
  return given.length ? given : read(persona.productIds);
}

/**
 * Sends the quiz results to the logged-in account's own address (never to an address in the
 * payload, so the call cannot mail strangers). The e-mail is a mail job, sent by the mail worker
 * with retries (mail-jobs.ts): the shopper's quiz never waits for the mail server.
 */
export async function sendQuizResults(
  deps: QuizDeps,
  userId: number,
  body: SendResultsEmailRequest,
): Promise<void> {
  const persona = await findPersonaByTitle(deps.db, body.result.title);
  if (!persona) throw badRequest(QUIZ_MESSAGES.unknownPersona);
  const [user, products] = await Promise.all([
    findUserById(deps.db, userId),
    resultProducts(deps, persona, body),
  ]);
  if (!user) throw unauthorized();
  const message = quizResultsEmail({
    to: user.email,
    firstName: user.firstName,
    persona: {
      id: persona.id,
      title: persona.title,
      description: persona.description,
      nextSteps: persona.nextSteps,
    },
    products,
    publicUrl: deps.publicUrl,
  });
  // Sent by the mail worker, with retries (mail-jobs.ts).
  await queueMail(deps.jobs, deps.db, message);
  deps.jobs.wake(MAIL_QUEUE);
}
