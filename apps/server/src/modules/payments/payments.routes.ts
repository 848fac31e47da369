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
  ONBOARDING_PATH,
  onboardingLinkExpired,
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

/**
 * The local provider's hosted payment page: `GET /pay/{id}`, `POST /pay/{id}` (pay) and
 * `POST /pay/{id}/promo`. Only served while the local provider is the one in use.
 */
async function paymentPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify;
  const { publicUrl, rateLimitMax } = app.deps.config;
  const provider = app.deps.payments;
  const local = provider.name === 'local' ? (provider as LocalPaymentProvider) : null;
  const publicOrigin = new URL(publicUrl).origin;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /**
   * The provider lives in the app: an address of the app itself is followed as a path, so the
   * browser stays on the origin it came from (localhost or 127.0.0.1), where its session is.
   */
  const sameOrigin = (url: string) => {
    try {
      const parsed = new URL(url);
      return parsed.origin === publicOrigin ? `${parsed.pathname}${parsed.search}` : url;
    } catch {
      return '/checkout';
    }
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);

  const notFound = (reply: FastifyReply) =>
    html(reply, 404, renderEndPage(T.sessionNotFound, '/checkout'));

  /** The session if it is open; otherwise the answer is sent (redirect or end page). */
  async function openSession(id: string, reply: FastifyReply) {
    const session = local ? await local.getSession(id) : undefined;
    if (!session) {
      notFound(reply);
      return null;
    }
    if (session.status === 'complete') {
      reply.header('cache-control', 'no-store').redirect(sameOrigin(session.successUrl), 303);
      return null;
    }
    if (session.status === 'expired' || session.expiresAt.getTime() <= Date.now()) {
      html(reply, 410, renderEndPage(T.sessionExpired, sameOrigin(session.cancelUrl)));
      return null;
    }
    return session;
  }

  const render = (reply: FastifyReply, status: number, state: Omit<PageState, 'cancelHref'>) =>
    html(
      reply,
      status,
      renderPaymentPage({ ...state, cancelHref: sameOrigin(state.session.cancelUrl) }),
    );

  // Pages, not API calls: left out of the API documentation.
  const page = { schema: { hide: true } };
  app.get('/pay/:sessionId', page, async (request, reply) => {
    const { sessionId } = paymentSessionParams.parse(request.params);
    const session = await openSession(sessionId, reply);
    if (session) return render(reply, 200, { session });
    return reply;
  });

  app.post('/pay/:sessionId', page, async (request, reply) => {
    const { sessionId } = paymentSessionParams.parse(request.params);
    const session = await openSession(sessionId, reply);
    if (!session || !local) return reply;
    const F = PAYMENT_PAGE.fields;
    const card: CardValues = {
      number: field(request.body, F.cardNumber, 40),
      expiry: field(request.body, F.expiry, 20),
      cvc: field(request.body, F.cvc, 10),
      name: field(request.body, F.name, 100),
    };
    const result = await local.pay(sessionId, card);
    if (result.ok) {
      return reply
        .header('cache-control', 'no-store')
        .redirect(sameOrigin(session.successUrl), 303);
    }
    switch (result.problem) {
      case 'card': {
        const fieldErrors: PageState['fieldErrors'] = {};
        for (const [key, problem] of Object.entries(result.problems)) {
          fieldErrors[key as keyof CardValues] = CARD_TEXTS[problem];
        }
        return render(reply, 400, { session, card: { ...card, cvc: '' }, fieldErrors });
      }
      case 'declined':
        return render(reply, 402, { session, card: { ...card, cvc: '' }, alert: T.declined });
      case 'promo_no_longer_valid': {
        const fresh = await local.getSession(sessionId);
        return render(reply, 409, {
          session: fresh ?? session,
          card: { ...card, cvc: '' },
          alert: T.promoNoLongerValid,
        });
      }
      case 'paid':
        return reply
          .header('cache-control', 'no-store')
          .redirect(sameOrigin(session.successUrl), 303);
      case 'expired':
        return html(reply, 410, renderEndPage(T.sessionExpired, sameOrigin(session.cancelUrl)));
      default:
        return notFound(reply);
    }
  });

  // The payout onboarding page (DESIGN 2.8): `GET` shows it, `POST` completes the setup,
  // delivers `account.updated` to the webhook route and sends the browser back.
  const dashboard = '/dashboard/';
  app.get(`${ONBOARDING_PATH}:token`, page, async (request, reply) => {
    const { token } = onboardingPageParams.parse(request.params);
    const account = local ? await local.getOnboarding(token) : undefined;
    if (!account) return html(reply, 404, renderOnboardingEndPage(dashboard));
    if (onboardingLinkExpired(account)) {
      // As Stripe does with an expired link: back to the refresh address for a new one.
      return reply
        .header('cache-control', 'no-store')
        .redirect(sameOrigin(account.refreshUrl ?? dashboard), 303);
    }
    return html(
      reply,
      200,
      renderOnboardingPage(account, token, sameOrigin(account.returnUrl ?? dashboard)),
    );
  });

  app.post(`${ONBOARDING_PATH}:token`, page, async (request, reply) => {
    const { token } = onboardingPageParams.parse(request.params);
    const result = local
      ? await local.completeOnboarding(token)
      : ({ ok: false, problem: 'not_found' } as const);
    if (result.ok) {
      return reply.header('cache-control', 'no-store').redirect(sameOrigin(result.returnUrl), 303);
    }
    if (result.problem === 'expired') {
      return reply.header('cache-control', 'no-store').redirect(sameOrigin(result.refreshUrl), 303);
    }
    return html(reply, 404, renderOnboardingEndPage(dashboard));
  });

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
      const session = await openSession(sessionId, reply);
      if (!session || !local) return reply;
      const code = field(request.body, PAYMENT_PAGE.fields.promoCode, 64);
      const result = await local.applyPromo(sessionId, code);
      if (result.ok) {
        return render(reply, 200, {
          session: result.session,
          promo: { ok: true, text: result.removed ? T.promoRemoved : T.promoApplied },
        });
      }
      if (result.problem === 'not_open') {
        return html(reply, 410, renderEndPage(T.sessionExpired, sameOrigin(session.cancelUrl)));
      }
      return render(reply, 400, {
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
