import { z } from 'zod';
import { QUIZ_PERSONAS } from './constants';

/**
 * The brand's voice (SPEC §2 Quiz, Static pages, §3 Quiz persona and FAQ item, §4 Quiz and
 * Newsletter, §5, §7 `api/subscribe/` and `api/send-results-email/`, §8). The quiz, FAQ and
 * partners are data kept by the server; the pages read them through these calls.
 */

const id = z.number().int();

export { NEWSLETTER_MESSAGES } from './newsletter';
export {
  HEMP_ANSWER_KEY,
  HEMP_PERSONA_ID,
  QUIZ_MESSAGES,
  type QuizAnswers,
  scoreQuiz,
} from './quiz';

// ── Home ─────────────────────────────────────────────────────────────────────────────

/** The site root's greeting (SPEC §3 Home response, §7 `home/`). */
export const HOME_MESSAGE = 'Welcome to Leafline, the marketplace for sustainable small brands.';

/** GET home/ — §3's Home response. */
export const homeResponse = z.object({ message: z.string() });
export type HomeResponse = z.infer<typeof homeResponse>;

// ── Quiz ───────────────────────────────────────────────────────────────────────────────

export const quizOption = z.object({ key: z.string(), label: z.string() });
export type QuizOption = z.infer<typeof quizOption>;

export const quizQuestion = z.object({
  id,
  text: z.string(),
  /** 5 or 6 options (§9). */
  options: z.array(quizOption),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const quizPersona = z.object({
  /** 1–6 (§3). */
  id,
  title: z.string(),
  description: z.string(),
  /** Three next steps. */
  next_steps: z.array(z.string()),
  /** Six recommended product ids, loaded one by one with `api/products/{id}/` (§7). */
  product_ids: z.array(id),
  matching_answers: z.array(z.string()),
  /** The downloadable mascot poster (PNG), `api/quiz/posters/{id}/`. */
  poster_url: z.string(),
});
export type QuizPersona = z.infer<typeof quizPersona>;

/** GET api/quiz/ — the questions and the personas, in order (persona 1 first: it wins ties). */
export const quizResponse = z.object({
  questions: z.array(quizQuestion),
  personas: z.array(quizPersona),
});
export type QuizResponse = z.infer<typeof quizResponse>;

/** POST api/send-results-email/ (auth) — §7's payload. */
export const sendResultsEmailRequest = z.object({
  email: z.email(),
  result: z.object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000),
    products: z.array(id).max(QUIZ_PERSONAS * 6),
  }),
  productDetails: z
    .array(
      z.object({
        id,
        name: z.string().max(500),
        image: z.string().max(2000).nullable(),
      }),
    )
    .max(50),
});
export type SendResultsEmailRequest = z.infer<typeof sendResultsEmailRequest>;

export const sendResultsEmailResponse = z.object({ success: z.literal(true), message: z.string() });
export type SendResultsEmailResponse = z.infer<typeof sendResultsEmailResponse>;

// ── Static pages ───────────────────────────────────────────────────────────────────────

export const faqItem = z.object({ id, question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItem>;

/** GET api/faq/ — the FAQ grouped by category, in page order. */
export const faqResponse = z.array(z.object({ category: z.string(), items: z.array(faqItem) }));
export type FaqResponse = z.infer<typeof faqResponse>;

export const partner = z.object({
  id,
  name: z.string(),
  /** Media address of the logo. */
  logo: z.string(),
  website: z.string(),
});
export type Partner = z.infer<typeof partner>;

/** GET api/partners/ — the six partner organisations, in page order. */
export const partnersResponse = z.array(partner);
export type PartnersResponse = z.infer<typeof partnersResponse>;

// ── Newsletter ─────────────────────────────────────────────────────────────────────────

/** POST api/subscribe/ — JSON email (§7); §5: required, e-mail type. */
export const subscribeRequest = z.object({ email: z.string() });
/** `success: true` also for an address already subscribed (stored once, no duplicate). */
export const subscribeResponse = z.object({ success: z.boolean(), message: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;
