import { QUIZ_PANEL_CLOSE_MS } from '@leafline/contract/constants';
import type { QuizPersona, QuizResponse } from '@leafline/contract/content';
import { MESSAGES } from '@leafline/contract/messages';
import { QUIZ_MESSAGES } from '@leafline/contract/quiz';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { ADA_REGISTER_BODY, fillAccountFields } from '@/test/account-fields';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TITLES = [
  'Soft Start Sustainability Seeker',
  'DIY-ish Earth Guardian',
  'Conscious Maximalist',
  'Chill Eco Champion',
  'Ethical Overachiever (But Make It Kind)',
  'Hempalicious',
];

/** Ten questions of six options (a–f); answer `c` of any question belongs to persona 3. */
const questions = Array.from({ length: 10 }, (_, q) => ({
  id: q + 1,
  text: `Question text ${q + 1}?`,
  options: ['a', 'b', 'c', 'd', 'e', q === 0 ? 'leaf' : 'f'].map((key) => ({
    key: `${key}`,
    label: `Q${q + 1} option ${key}`,
  })),
}));

const personas: QuizPersona[] = TITLES.map((title, i) => ({
  id: i + 1,
  title,
  description: `${title} description.`,
  next_steps: [1, 2, 3].map((n) => `${title} step ${n}`),
  product_ids: [1, 2, 3, 4, 5, 6].map((n) => (i + 1) * 10 + n),
  matching_answers: i === 5 ? ['leaf'] : ['abcde'[i]!],
  poster_url: `/api/quiz/posters/${i + 1}/`,
}));

const quiz: QuizResponse = { questions, personas };

function product(id: number, withImage = true) {
  return {
    id,
    name: `Product ${id}`,
    description: '',
    price: `${id}.50`,
    condition: 'new',
    category: 'Eco-Friendly Business',
    product_category: 'Apparel',
    images: withImage ? [{ id: 1, image: `/media/p${id}.webp`, alt_text: '' }] : [],
    primary_image: null,
    business: 1,
    business_name: 'Fern & Co',
    variants: [],
  };
}

type Override = (call: RecordedCall) => Response | undefined;

function server(override: Override = () => undefined) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url === '/api/quiz/') return jsonResponse(200, quiz);
    const match = /^\/api\/products\/(\d+)\/$/.exec(call.url);
    // Every persona's sixth product is gone: failures are skipped, the rest shown.
    if (match) {
      const id = Number(match[1]);
      return id % 10 === 6
        ? jsonResponse(404, { error: 'Product not found' })
        : jsonResponse(200, product(id, id % 10 !== 5));
    }
    if (call.url === '/register/') {
      return jsonResponse(201, {
        message: 'Registration successful! You can now log in.',
        user: { id: 1, username: 'ada', email: 'ada@example.com' },
      });
    }
    if (call.url === '/token/') return jsonResponse(200, { access: 'acc', refresh: 'ref' });
    if (call.url === '/update-email/') return jsonResponse(200, { email: 'ada@example.com' });
    if (call.url === '/api/send-results-email/') {
      return jsonResponse(200, { success: true, message: QUIZ_MESSAGES.resultsSent });
    }
    if (call.url === '/api/cart/') return jsonResponse(404, { message: 'Cart is empty' });
    return jsonResponse(404, { error: 'Not found.' });
  });
}

async function answer(...labels: string[]) {
  for (const label of labels) fireEvent.click(await screen.findByRole('radio', { name: label }));
}

async function getResults() {
  fireEvent.click(screen.getByRole('button', { name: 'Get My Results' }));
  return screen.findByRole('dialog');
}

async function registerInPanel(password2 = 'pw-123456') {
  const panel = within(await screen.findByRole('dialog', { name: 'Create an account' }));
  fillAccountFields(panel, 'Create account', password2);
  return panel;
}

async function loginInPanel() {
  const panel = within(await screen.findByRole('dialog', { name: 'Create an account' }));
  fireEvent.click(panel.getByRole('button', { name: 'Log in' }));
  const login = within(screen.getByRole('dialog', { name: 'Log in' }));
  expect(document.activeElement).toBe(login.getByLabelText('Username'));
  fill(login.getByLabelText('Username'), 'ada');
  fill(login.getByLabelText('Password'), 'pw-123456');
  fireEvent.click(login.getByRole('button', { name: 'Log in' }));
  return login;
}

/** The results' persona heading (the panel's title is a level-2 heading too, in the dialog). */
const personaHeading = (title: string) => screen.findByRole('heading', { level: 2, name: title });

describe('quiz page', () => {
  it('shows ten questions of radio options, a progress bar, and asks for an answer first', async () => {
    const { calls } = server();
    renderApp('/quiz');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Find your eco shopping persona',
    );
    const groups = await screen.findAllByRole('group', { name: /^Question \d+ of 10/ });
    expect(groups).toHaveLength(10);
    expect(within(groups[0]!).getAllByRole('radio')).toHaveLength(6);
    expect(screen.getByText('0 of 10 answered')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Get My Results' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QUIZ_MESSAGES.needAnswer);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/products/'))).toHaveLength(0);

    // One answer per question: a second click in a group replaces the first.
    await answer('Q2 option a', 'Q2 option b');
    expect(screen.getByRole('radio', { name: 'Q2 option b' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Q2 option a' })).toHaveProperty('checked', false);
    expect(screen.getByText('1 of 10 answered')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.queryByText(QUIZ_MESSAGES.needAnswer)).toBeNull();
  });

  it('opens the account panel, loads the products, and Skip shows the persona', async () => {
    const { calls } = server();
    renderApp('/quiz');
    await answer('Q1 option c', 'Q2 option c', 'Q3 option a');
    const dialog = within(await getResults());
    expect(dialog.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Username',
      'Password',
      'Confirm password',
    ]) {
      expect(dialog.getByLabelText(label)).toHaveProperty('required', true);
    }
    expect(dialog.getByLabelText('Email').getAttribute('type')).toBe('email');
    // The persona's products start loading while the panel is open.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/products/')).map((c) => c.url)).toEqual(
        [31, 32, 33, 34, 35, 36].map((id) => `/api/products/${id}/`),
      ),
    );

    fireEvent.click(dialog.getByRole('button', { name: 'Skip and see results' }));
    expect(await personaHeading('Conscious Maximalist')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Conscious Maximalist description.')).toBeTruthy();
    const persona = within(screen.getByRole('region', { name: 'Conscious Maximalist' }));
    expect(persona.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      [1, 2, 3].map((n) => `Conscious Maximalist step ${n}`),
    );

    const poster = screen.getByRole('link', { name: 'Download your poster' });
    expect(poster.getAttribute('href')).toBe('/api/quiz/posters/3/');
    expect(poster.hasAttribute('download')).toBe(true);

    // Five products load, the missing sixth is skipped.
    const products = within(screen.getByRole('region', { name: 'Picked for you' }));
    await waitFor(() => expect(products.getAllByRole('article')).toHaveLength(5));
    expect(products.queryByText('Product 36')).toBeNull();
    const first = within(products.getAllByRole('article')[0]!);
    expect(first.getByRole('heading', { name: 'Product 31' })).toBeTruthy();
    expect(first.getByText('$31.50')).toBeTruthy();
    expect(first.getByRole('presentation').getAttribute('src')).toContain('/media/p31');
    expect(first.getByRole('link', { name: 'View Details: Product 31' }).getAttribute('href')).toBe(
      '/shop/products/31',
    );
    // No image: the 'No Image' stand-in.
    expect(within(products.getAllByRole('article')[4]!).getByText('No Image')).toBeTruthy();

    const shopAll = screen.getByRole('link', { name: /Shop All Products/ });
    expect(shopAll.getAttribute('href')).toBe('/shop');
    expect(shopAll.getAttribute('target')).toBe('_blank');
    expect(shopAll.getAttribute('rel')).toContain('noopener');
    // Skipping sends nothing.
    expect(calls.some((c) => c.url === '/api/send-results-email/')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Retake the quiz' }));
    expect(await screen.findByText('0 of 10 answered')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Q1 option c' })).toHaveProperty('checked', false);
  });

  it('a leaf answer makes Hempalicious win over more matching answers', async () => {
    server();
    renderApp('/quiz');
    await answer('Q1 option leaf', 'Q2 option a', 'Q3 option a', 'Q4 option a');
    fireEvent.click(
      within(await getResults()).getByRole('button', { name: 'Skip and see results' }),
    );
    expect(await personaHeading('Hempalicious')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download your poster' }).getAttribute('href')).toBe(
      '/api/quiz/posters/6/',
    );
  });

  it('closing the panel goes back to the answers', async () => {
    server();
    renderApp('/quiz');
    await answer('Q1 option b');
    const dialog = within(await getResults());
    fireEvent.click(dialog.getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Q1 option b' })).toHaveProperty('checked', true);
  });

  it('login mode: a failed login says so and stays in the panel', async () => {
    const { calls } = server((call) =>
      call.url === '/token/'
        ? jsonResponse(401, { detail: 'No active account found with the given credentials' })
        : undefined,
    );
    renderApp('/quiz');
    await answer('Q1 option a');
    await getResults();
    const login = await loginInPanel();
    expect((await login.findByRole('alert')).textContent).toBe(QUIZ_MESSAGES.loginFailed);
    expect(calls.find((c) => c.url === '/token/')!.body).toEqual({
      username: 'ada',
      password: 'pw-123456',
    });
    expect(localStorage.getItem('access_token')).toBeNull();
    // And back to register mode by the link.
    fireEvent.click(login.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeTruthy();
  });

  it('register: success text, automatic login, the results e-mail, then the results 1.5 s later', async () => {
    const { calls } = server();
    renderApp('/quiz');
    await answer('Q1 option b', 'Q2 option b');
    await getResults();
    const panel = await registerInPanel();

    const status = await panel.findByText(QUIZ_MESSAGES.registered);
    const shownAt = Date.now();
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(calls.find((c) => c.url === '/register/')!.body).toEqual(ADA_REGISTER_BODY);
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('acc'));
    expect(calls.find((c) => c.url === '/token/')!.body).toEqual({
      username: 'ada',
      password: 'pw-123456',
    });
    // The header follows the new session.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Account' })).toBeTruthy());

    // The results appear once the panel closes, 1.5 s after the login.
    expect(screen.queryByRole('heading', { name: 'DIY-ish Earth Guardian' })).toBeNull();
    expect(await personaHeading('DIY-ish Earth Guardian')).toBeTruthy();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(QUIZ_PANEL_CLOSE_MS - 200);
    expect(screen.queryByRole('dialog')).toBeNull();

    await waitFor(() => expect(calls.some((c) => c.url === '/api/send-results-email/')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/send-results-email/')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer acc');
    expect(sent.body).toEqual({
      email: 'ada@example.com',
      result: {
        title: 'DIY-ish Earth Guardian',
        description: 'DIY-ish Earth Guardian description.',
        products: [21, 22, 23, 24, 25, 26],
      },
      productDetails: [
        { id: 21, name: 'Product 21', image: '/media/p21.webp' },
        { id: 22, name: 'Product 22', image: '/media/p22.webp' },
        { id: 23, name: 'Product 23', image: '/media/p23.webp' },
        { id: 24, name: 'Product 24', image: '/media/p24.webp' },
        { id: 25, name: 'Product 25', image: null },
      ],
    });
  });

  it("login: success text, the account's e-mail asked for the results e-mail, whose failure is only logged", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = server((call) =>
      call.url === '/api/send-results-email/'
        ? jsonResponse(502, { error: 'The e-mail could not be sent.' })
        : undefined,
    );
    renderApp('/quiz');
    await answer('Q1 option d');
    await getResults();
    const login = await loginInPanel();
    expect(await login.findByText(QUIZ_MESSAGES.loggedIn)).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    const sent = calls.find((c) => c.url === '/api/send-results-email/')!;
    expect((sent.body as { email: string }).email).toBe('ada@example.com');
    expect(calls.find((c) => c.url === '/update-email/')!.headers.authorization).toBe('Bearer acc');
    expect(await personaHeading('Chill Eco Champion')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("register failures: mismatched passwords, the server's reason, and a failed automatic login", async () => {
    let registerAnswer = jsonResponse(400, {
      error: 'A user with that username already exists.',
      fields: { username: 'A user with that username already exists.' },
    });
    let tokenAnswer = jsonResponse(200, { access: 'acc', refresh: 'ref' });
    const { calls } = server((call) => {
      if (call.url === '/register/') return registerAnswer.clone();
      if (call.url === '/token/') return tokenAnswer.clone();
      return undefined;
    });
    renderApp('/quiz');
    await answer('Q1 option a');
    await getResults();

    let panel = await registerInPanel('other');
    expect((await panel.findByRole('alert')).textContent).toBe(
      MESSAGES.passwordsDoNotMatchRegister,
    );
    expect(calls.some((c) => c.url === '/register/')).toBe(false);

    panel = await registerInPanel();
    const alert = await panel.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(QUIZ_MESSAGES.registrationFailed));
    expect(alert.textContent).toContain('A user with that username already exists.');
    expect(panel.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');

    registerAnswer = jsonResponse(201, {
      message: 'ok',
      user: { id: 1, username: 'ada', email: 'ada@example.com' },
    });
    tokenAnswer = jsonResponse(500, { error: 'boom' });
    panel = await registerInPanel();
    await waitFor(() =>
      expect(panel.getByRole('alert').textContent).toBe(QUIZ_MESSAGES.loginAfterRegistrationFailed),
    );
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/send-results-email/')).toBe(false);
  });

  it("already logged in: the panel says You're logged in! and leads to the results", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server();
    renderApp('/quiz');
    await answer('Q1 option e');
    const dialog = within(await getResults());
    expect(dialog.getByRole('heading', { level: 2 }).textContent).toBe(
      QUIZ_MESSAGES.alreadyLoggedIn,
    );
    expect(dialog.queryByLabelText('Username')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'See my results' }));
    expect(await personaHeading('Ethical Overachiever (But Make It Kind)')).toBeTruthy();
  });

  it('says no products are available when every product call fails', async () => {
    server((call) =>
      call.url.startsWith('/api/products/') ? jsonResponse(404, { error: 'gone' }) : undefined,
    );
    renderApp('/quiz');
    await answer('Q1 option a');
    fireEvent.click(
      within(await getResults()).getByRole('button', { name: 'Skip and see results' }),
    );
    expect(await screen.findByText(QUIZ_MESSAGES.noProducts)).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says so when the quiz cannot be loaded, and tries again', async () => {
    let fail = true;
    server((call) =>
      call.url === '/api/quiz/' && fail ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    renderApp('/quiz');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The quiz could not be loaded. Please try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('group', { name: /^Question/ })).toHaveLength(10);
  });
});
