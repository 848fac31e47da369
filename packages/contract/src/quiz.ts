/**
 * The quiz's texts and its scoring (SPEC §4 Quiz, §5, §8), without zod: the quiz page runs
 * them in the browser and should not carry the schema library for it. `content.ts` holds the
 * quiz's request and response schemas and re-exports all of this.
 */

/** The special answer key of the hemp option: any answer with it makes persona 6 win (§4). */
export const HEMP_ANSWER_KEY = 'leaf';
/** The persona a `leaf` answer selects (§3: 6 Hempalicious). */
export const HEMP_PERSONA_ID = 6;

export const QUIZ_MESSAGES = {
  needAnswer: 'Please answer at least one question before getting your results.',
  loginFailed: 'Login failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  loginAfterRegistrationFailed:
    'Registration was successful but login failed. Please try logging in manually.',
  loggedIn: 'Successfully logged in!',
  registered: 'Registration successful! Logging you in...',
  alreadyLoggedIn: "You're logged in!",
  noProducts: 'No products available at the moment.',
  personaNotFound: 'Persona not found',
  unknownPersona: 'This persona is not one of the quiz results.',
  resultsSent: 'Your quiz results are on their way to your inbox.',
} as const;

/** Quiz answers: question id → chosen option key (§3). */
export type QuizAnswers = Readonly<Record<number, string>>;

/**
 * SPEC §4 scoring: count each persona's matching answers; the highest count wins and the
 * first persona wins ties; any `leaf` answer makes persona 6 win regardless. Returns null
 * when there are no personas.
 */
export function scoreQuiz<P extends { id: number; matching_answers: readonly string[] }>(
  personas: readonly P[],
  answers: QuizAnswers,
): P | null {
  const chosen = Object.values(answers);
  if (chosen.includes(HEMP_ANSWER_KEY)) {
    const hemp = personas.find((p) => p.id === HEMP_PERSONA_ID);
    if (hemp) return hemp;
  }
  let best: P | null = null;
  let bestCount = -1;
  for (const persona of personas) {
    const matching = new Set(persona.matching_answers);
    const count = chosen.filter((key) => matching.has(key)).length;
    if (count > bestCount) {
      best = persona;
      bestCount = count;
    }
  }
  return best;
}
