import {
  HEMP_ANSWER_KEY,
  QUIZ_MESSAGES,
  type QuizResponse,
  quizResponse,
  scoreQuiz,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, failingMailer, type TestApp } from '../../../test/helpers/app';
import { bearer, loginShopper, registerShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { addPersonas, type SeededPersona } from '../../../test/helpers/content-fixtures';
import { mimeParts, type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { businesses } from '../../db/schema/index';
import { PERSONAS } from '../../seed/data/content';

/**
 * The quiz (SPEC §2 Quiz, §3, §4, §7 `api/send-results-email/`): questions and personas,
 * the mascot posters, and the results e-mail through a real SMTP conversation (DESIGN §3).
 */

const PUBLIC_URL = 'https://leafline.example';
let smtp: SmtpPeer;
let t: TestApp;
let personas: SeededPersona[];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const from = 'Leafline <hello@leafline.test>';
  t = await buildTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: from, PUBLIC_URL },
    { mailer: createSmtpMailer(smtp.url, from) },
  );
  personas = await addPersonas(t.db);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const getQuiz = async (): Promise<QuizResponse> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/quiz/' });
  expect(res.statusCode).toBe(200);
  return quizResponse.parse(res.json());
};

describe('GET api/quiz/', () => {
  it('serves the 10 questions, each with 5 or 6 options, one of them the hemp answer', async () => {
    const { questions } = await getQuiz();
    expect(questions).toHaveLength(10);
    expect(questions.map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const question of questions) {
      expect(question.text.trim()).not.toBe('');
      expect(question.options.length).toBeGreaterThanOrEqual(5);
      expect(question.options.length).toBeLessThanOrEqual(6);
      for (const option of question.options) expect(option.label.trim()).not.toBe('');
    }
    const keys = questions.flatMap((q) => q.options.map((o) => o.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k === HEMP_ANSWER_KEY)).toHaveLength(1);
    expect(questions[0]!.text).toBe('Your ideal Saturday morning looks like…');
  });

  it('serves the 6 personas of SPEC §3 in id order, each with its poster and six products', async () => {
    const quiz = await getQuiz();
    expect(quiz.personas.map((p) => [p.id, p.title])).toEqual([
      [1, 'Soft Start Sustainability Seeker'],
      [2, 'DIY-ish Earth Guardian'],
      [3, 'Conscious Maximalist'],
      [4, 'Chill Eco Champion'],
      [5, 'Ethical Overachiever (But Make It Kind)'],
      [6, 'Hempalicious'],
    ]);
    const keys = new Set(quiz.questions.flatMap((q) => q.options.map((o) => o.key)));
    for (const persona of quiz.personas) {
      expect(persona.next_steps).toHaveLength(3);
      expect(persona.description).toBe(PERSONAS[persona.id - 1]!.description);
      expect(persona.poster_url).toBe(`/api/quiz/posters/${persona.id}/`);
      expect(persona.product_ids).toEqual(personas[persona.id - 1]!.productIds);
      expect(persona.product_ids).toHaveLength(6);
      for (const key of persona.matching_answers) expect(keys.has(key)).toBe(true);
    }
    expect(quiz.personas[5]!.matching_answers).toContain(HEMP_ANSWER_KEY);
  });

  it("lists only products that exist: each opens on the shop's product call", async () => {
    const quiz = await getQuiz();
    const ids = quiz.personas.flatMap((p) => p.product_ids);
    expect(new Set(ids).size).toBe(36);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}/` });
      expect(res.statusCode, `product ${id}`).toBe(200);
    }
  });

  it('scores answers with the served data as §4 says (the hemp answer makes persona 6 win)', async () => {
    const { personas: served } = await getQuiz();
    expect(scoreQuiz(served, { 1: 'q1_diy', 7: 'q7_fix' })?.title).toBe('DIY-ish Earth Guardian');
    expect(scoreQuiz(served, { 1: 'q1_diy', 2: HEMP_ANSWER_KEY, 7: 'q7_fix' })?.title).toBe(
      'Hempalicious',
    );
  });
});

describe('GET api/quiz/posters/{id}/', () => {
  it("downloads the persona's mascot poster as a 1200 × 1600 PNG named after it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quiz/posters/5/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="leafline-ethical-overachiever-but-make-it-kind.png"',
    );
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  });

  it('gives every persona its own poster', async () => {
    const bodies = [];
    for (const persona of personas) {
      const res = await t.app.inject({ method: 'GET', url: `/api/quiz/posters/${persona.id}/` });
      expect(res.statusCode).toBe(200);
      bodies.push(res.rawPayload.toString('base64'));
    }
    expect(new Set(bodies).size).toBe(6);
  });

  it.each(['7', '0', 'abc', '-1', '1.5', '99999999999'])(
    'answers 404 for persona %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/quiz/posters/${id}/` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: QUIZ_MESSAGES.personaNotFound });
    },
  );
});

describe('POST api/send-results-email/', () => {
  const url = '/api/send-results-email/';

  async function loggedIn(email?: string) {
    const account = await registerShopper(t.app, email ? { email } : {});
    const tokens = await loginShopper(t.app, account);
    return { account, headers: bearer(tokens.access) };
  }

  const payloadFor = (persona: SeededPersona, extra: Partial<Record<string, unknown>> = {}) => ({
    email: 'someone@example.com',
    result: {
      title: persona.title,
      description: 'Whatever the page showed.',
      products: persona.productIds,
    },
    productDetails: persona.productIds.map((id) => ({
      id,
      name: `Fake name ${id}`,
      image: 'https://evil.example/x.png',
    })),
    ...extra,
  });

  /**
   * The e-mail sent to `address`: e-mails are background tasks, and a send ends only once the
   * peer has taken the message, so when the runner is idle it has arrived or never will.
   */
  async function nextMailTo(address: string) {
    await t.app.deps.tasks.idle();
    const found = smtp.inbox.find((m) => m.to.includes(address));
    if (!found) throw new Error(`no e-mail to ${address}`);
    return found;
  }

  it('needs a login: 401 without a token, and nothing is sent', async () => {
    const before = smtp.inbox.length;
    const res = await t.app.inject({ method: 'POST', url, payload: payloadFor(personas[0]!) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
    await t.app.deps.tasks.idle();
    expect(smtp.inbox.length).toBe(before);
  });

  it("mails the persona and the products as the shop knows them to the account's own address", async () => {
    const { account, headers } = await loggedIn('fern.quiz@example.com');
    const hemp = personas[5]!;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      // The page's e-mail differs from the account's: the mail still goes to the account only.
      payload: payloadFor(hemp, { email: 'stranger@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: QUIZ_MESSAGES.resultsSent });

    const mail = await nextMailTo(account.email);
    expect(mail.to).toEqual([account.email]);
    expect(smtp.inbox.some((m) => m.to.includes('stranger@example.com'))).toBe(false);
    expect(mail.raw).toContain('Subject: Your Leafline shopping persona: Hempalicious');
    const parts = mimeParts(mail.raw);
    expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain']);
    const text = parts['text/plain']!;
    const html = parts['text/html']!;
    const persona = PERSONAS[5]!;
    for (const body of [text, html]) {
      expect(body).toContain('Hempalicious');
      for (const step of persona.nextSteps) expect(body).toContain(step);
      for (const name of ['Hemp Everyday Tee', 'Hemp Market Tote', 'Hemp Backpack']) {
        expect(body).toContain(name);
      }
      expect(body).not.toContain('Fake name');
      expect(body).not.toContain('evil.example');
      expect(body).toContain(`${PUBLIC_URL}/shop/products/${hemp.productIds[0]}`);
      expect(body).toContain(`${PUBLIC_URL}/quiz`);
    }
    expect(text).toContain(persona.description);
    expect(html).toContain('low water, no pesticides');
    // Prices from the database ($12.00 + $6.00 for persona 6, then + position in cents).
    expect(text).toContain('Hemp Everyday Tee (Quiz Picks Co) — $18.00');
    expect(text).toContain('Hemp Backpack (Quiz Picks Co) — $18.05');
    expect(html).toContain(`src="${PUBLIC_URL}/media/products/persona-6-0.webp"`);
    expect(html).toContain(`${PUBLIC_URL}/api/quiz/posters/6/`);
  });

  it('lists what the page showed even when names are forged, and only open brands', async () => {
    const { account, headers } = await loggedIn();
    const closed = await addBusiness(t.db, { name: 'Closed Shop' });
    const hidden = await addProduct(t.db, closed.id, { name: 'Gone Lamp', priceCents: 900 });
    await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, closed.id));
    const seeker = personas[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        email: account.email,
        result: { title: '  soft start sustainability SEEKER ', description: '', products: [] },
        productDetails: [
          { id: seeker.productIds[2]!, name: 'Totally Free iPhone', image: null },
          { id: hidden.id, name: 'Gone Lamp', image: null },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const text = mimeParts((await nextMailTo(account.email)).raw)['text/plain']!;
    expect(text).toContain('You are: Soft Start Sustainability Seeker');
    expect(text).toContain('Insulated Steel Bottle 20 oz');
    expect(text).not.toContain('Totally Free iPhone');
    expect(text).not.toContain('Gone Lamp');
    expect(text).not.toContain('Beeswax Food Wrap Trio');
  });

  it("falls back to the persona's own products when the page sent none", async () => {
    const { account, headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        email: account.email,
        result: { title: 'Conscious Maximalist', description: '', products: [] },
        productDetails: [],
      },
    });
    expect(res.statusCode).toBe(200);
    const text = mimeParts((await nextMailTo(account.email)).raw)['text/plain']!;
    for (const name of PERSONAS[2]!.products) expect(text).toContain(name);
  });

  it('ignores product ids that cannot exist instead of failing', async () => {
    const { account, headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        email: account.email,
        result: { title: 'Chill Eco Champion', description: '', products: [-5, 0, 99_999_999_999] },
        productDetails: [{ id: 2 ** 40, name: 'Huge', image: null }],
      },
    });
    expect(res.statusCode).toBe(200);
    const text = mimeParts((await nextMailTo(account.email)).raw)['text/plain']!;
    for (const name of PERSONAS[3]!.products) expect(text).toContain(name);
  });

  it('refuses a persona that is not a quiz result (400), sending nothing', async () => {
    const { account, headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: payloadFor({ ...personas[0]!, title: 'Secret Admin Persona' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: QUIZ_MESSAGES.unknownPersona });
    await t.app.deps.tasks.idle();
    expect(smtp.inbox.some((m) => m.to.includes(account.email))).toBe(false);
  });

  it.each([
    ['no result', { email: 'a@example.com', productDetails: [] }],
    ['a result without title', { email: 'a@example.com', result: { products: [] } }],
    [
      'product ids as text',
      {
        ...{ email: 'a@example.com' },
        result: { title: 'Hempalicious', description: '', products: ['x'] },
        productDetails: [],
      },
    ],
    ['a list body', [1, 2, 3]],
  ])('answers 400 with a readable message for %s', async (_name, payload) => {
    const { headers } = await loggedIn();
    const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"result": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('POST api/send-results-email/ when the mail server fails', () => {
  let failing: TestApp;
  const attempts: string[] = [];
  beforeAll(async () => {
    failing = await buildTestApp({}, { mailer: failingMailer(attempts) });
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('still answers 200 (the page only logs this call) after trying to send', async () => {
    const [hemp] = (await addPersonas(failing.db)).slice(5);
    const account = await registerShopper(failing.app);
    const { access } = await loginShopper(failing.app, account);
    const res = await failing.app.inject({
      method: 'POST',
      url: '/api/send-results-email/',
      headers: bearer(access),
      payload: {
        email: account.email,
        result: { title: hemp!.title, description: '', products: hemp!.productIds },
        productDetails: [],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: QUIZ_MESSAGES.resultsSent });
    await failing.app.deps.tasks.idle();
    expect(attempts).toEqual([account.email]);
  });
});
