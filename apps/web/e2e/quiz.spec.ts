import { readFile } from 'node:fs/promises';
import type { QuizResponse } from '@leafline/contract/content';
import {
  HEMP_ANSWER_KEY,
  QUIZ_MESSAGES,
  type QuizAnswers,
  scoreQuiz,
} from '@leafline/contract/quiz';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMailContaining } from './support/mail';
import { newUser } from './support/users';

/**
 * The shopping-persona quiz (SPEC §2 Quiz, §4 Quiz, §7 `api/send-results-email/`): ten
 * questions, the account panel, the persona's results, the poster and the results e-mail.
 * The questions and personas are read from the API, never assumed.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function getQuiz(request: APIRequestContext): Promise<QuizResponse> {
  const res = await request.get('/api/quiz/');
  expect(res.status()).toBe(200);
  return (await res.json()) as QuizResponse;
}

/** Answers every question like the given persona would, never with the hemp answer. */
function answersOf(quiz: QuizResponse, personaIndex: number): QuizAnswers {
  const matching = new Set(quiz.personas[personaIndex]!.matching_answers);
  const answers: Record<number, string> = {};
  for (const question of quiz.questions) {
    const options = question.options.filter((o) => o.key !== HEMP_ANSWER_KEY);
    answers[question.id] = (options.find((o) => matching.has(o.key)) ?? options[0]!).key;
  }
  return answers;
}

/** Clicks the options as a person does (on their words) and checks each is the one chosen. */
async function answer(page: Page, quiz: QuizResponse, answers: QuizAnswers) {
  for (const [index, question] of quiz.questions.entries()) {
    const key = answers[question.id];
    if (key === undefined) continue;
    const option = question.options.find((o) => o.key === key)!;
    const group = page.getByRole('group', { name: new RegExp(`^Question ${index + 1} of 10`) });
    await group.getByText(option.label, { exact: true }).click();
    await expect(group.getByRole('radio', { name: option.label, exact: true })).toBeChecked();
  }
}

async function openQuiz(page: Page) {
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Find your eco shopping persona',
  );
  await expect(page.getByRole('group', { name: /^Question \d+ of 10/ })).toHaveCount(10);
}

test('ten questions, the panel, Skip, and the persona with its products and poster', async ({
  page,
  request,
}) => {
  const quiz = await getQuiz(request);
  expect(quiz.questions).toHaveLength(10);
  for (const question of quiz.questions) {
    expect(question.options.length).toBeGreaterThanOrEqual(5);
    expect(question.options.length).toBeLessThanOrEqual(6);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await openQuiz(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Get My Results' }).click();
  await expect(page.getByRole('alert')).toHaveText(QUIZ_MESSAGES.needAnswer);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  const answers = answersOf(quiz, 1);
  const persona = scoreQuiz(quiz.personas, answers)!;
  await answer(page, quiz, answers);
  await expect(page.getByText('10 of 10 answered')).toBeVisible();
  // Nothing wider than a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Get My Results' }).click();
  const panel = page.getByRole('dialog', { name: 'Create an account' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('First name')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Skip and see results' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const results = page.getByRole('region', { name: persona.title });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText(persona.title);
  await expect(results.getByText(persona.description)).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveText(persona.next_steps);

  // The products picked for the persona, each leading to its product page.
  const picked = page.getByRole('region', { name: 'Picked for you' });
  const details = picked.getByRole('link', { name: /^View Details/ });
  await expect(details.first()).toBeVisible();
  const count = await details.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(persona.product_ids.length);
  const firstHref = await details.first().getAttribute('href');
  expect(persona.product_ids.map((id) => `/shop/products/${id}`)).toContain(firstHref);
  await expect(picked.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();

  const shopAll = page.getByRole('link', { name: /Shop All Products/ });
  await expect(shopAll).toHaveAttribute('target', '_blank');
  await expect(shopAll).toHaveAttribute('href', '/shop');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  // The poster downloads as a PNG image.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download your poster' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeGreaterThan(20_000);

  // Shop All Products opens the shop in a new tab.
  const [shopTab] = await Promise.all([page.context().waitForEvent('page'), shopAll.click()]);
  await expect(shopTab).toHaveURL(/\/shop$/);
  await shopTab.close();

  await page.getByRole('button', { name: 'Retake the quiz' }).click();
  await expect(page.getByText('0 of 10 answered')).toBeVisible();
});

test('a leaf answer makes the persona Hempalicious', async ({ page, request }) => {
  const quiz = await getQuiz(request);
  const hempQuestion = quiz.questions.find((q) =>
    q.options.some((o) => o.key === HEMP_ANSWER_KEY),
  )!;
  // Everything else answered like persona 1, and the hemp answer once.
  const answers = { ...answersOf(quiz, 0), [hempQuestion.id]: HEMP_ANSWER_KEY };
  await openQuiz(page);
  await answer(page, quiz, answers);
  await page.getByRole('button', { name: 'Get My Results' }).click();
  await page.getByRole('button', { name: 'Skip and see results' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hempalicious' })).toBeVisible();
});

test('registering from the panel logs in, shows the results and e-mails them', async ({
  page,
  request,
}) => {
  const quiz = await getQuiz(request);
  const answers = answersOf(quiz, 3);
  const persona = scoreQuiz(quiz.personas, answers)!;
  const user = newUser('quizzer');
  await openQuiz(page);
  await answer(page, quiz, answers);
  await page.getByRole('button', { name: 'Get My Results' }).click();

  const panel = page.getByRole('dialog', { name: 'Create an account' });
  await panel.getByLabel('First name').fill(user.fname);
  await panel.getByLabel('Last name').fill(user.lname);
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Username').fill(user.username);
  await panel.getByLabel('Password', { exact: true }).fill(user.password);
  await panel.getByLabel('Confirm password').fill(user.password);
  await panel.getByRole('button', { name: 'Create account' }).click();

  await expect(panel.getByText(QUIZ_MESSAGES.registered)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }),
  ).toBeVisible();
  // The panel closes by itself and the results show.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: persona.title })).toBeVisible();

  const mail = await waitForMailContaining(user.email, persona.title);
  expect(mail).toContain(persona.title);

  // Taking the quiz again while logged in: the panel says so and leads to the results.
  await page.getByRole('button', { name: 'Retake the quiz' }).click();
  await answer(page, quiz, answers);
  await page.getByRole('button', { name: 'Get My Results' }).click();
  const loggedIn = page.getByRole('dialog', { name: QUIZ_MESSAGES.alreadyLoggedIn });
  await expect(loggedIn).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await loggedIn.getByRole('button', { name: 'See my results' }).click();
  await expect(page.getByRole('heading', { level: 2, name: persona.title })).toBeVisible();
});

test('the options work by keyboard with a visible focus, and a failed login says so', async ({
  page,
  request,
}) => {
  const quiz = await getQuiz(request);
  const [first, second] = quiz.questions[0]!.options;
  await openQuiz(page);
  // Tab reaches the first question's options; an arrow key chooses the next one.
  const group = page.getByRole('group', { name: /^Question 1 of 10/ });
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio', { name: first!.label, exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(group.getByRole('radio', { name: first!.label, exact: true })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  const chosen = group.getByRole('radio', { name: second!.label, exact: true });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  // The input is visually hidden; its label (the drawn button) shows the focus ring.
  const ring = await chosen.evaluate(
    (input) => getComputedStyle(input.closest('label')!).outlineStyle,
  );
  expect(ring).not.toBe('none');
  await expect(page.getByText('1 of 10 answered')).toBeVisible();

  await page.getByRole('button', { name: 'Get My Results' }).click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Log in' });
  await panel.getByLabel('Username').fill('nobody_here');
  await panel.getByLabel('Password').fill('wrong-password');
  await panel.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText(QUIZ_MESSAGES.loginFailed);
  await expectNoSeriousA11yViolations(page);
});
