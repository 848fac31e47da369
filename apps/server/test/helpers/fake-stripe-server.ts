import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the Stripe API endpoints the app uses, for tests of the real SDK
 * (DESIGN §3): Checkout Sessions (create, retrieve, expire), promotion codes (retrieve),
 * transfers (create), refunds (create) and transfer reversals (create), the last three with
 * Stripe's idempotency-key replay. Requests arrive exactly as the SDK
 * sends them (form-encoded, bracketed keys); failures can be injected.
 */

export type Params = Record<string, unknown>;

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  customer_email: string | null;
  total_details: {
    amount_discount: number;
    amount_shipping: number;
    amount_tax: number;
    breakdown?: unknown;
  };
  payment_intent: string | null;
  customer_details: Params | null;
  /** The create request's parameters, parsed. */
  params: Params;
  /** Test-side state. */
  card_brand: string;
  promotion_code: string | null;
}

/** A promotion code with its coupon, as Stripe answers it (API 2025-09+: `promotion.coupon`). */
export interface FakePromotion {
  id: string;
  code: string;
  active: boolean;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  coupon: {
    id: string;
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
    valid: boolean;
    redeem_by: number | null;
    max_redemptions: number | null;
    times_redeemed: number;
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** Parses `a[b][0][c]=v&…` into nested objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

export interface FakeStripe {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Transfers made (one per idempotency key), in order. */
  transfers: Array<{ id: string; params: Params; idempotencyKey: string | undefined }>;
  promotionCodes: Map<string, string>;
  /** Promotion codes with their coupons (listed by code; a session's `discounts` must name one). */
  promotions: Map<string, FakePromotion>;
  /** A promotion code and its coupon (percent or amount off); its id. */
  addPromotion(
    code: string,
    coupon: { percentOff?: number; amountOff?: number; currency?: string },
    options?: { active?: boolean; expiresAt?: number | null },
  ): FakePromotion;
  /** The next n session creations answer 500. */
  failSessionCreates: number;
  /** Transfer failures still to answer, per destination account (each one request). */
  failTransfers: Map<string, number>;
  /** Wait before answering a transfer (concurrency tests). */
  transferDelayMs: number;
  /** Refunds made (one per idempotency key), in order. */
  refunds: Array<{ id: string; params: Params; idempotencyKey: string | undefined }>;
  /** Transfer reversals made (one per idempotency key), in order. */
  reversals: Array<{
    id: string;
    transfer: string;
    params: Params;
    idempotencyKey: string | undefined;
  }>;
  /** When set, refund creations are refused (400) with this message, as Stripe words it. */
  refuseRefunds: string | null;
  /** When set, transfer reversals are refused (400) with this message. */
  refuseReversals: string | null;
  /** Connected accounts created, by id, with the create request's parameters. */
  accounts: Map<string, Params>;
  /** Account links created, in order. */
  accountLinks: Params[];
  /** The next n account creations answer 500. */
  failAccountCreates: number;
  /** The next n account link creations answer 500. */
  failAccountLinks: number;
  /**
   * Runs when a request arrives, before it is answered: the caller is waiting for this answer,
   * so a test can look at what the app holds open meanwhile (its database transactions).
   */
  beforeAnswer: ((request: RecordedRequest) => Promise<void>) | null;
  /** Marks a session paid, as Stripe does when the buyer pays on its page. */
  complete(
    sessionId: string,
    options?: { discount?: number; promotionCode?: string; cardBrand?: string; billing?: Params },
  ): FakeSession;
  close(): Promise<void>;
}

const error = (res: ServerResponse, status: number, type: string, message: string) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  // One attempt per injected failure: the SDK does not retry when told so.
  res.setHeader('stripe-should-retry', 'false');
  res.end(JSON.stringify({ error: { type, message } }));
};

const send = (res: ServerResponse, body: unknown) => {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function publicSession(session: FakeSession, expand: string[]): Params {
  const { params: _p, card_brand, promotion_code, ...rest } = session;
  const out: Params = { ...rest };
  if (expand.includes('payment_intent.latest_charge') && session.payment_intent) {
    out.payment_intent = {
      id: session.payment_intent,
      object: 'payment_intent',
      latest_charge: {
        id: `ch_${session.id}`,
        object: 'charge',
        payment_method_details: { type: 'card', card: { brand: card_brand, last4: '4242' } },
      },
    };
  }
  if (expand.includes('total_details.breakdown')) {
    out.total_details = {
      ...session.total_details,
      breakdown: {
        discounts: promotion_code
          ? [
              {
                amount: session.total_details.amount_discount,
                discount: { id: 'di_1', object: 'discount', promotion_code },
              },
            ]
          : [],
        taxes: [],
      },
    };
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(6, '0')}`;
  const fake: Omit<FakeStripe, 'url' | 'port' | 'close' | 'complete' | 'addPromotion'> = {
    requests: [],
    sessions: new Map(),
    transfers: [],
    promotionCodes: new Map(),
    promotions: new Map(),
    failSessionCreates: 0,
    failTransfers: new Map(),
    transferDelayMs: 0,
    refunds: [],
    reversals: [],
    refuseRefunds: null,
    refuseReversals: null,
    accounts: new Map(),
    accountLinks: [],
    failAccountCreates: 0,
    failAccountLinks: 0,
    beforeAnswer: null,
  };
  const replies = new Map<string, unknown>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      const params =
        req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: req.headers.authorization,
      };
      fake.requests.push(recorded);
      await fake.beforeAnswer?.(recorded);
      const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
      const parts = url.pathname.split('/').filter(Boolean);

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (fake.failSessionCreates > 0) {
          fake.failSessionCreates -= 1;
          return error(res, 500, 'api_error', 'Something went wrong on Stripe.');
        }
        // A code applied at creation must be one Stripe would take now.
        const discounts = (params.discounts as Params[] | undefined) ?? [];
        for (const discount of discounts) {
          const promotion = fake.promotions.get(String(discount.promotion_code));
          if (!promotion?.active || !promotion.coupon.valid) {
            res.statusCode = 400;
            res.setHeader('content-type', 'application/json');
            res.setHeader('stripe-should-retry', 'false');
            return res.end(
              JSON.stringify({
                error: {
                  type: 'invalid_request_error',
                  param: 'discounts[0][promotion_code]',
                  message: 'This promotion code cannot be redeemed because it is inactive.',
                },
              }),
            );
          }
        }
        if (discounts.length && params.allow_promotion_codes !== undefined) {
          return error(
            res,
            400,
            'invalid_request_error',
            'You may only specify one of these parameters: allow_promotion_codes, discounts.',
          );
        }
        const id = next('cs');
        const lines = (params.line_items as Params[]) ?? [];
        const subtotal = lines.reduce(
          (s, l) => s + Number((l.price_data as Params).unit_amount) * Number(l.quantity ?? 1),
          0,
        );
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_subtotal: subtotal,
          amount_total: subtotal,
          currency: 'usd',
          metadata: (params.metadata as Record<string, string>) ?? {},
          customer_email: (params.customer_email as string) ?? null,
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
          payment_intent: null,
          customer_details: null,
          params,
          card_brand: 'visa',
          promotion_code: null,
        };
        fake.sessions.set(id, session);
        return send(res, publicSession(session, []));
      }
      if (parts[0] === 'v1' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
        const session = fake.sessions.get(parts[3]);
        if (!session) {
          return error(
            res,
            404,
            'invalid_request_error',
            `No such checkout.session: '${parts[3]}'`,
          );
        }
        if (req.method === 'POST' && parts[4] === 'expire') {
          if (session.status !== 'open') {
            return error(
              res,
              400,
              'invalid_request_error',
              'Only Checkout Sessions with a status in ["open"] can be expired.',
            );
          }
          session.status = 'expired';
          return send(res, publicSession(session, []));
        }
        if (req.method === 'GET' && !parts[4]) return send(res, publicSession(session, expand));
      }
      if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
        const wanted = String(params.code ?? '').toLowerCase();
        const data = [...fake.promotions.values()]
          .filter((p) => !wanted || p.code.toLowerCase() === wanted)
          .filter((p) => params.active === undefined || String(p.active) === params.active)
          .map(({ coupon, ...promotion }) => ({
            ...promotion,
            object: 'promotion_code',
            promotion: {
              type: 'coupon',
              coupon: expand.includes('data.promotion.coupon')
                ? { ...coupon, object: 'coupon', applies_to: null }
                : coupon.id,
            },
            restrictions: { first_time_transaction: false, minimum_amount: null },
          }));
        return send(res, { object: 'list', data, has_more: false, url: '/v1/promotion_codes' });
      }
      if (req.method === 'GET' && parts[0] === 'v1' && parts[1] === 'promotion_codes' && parts[2]) {
        const code = fake.promotionCodes.get(parts[2]);
        if (!code) return error(res, 404, 'invalid_request_error', 'No such promotion code');
        return send(res, { id: parts[2], object: 'promotion_code', code, active: true });
      }
      if (req.method === 'GET' && url.pathname === '/v1/transfers') {
        const group = url.searchParams.get('transfer_group');
        const data = fake.transfers
          .filter((tr) => !group || tr.params.transfer_group === group)
          .map((tr) => replies.get(tr.idempotencyKey ?? '') ?? { id: tr.id, object: 'transfer' });
        return send(res, { object: 'list', data, has_more: false, url: '/v1/transfers' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        if (fake.transferDelayMs) await new Promise((r) => setTimeout(r, fake.transferDelayMs));
        if (idempotencyKey && replies.has(idempotencyKey)) {
          return send(res, replies.get(idempotencyKey));
        }
        const destination = String(params.destination);
        const failures = fake.failTransfers.get(destination) ?? 0;
        if (failures > 0) {
          fake.failTransfers.set(destination, failures - 1);
          return error(res, 500, 'api_error', 'Transfers are unavailable right now.');
        }
        const transfer = {
          id: next('tr'),
          object: 'transfer',
          amount: Number(params.amount),
          currency: params.currency,
          destination,
          transfer_group: params.transfer_group ?? null,
          metadata: params.metadata ?? {},
        };
        fake.transfers.push({ id: transfer.id, params, idempotencyKey });
        if (idempotencyKey) replies.set(idempotencyKey, transfer);
        return send(res, transfer);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (idempotencyKey && replies.has(idempotencyKey)) {
          return send(res, replies.get(idempotencyKey));
        }
        if (fake.refuseRefunds) {
          return error(res, 400, 'invalid_request_error', fake.refuseRefunds);
        }
        const intent = String(params.payment_intent ?? '');
        const session = [...fake.sessions.values()].find((s) => s.payment_intent === intent);
        if (!session) {
          return error(res, 400, 'invalid_request_error', `No such payment_intent: '${intent}'`);
        }
        const refunded = fake.refunds
          .filter((r) => r.params.payment_intent === intent)
          .reduce((sum, r) => sum + Number(r.params.amount), 0);
        const amount =
          params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
        if (amount > session.amount_total - refunded) {
          const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
          return error(
            res,
            400,
            'invalid_request_error',
            `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(session.amount_total - refunded)})`,
          );
        }
        const refund = {
          id: next('re'),
          object: 'refund',
          amount,
          currency: 'usd',
          payment_intent: intent,
          reason: params.reason ?? null,
          status: 'succeeded',
          metadata: params.metadata ?? {},
        };
        fake.refunds.push({ id: refund.id, params, idempotencyKey });
        if (idempotencyKey) replies.set(idempotencyKey, refund);
        return send(res, refund);
      }
      if (
        req.method === 'POST' &&
        parts[0] === 'v1' &&
        parts[1] === 'transfers' &&
        parts[2] &&
        parts[3] === 'reversals'
      ) {
        if (idempotencyKey && replies.has(idempotencyKey)) {
          return send(res, replies.get(idempotencyKey));
        }
        if (fake.refuseReversals) {
          return error(res, 400, 'invalid_request_error', fake.refuseReversals);
        }
        const transfer = fake.transfers.find((tr) => tr.id === parts[2]);
        if (!transfer) {
          return error(res, 404, 'invalid_request_error', `No such transfer: '${parts[2]}'`);
        }
        const reversal = {
          id: next('trr'),
          object: 'transfer_reversal',
          amount: Number(params.amount ?? transfer.params.amount),
          currency: 'usd',
          transfer: transfer.id,
          metadata: params.metadata ?? {},
        };
        fake.reversals.push({ id: reversal.id, transfer: transfer.id, params, idempotencyKey });
        if (idempotencyKey) replies.set(idempotencyKey, reversal);
        return send(res, reversal);
      }
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        if (fake.failAccountCreates > 0) {
          fake.failAccountCreates -= 1;
          return error(res, 500, 'api_error', 'Something went wrong on Stripe.');
        }
        const id = next('acct');
        fake.accounts.set(id, params);
        return send(res, {
          id,
          object: 'account',
          type: params.type,
          email: params.email ?? null,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: params.metadata ?? {},
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        if (fake.failAccountLinks > 0) {
          fake.failAccountLinks -= 1;
          return error(res, 500, 'api_error', 'Something went wrong on Stripe.');
        }
        if (!fake.accounts.has(String(params.account))) {
          return error(res, 400, 'invalid_request_error', `No such account: '${params.account}'`);
        }
        fake.accountLinks.push(params);
        return send(res, {
          object: 'account_link',
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `https://connect.stripe.test/setup/e/${params.account}/${fake.accountLinks.length}`,
        });
      }
      return error(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${url.pathname})`,
      );
    })().catch((e: unknown) => error(res, 500, 'api_error', String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    port,
    url: `http://127.0.0.1:${port}`,
    addPromotion(
      code: string,
      coupon: { percentOff?: number; amountOff?: number; currency?: string },
      options: { active?: boolean; expiresAt?: number | null } = {},
    ): FakePromotion {
      const promotion: FakePromotion = {
        id: next('promo'),
        code,
        active: options.active ?? true,
        expires_at: options.expiresAt ?? null,
        max_redemptions: null,
        times_redeemed: 0,
        coupon: {
          id: next('coupon'),
          percent_off: coupon.percentOff ?? null,
          amount_off: coupon.amountOff ?? null,
          currency: coupon.amountOff === undefined ? null : (coupon.currency ?? 'usd'),
          valid: true,
          redeem_by: null,
          max_redemptions: null,
          times_redeemed: 0,
        },
      };
      fake.promotions.set(promotion.id, promotion);
      fake.promotionCodes.set(promotion.id, code);
      return promotion;
    },
    complete(
      sessionId: string,
      options: {
        discount?: number;
        promotionCode?: string;
        cardBrand?: string;
        billing?: Params;
      } = {},
    ) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const discount = options.discount ?? 0;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${sessionId}`;
      session.total_details.amount_discount = discount;
      session.amount_total = session.amount_subtotal - discount;
      session.card_brand = options.cardBrand ?? 'visa';
      session.promotion_code = options.promotionCode ?? null;
      session.customer_details = { email: session.customer_email, ...(options.billing ?? {}) };
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
