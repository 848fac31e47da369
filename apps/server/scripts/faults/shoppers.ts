import { randomBytes } from 'node:crypto';
import { PAYMENT_PAGE } from '@leafline/contract';
import { ADDRESS } from '../../test/helpers/buying';
import {
  type Answer,
  type CallOptions,
  call,
  failureKind,
  retryable,
  sleep,
  type Tally,
} from './client';

/**
 * The light load of a fault run: shoppers who register, browse, fill a cart, check out and pay
 * on the local provider's page, through the balancer, each at a person's pace. A request that
 * fails for want of the app (5xx, dropped) is counted and tried again after at most a second
 * (Retry-After, shortened so the recovery is seen to the second); a payment whose answer was
 * lost is asked again (a paid page answers 303 once more, it never takes money twice).
 */

const F = PAYMENT_PAGE.fields;
const CARD = {
  [F.cardNumber]: PAYMENT_PAGE.testCards.success,
  [F.expiry]: '12 / 40',
  [F.cvc]: '123',
  [F.name]: 'Fern Moss',
};

/** A payment the shopper saw go through (the page answered 303). */
export interface SeenPayment {
  email: string;
  sessionId: string;
  orderIds: number[];
}

export interface Shopper {
  email: string;
  headers: Record<string, string>;
}

export interface LoadContext {
  /** Where the shoppers go: the balancer (or one instance). */
  base: string;
  tally: Tally;
  /** Products that can go in a cart as they are (no variant to choose). */
  products: number[];
  label: string;
  /** Set to end the load: shoppers finish the step in hand and stop. */
  stopped: boolean;
  /** Requests in hand that are checkouts or payments (the moment to kill an instance). */
  paying: number;
  payments: SeenPayment[];
  shoppers: Shopper[];
  /** Unexpected answers (a 4xx the flow does not expect), for the report. */
  surprises: string[];
}

export function loadContext(base: string, tally: Tally, products: number[], label: string) {
  const context: LoadContext = {
    base,
    tally,
    products,
    label,
    stopped: false,
    paying: 0,
    payments: [],
    shoppers: [],
    surprises: [],
  };
  return context;
}

/** Gives up on a request that has failed for this long (the fault is not ending). */
const GIVE_UP_MS = 90_000;

/**
 * One request, tried again while it fails for want of the app. Every attempt is counted; every
 * failed one by its kind. Answers the last answer (an Error if the connection never worked).
 */
export async function request(
  context: Pick<LoadContext, 'base' | 'tally'>,
  path: string,
  options: CallOptions = {},
): Promise<Answer | Error> {
  const started = Date.now();
  for (;;) {
    context.tally.requests += 1;
    const answer = await call(context.base, path, options);
    if (!retryable(answer)) return answer;
    context.tally.fail(failureKind(answer));
    if (Date.now() - started > GIVE_UP_MS) return answer;
    const after = answer instanceof Error ? 1 : Number(answer.headers.get('retry-after') ?? 1);
    await sleep(Math.min(1000, Math.max(200, after * 1000)));
  }
}

const statusOf = (answer: Answer | Error) =>
  answer instanceof Error ? answer.message : answer.status;

/** A new shopper: registered, logged in, with a shipping address. */
export async function newShopper(context: LoadContext, n: number): Promise<Shopper> {
  const tag = `${context.label}${n}_${randomBytes(4).toString('hex')}`;
  const username = `f_${tag}`;
  const email = `${username}@shoppers.example.com`;
  const password = `pw-${tag}-long-enough`;
  const registered = await request(context, '/register/', {
    json: {
      fname: 'Fern',
      lname: 'Moss',
      username,
      email,
      password1: password,
      password2: password,
    },
  });
  // A retried registration may find the first one done: the login below decides.
  if (registered instanceof Error || (registered.status !== 201 && registered.status !== 400)) {
    throw new Error(`register: ${statusOf(registered)}`);
  }
  const login = await request(context, '/token/', { json: { username, password } });
  if (login instanceof Error || login.status !== 200) throw new Error(`login: ${statusOf(login)}`);
  const headers = { authorization: `Bearer ${(login.json as { access: string }).access}` };
  const address = await request(context, '/api/set-shipping-address/', {
    headers,
    json: ADDRESS,
  });
  if (address instanceof Error || address.status !== 200) {
    throw new Error(`address: ${statusOf(address)}`);
  }
  const shopper = { email, headers };
  context.shoppers.push(shopper);
  return shopper;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** Browses a product and puts it in the cart; false when the app said no. */
export async function fillCart(context: LoadContext, shopper: Shopper): Promise<boolean> {
  const productId = pick(context.products);
  await request(context, `/api/products/${productId}/`);
  await sleep(300 + Math.random() * 700);
  const added = await request(context, `/add-to-cart/${productId}/`, {
    headers: shopper.headers,
    json: { variant_id: null, quantity: 1 + Math.floor(Math.random() * 2) },
  });
  if (added instanceof Error || added.status !== 200) {
    context.surprises.push(`add-to-cart ${productId}: ${statusOf(added)}`);
    return false;
  }
  return true;
}

/** One purchase: a product into the cart, checkout, payment on the hosted page. */
async function buyOnce(context: LoadContext, shopper: Shopper): Promise<void> {
  if (!(await fillCart(context, shopper))) return;
  context.paying += 1;
  try {
    const checkout = await request(context, '/checkout/', { headers: shopper.headers, json: {} });
    if (checkout instanceof Error || checkout.status !== 200) {
      context.surprises.push(`checkout: ${statusOf(checkout)}`);
      return;
    }
    const { checkout_url: url, order_ids: orderIds } = checkout.json as {
      checkout_url: string;
      order_ids: number[];
    };
    const paid = await request(context, url, { form: CARD });
    if (paid instanceof Error || paid.status !== 303) {
      context.surprises.push(`pay: ${statusOf(paid)}`);
      return;
    }
    const sessionId = url.split('/').pop() ?? '';
    context.payments.push({ email: shopper.email, sessionId, orderIds });
  } finally {
    context.paying -= 1;
  }
}

/** A shopper's visit: registers, then buys until the load stops. */
export async function shop(context: LoadContext, n: number): Promise<void> {
  // Shoppers arrive a little apart, as people do.
  await sleep(n * 150);
  let shopper: Shopper;
  try {
    shopper = await newShopper(context, n);
  } catch (error) {
    context.surprises.push(String(error));
    return;
  }
  while (!context.stopped) {
    await buyOnce(context, shopper);
    // A person's pace: a few seconds before the next purchase.
    await sleep(2000 + Math.random() * 2000);
  }
}

/** Starts `count` shoppers; the promise ends once they all stopped. */
export function startLoad(context: LoadContext, count: number): Promise<void> {
  return Promise.all(Array.from({ length: count }, (_, n) => shop(context, n))).then(() => {});
}

/**
 * A request every 100 ms that needs the database (the prober's own cart), to time the outage
 * as clients see it: `recovery(from)` is the time from `from` to the first success after the
 * last failure.
 */
export function startProbe(base: string, headers: Record<string, string>) {
  const timeline: { at: number; ok: boolean; kind: string }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await call(base, '/api/cart/', { headers });
      // Any answer of the app counts (the prober's empty cart is a 404); not a 5xx or a drop.
      const ok = !(answer instanceof Error) && answer.status < 500;
      timeline.push({ at: Date.now(), ok, kind: ok ? '' : failureKind(answer) });
      await sleep(100);
    }
  })();
  return {
    timeline,
    /** Seconds from `from` until requests succeeded again; 0 if none failed. */
    recovery(from: number): number {
      const after = timeline.filter((t) => t.at >= from);
      const lastFailure = after.findLastIndex((t) => !t.ok);
      if (lastFailure < 0) return 0;
      const back = after.slice(lastFailure).find((t) => t.ok);
      return ((back?.at ?? Date.now()) - from) / 1000;
    },
    failures(from: number): number {
      return timeline.filter((t) => t.at >= from && !t.ok).length;
    },
    /** The probe's failures since `from`, by kind. */
    describe(from: number): string {
      const kinds = new Map<string, number>();
      for (const t of timeline)
        if (t.at >= from && !t.ok) kinds.set(t.kind, (kinds.get(t.kind) ?? 0) + 1);
      return [...kinds].map(([kind, n]) => `${n} × ${kind}`).join(', ') || 'none';
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}
