import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  errorResponse,
  onboardingPageParams,
  PAYMENT_PAGE,
  paymentSessionParams,
  PAYMENT_PAGE_MESSAGES as T,
  WEBHOOK_MESSAGES,
  webhookResponse,
} from '@leafline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type LocalPaymentProvider,
  type LocalSessionRow,
  ONBOARDING_PATH,
  onboardingLinkExpired,
  type PayOutcome,
} from '../../adapters/payments/local-provider';
import { WebhookError } from '../../adapters/payments/payment-provider';
import type { CardProblem } from '../../adapters/payments/test-card';
import { AppError } from '../../lib/errors';
import { moneyPathDeps } from '../checkout';
import { renderOnboardingEndPage, renderOnboardingPage } from './onboarding-page';
import { type CardValues, type PageState, renderEndPage, renderPaymentPage } from './payment-page';
import { handlePaymentEvent, runPaymentJobs } from './payments.service';

/** Where the provider posts its events (Stripe's dashboard takes `${PUBLIC_URL}` + this). */
export const WEBHOOK_PATH = '/api/payments/webhook/';

/** Raw events at most this large (Stripe's are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /api/payments/webhook/`: the provider's signed events (DESIGN 2.7). The body is kept as
 * the raw bytes the signature covers, by a parser that exists only in this plugin.
 */
async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = moneyPathDeps(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: 'Signed events of the payment provider (Stripe-Signature header, raw JSON body)',
        response: { 200: webhookResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: ReturnType<typeof deps.payments.verifyWebhook>;
      try {
        event = deps.payments.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (error instanceof WebhookError) {
          throw new AppError(
            400,
            error.reason === 'signature'
              ? WEBHOOK_MESSAGES.badSignature
              : WEBHOOK_MESSAGES.badEvent,
          );
        }
        throw error;
      }
      const outcome = await handlePaymentEvent(deps, event);
      return { received: true as const, outcome };
    },
  );
}

const CARD_TEXTS: Record<CardProblem, string> = {
  card_incomplete: T.cardIncomplete,
  card_invalid: T.cardInvalid,
  card_not_test: T.cardNotTest,
  expiry_incomplete: T.expiryIncomplete,
  expiry_invalid: T.expiryInvalid,
  expiry_past: T.expiryPast,
  cvc_incomplete: T.cvcIncomplete,
  name_missing: T.nameMissing,
};

/** A field of a posted form, as text of at most `max` characters. */
function field(body: unknown, name: string, max = 100): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : '';
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** What the hosted pages share: the local provider (if it is the one in use) and the app's origin. */
interface PageContext {
  readonly local: LocalPaymentProvider | null;
  readonly publicOrigin: string;
}

/** Pages, not API calls: left out of the API documentation. */
const page = { schema: { hide: true } };

/**
 * The provider lives in the app: an address of the app itself is followed as a path, so the
 * browser stays on the origin it came from (localhost or 127.0.0.1), where its session is.
 */
function sameOrigin(ctx: PageContext, url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === ctx.publicOrigin ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return '/checkout';
  }
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);

const notFound = (reply: FastifyReply) =>
  html(reply, 404, renderEndPage(T.sessionNotFound, '/checkout'));

/** A 303 to `url` (followed on this origin), not kept by any cache. */
const seeOther = (ctx: PageContext, reply: FastifyReply, url: string) =>
  reply.header('cache-control', 'no-store').redirect(sameOrigin(ctx, url), 303);

const sessionExpired = (ctx: PageContext, reply: FastifyReply, session: LocalSessionRow) =>
  html(reply, 410, renderEndPage(T.sessionExpired, sameOrigin(ctx, session.cancelUrl)));

/** The session if it is open; otherwise the answer is sent (redirect or end page). */
async function openSession(ctx: PageContext, id: string, reply: FastifyReply) {
  const session = ctx.local ? await ctx.local.getSession(id) : undefined;
  if (!session) {
    notFound(reply);
    return null;
  }
  if (session.status === 'complete') {
    seeOther(ctx, reply, session.successUrl);
    return null;
  }
  if (session.status === 'expired' || session.expiresAt.getTime() <= Date.now()) {
    sessionExpired(ctx, reply, session);
    return null;
  }
  return session;
}

const render = (
  ctx: PageContext,
  reply: FastifyReply,
  status: number,
  state: Omit<PageState, 'cancelHref'>,
) =>
  html(
    reply,
    status,
    renderPaymentPage({ ...state, cancelHref: sameOrigin(ctx, state.session.cancelUrl) }),
  );

/** The card fields of a posted payment form. */
function postedCard(body: unknown): CardValues {
  const F = PAYMENT_PAGE.fields;
  return {
    number: field(body, F.cardNumber, 40),
    expiry: field(body, F.expiry, 20),
    cvc: field(body, F.cvc, 10),
    name: field(body, F.name, 100),
  };
}

/** The answer to a payment the provider did not take: the page again with why, or an end. */
async function answerRefusedPayment(
  ctx: PageContext,
  local: LocalPaymentProvider,
  reply: FastifyReply,
  session: LocalSessionRow,
  card: CardValues,
  result: Exclude<PayOutcome, { ok: true }>,
) {
  switch (result.problem) {
    case 'card': {
      const fieldErrors: PageState['fieldErrors'] = {};
      for (const [key, problem] of Object.entries(result.problems)) {
        fieldErrors[key as keyof CardValues] = CARD_TEXTS[problem];
      }
      return render(ctx, reply, 400, { session, card: { ...card, cvc: '' }, fieldErrors });
    }
    case 'declined':
      return render(ctx, reply, 402, { session, card: { ...card, cvc: '' }, alert: T.declined });
    case 'promo_no_longer_valid': {
      const fresh = await local.getSession(session.id);
      return render(ctx, reply, 409, {
        session: fresh ?? session,
        card: { ...card, cvc: '' },
        alert: T.promoNoLongerValid,
      });
    }
    case 'paid':
      return seeOther(ctx, reply, session.successUrl);
    case 'expired':
      return sessionExpired(ctx, reply, session);
    default:
      return notFound(reply);
  }
}

/** `GET /pay/{id}` shows the page, `POST /pay/{id}` pays. */
function registerPayPage(app: FastifyInstance, ctx: PageContext): void {
  app.get('/pay/:sessionId', page, async (request, reply) => {
    const { sessionId } = paymentSessionParams.parse(request.params);
    const session = await openSession(ctx, sessionId, reply);
    if (session) return render(ctx, reply, 200, { session });
    return reply;
  });

  app.post('/pay/:sessionId', page, async (request, reply) => {
    const { sessionId } = paymentSessionParams.parse(request.params);
    const session = await openSession(ctx, sessionId, reply);
    const { local } = ctx;
    if (!session || !local) return reply;
    const card = postedCard(request.body);
    const result = await local.pay(sessionId, card);
    if (result.ok) return seeOther(ctx, reply, session.successUrl);
    return answerRefusedPayment(ctx, local, reply, session, card, result);
  });
}

/** `POST /pay/{id}/promo`: applies or removes a promotion code, rate limited. */
function registerPromoRoute(app: FastifyInstance, ctx: PageContext, rateLimitMax: number): void {
  const promoLimit: RateLimitOptions = {
    max: Math.max(30, rateLimitMax * 3),
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(429, T.promoInvalid),
  };
  app.post(
    '/pay/:sessionId/promo',
    { ...page, config: { rateLimit: promoLimit } },
    async (request, reply) => {
      const { sessionId } = paymentSessionParams.parse(request.params);
      const session = await openSession(ctx, sessionId, reply);
      const { local } = ctx;
      if (!session || !local) return reply;
      const code = field(request.body, PAYMENT_PAGE.fields.promoCode, 64);
      const result = await local.applyPromo(sessionId, code);
      if (result.ok) {
        return render(ctx, reply, 200, {
          session: result.session,
          promo: { ok: true, text: result.removed ? T.promoRemoved : T.promoApplied },
        });
      }
      if (result.problem === 'not_open') return sessionExpired(ctx, reply, session);
      return render(ctx, reply, 400, {
        session,
        promo: {
          ok: false,
          value: code,
          text: result.problem === 'promo_expired' ? T.promoExpired : T.promoInvalid,
        },
      });
    },
  );
}

/**
 * The payout onboarding page (DESIGN 2.8): `GET` shows it, `POST` completes the setup,
 * delivers `account.updated` to the webhook route and sends the browser back.
 */
function registerOnboardingPage(app: FastifyInstance, ctx: PageContext): void {
  const dashboard = '/dashboard/';
  const { local } = ctx;
  app.get(`${ONBOARDING_PATH}:token`, page, async (request, reply) => {
    const { token } = onboardingPageParams.parse(request.params);
    const account = local ? await local.getOnboarding(token) : undefined;
    if (!account) return html(reply, 404, renderOnboardingEndPage(dashboard));
    if (onboardingLinkExpired(account)) {
      // As Stripe does with an expired link: back to the refresh address for a new one.
      return seeOther(ctx, reply, account.refreshUrl ?? dashboard);
    }
    return html(
      reply,
      200,
      renderOnboardingPage(account, token, sameOrigin(ctx, account.returnUrl ?? dashboard)),
    );
  });

  app.post(`${ONBOARDING_PATH}:token`, page, async (request, reply) => {
    const { token } = onboardingPageParams.parse(request.params);
    const result = local
      ? await local.completeOnboarding(token)
      : ({ ok: false, problem: 'not_found' } as const);
    if (result.ok) return seeOther(ctx, reply, result.returnUrl);
    if (result.problem === 'expired') return seeOther(ctx, reply, result.refreshUrl);
    return html(reply, 404, renderOnboardingEndPage(dashboard));
  });
}

/**
 * The local provider's hosted payment page: `GET /pay/{id}`, `POST /pay/{id}` (pay) and
 * `POST /pay/{id}/promo`. Only served while the local provider is the one in use.
 */
async function paymentPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify;
  const { publicUrl, rateLimitMax } = app.deps.config;
  const provider = app.deps.payments;
  const ctx: PageContext = {
    local: provider.name === 'local' ? (provider as LocalPaymentProvider) : null,
    publicOrigin: new URL(publicUrl).origin,
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  registerPayPage(app, ctx);
  registerOnboardingPage(app, ctx);
  registerPromoRoute(app, ctx, rateLimitMax);
}

/** The payment routes, and the periodic payment job (stopped when the app closes). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(webhookRoutes);
  await app.register(paymentPageRoutes);

  const deps = moneyPathDeps(app);
  const seconds = app.deps.config.paymentsJobSeconds;
  if (seconds > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      deps.tasks.run('payment jobs', () =>
        runPaymentJobs(deps).finally(() => {
          running = false;
        }),
      );
    }, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
