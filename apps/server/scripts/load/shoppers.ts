import { randomBytes } from 'node:crypto';
import {
  CURATED_LISTS,
  ORDER_CANCEL_MESSAGES,
  PARTIAL_REFUND_MESSAGES,
  PAYMENT_PAGE,
  PRODUCT_CATEGORIES,
  REFUND_MESSAGES,
} from '@leafline/contract';
import { ADDRESS } from '../../test/helpers/buying';
import { CallError, type Client } from './stats';

/**
 * The simulated people of the load run: shoppers who browse (the calls the web app makes for
 * the home page, the shop's search, product pages and storefronts) and buy (sign up or log in,
 * address, cart, checkout, pay on the local provider's page), and sellers who ship their paid
 * orders. Each is an async loop with small think times; what the shoppers put in their carts is
 * logged here, for the audit to compare with what the database holds. A share of the payments
 * is followed by the buyer's cancel of one of its orders (issue 30 point 4), sometimes sent twice
 * at once, while the sellers may be shipping that very order.
 */

export interface CatalogueProduct {
  id: number;
  name: string;
  business: number;
}

export interface Catalogue {
  products: CatalogueProduct[];
  byBusiness: Map<number, CatalogueProduct[]>;
  businesses: number[];
  /** Words of the product names, for searches. */
  words: string[];
  /**
   * Products with a few units counted, that many shoppers want (issue 26): each buying trip
   * may take one; a brand puts more on the shelf when they run out (restockLoop).
   */
  contended: CatalogueProduct[];
}

/** A cart line as the shopper put it in: product, option and quantity. */
export interface CartLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** A buyer's cancel of one of its just-paid orders (issue 30 point 4): each request's answer. */
export interface CancelLog {
  orderId: number;
  /** Per request sent at once: its status (0: no answer, already recorded as an error). */
  answers: { status: number; error?: string }[];
}

/** One shopper's account and the log of its carts. */
export interface ShopperLog {
  username: string;
  email: string;
  /** Checkouts paid (their order ids as checkout/ answered) with the lines the cart held. */
  paid: { orderIds: number[]; lines: CartLine[]; promo: boolean }[];
  /** Checkouts made but not paid (abandoned, declined): their order ids. */
  unpaid: number[][];
  /** What the cart holds now, by the shopper's own count. */
  cart: CartLine[];
  /** Adds refused because the product was sold out or had fewer left (409). */
  stockRefused: number;
  /** Checkouts refused because a line was beyond what is left (409), fixed in one click. */
  stockShort: number;
  /** Its cancels: answered 200 (the order cancelled) or 409 (shipped first, closed, at work). */
  cancels: CancelLog[];
}

export interface SellerLog {
  username: string;
  /** Orders this seller set Shipped (the PATCH answered 200). */
  shipped: number[];
  /** Orders whose Shipped was refused (409): their buyer cancelled them, or was cancelling. */
  shipRefused: number[];
}

const F = PAYMENT_PAGE.fields;
const NONSENSE = ['zzqxv', 'quantum kettle', 'xylophone gravel', 'plutonium'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's pause between two pages: short, never zero. */
const think = (min = 40, max = 250) => sleep(min + Math.random() * (max - min));

/** A typo as people make them: two letters swapped, or one dropped. */
function typo(word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  return chance(0.5)
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
    : word.slice(0, i) + word.slice(i + 1);
}

/** Every product through the search (pages of 100) and the open businesses. */
export async function loadCatalogue(client: Client): Promise<Catalogue> {
  const products: CatalogueProduct[] = [];
  for (let page = 1; ; page++) {
    const res = await client.call('setup', `/api/search/?search=&page=${page}&page_size=100`);
    const body = res.json();
    for (const p of body.results) products.push({ id: p.id, name: p.name, business: p.business });
    if (!body.next) break;
  }
  const byBusiness = new Map<number, CatalogueProduct[]>();
  for (const p of products) byBusiness.set(p.business, [...(byBusiness.get(p.business) ?? []), p]);
  const words = [
    ...new Set(
      products.flatMap((p) =>
        p.name
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length >= 4),
      ),
    ),
  ];
  if (!products.length) throw new Error('The catalogue is empty: nothing to load.');
  return { products, byBusiness, businesses: [...byBusiness.keys()], words, contended: [] };
}

interface RunContext {
  client: Client;
  catalogue: Catalogue;
  /** Loops stop starting new flows after this moment (performance.now()). */
  until: number;
}

const running = (ctx: RunContext) => performance.now() < ctx.until;

// ---- browsing ----

/** The home page: the businesses carousel, the curated lists, the shop's first page prefetch. */
async function home(ctx: RunContext) {
  const { client } = ctx;
  await Promise.all([
    client.call('home', '/api/publicbusinesses/'),
    client.call('home', `/api/curated/${CURATED_LISTS.hiddenBusinesses}/`),
    client.call('home', `/api/curated/${CURATED_LISTS.newlyAdded}/`),
    client.call('home', `/api/curated/${CURATED_LISTS.currentFavorites}/`),
  ]);
  await client.call('search', '/api/search/?search=&filter=&category=&page=1&page_size=20');
}

/** The shop's search box: a word of the catalogue, a typo of one, two words, or nothing found. */
async function search(ctx: RunContext) {
  const { client, catalogue } = ctx;
  const roll = Math.random();
  const terms =
    roll < 0.5
      ? pick(catalogue.words)
      : roll < 0.7
        ? typo(pick(catalogue.words))
        : roll < 0.85
          ? `${pick(catalogue.words)} ${pick(catalogue.words)}`
          : pick(NONSENSE);
  const filter = pick(['', '', 'price_low_to_high', 'price_high_to_low']);
  const q = new URLSearchParams({
    search: terms,
    filter,
    category: '',
    page: '1',
    page_size: '20',
  });
  const res = await client.call('search', `/api/search/?${q}`);
  const body = res.json();
  // Next page when there is one (the shop's pager); a page past the end would be a 404.
  if (body.next && chance(0.4)) {
    await think();
    q.set('page', '2');
    await client.call('search-page', `/api/search/?${q}`);
  }
  return body.results as { id: number }[];
}

/** A category of the shop's menu, sometimes sorted, sometimes its second page. */
async function category(ctx: RunContext) {
  const { client } = ctx;
  const q = new URLSearchParams({
    search: '',
    filter: pick(['', 'price_low_to_high']),
    category: pick([...PRODUCT_CATEGORIES, 'Stationary', 'weekly_favorites']),
    page: '1',
    page_size: '20',
  });
  const body = (await client.call('category', `/api/search/?${q}`)).json();
  if (body.next && chance(0.3)) {
    await think();
    q.set('page', '2');
    await client.call('search-page', `/api/search/?${q}`);
  }
}

/** A product page: the product, then its brand's name and notes. */
async function productPage(ctx: RunContext, id: number) {
  const { client } = ctx;
  const product = (await client.call('product', `/api/products/${id}/`)).json();
  await Promise.all([
    client.call('business', `/api/business/${product.business}/`),
    client.call('sustainability', `/api/sustainability/${product.business}/`),
  ]);
  return product as { id: number; business: number; variants: { id: number }[] };
}

/** A storefront: the brand, its notes, its products (and their next page). */
async function storefront(ctx: RunContext, businessId: number) {
  const { client } = ctx;
  const [, , products] = await Promise.all([
    client.call('storefront', `/api/business/${businessId}/`),
    client.call('sustainability', `/api/sustainability/${businessId}/`),
    client.call('storefront', `/api/products-by-business/${businessId}/`),
  ]);
  if (products.json().next && chance(0.3)) {
    await think();
    await client.call('storefront', `/api/products-by-business/${businessId}/?page=2`);
  }
}

async function browse(ctx: RunContext) {
  const roll = Math.random();
  if (roll < 0.2) await home(ctx);
  else if (roll < 0.5) {
    const found = await search(ctx);
    if (found.length && chance(0.6)) {
      await think();
      await productPage(ctx, pick(found).id);
    }
  } else if (roll < 0.65) await category(ctx);
  else if (roll < 0.85) await productPage(ctx, pick(ctx.catalogue.products).id);
  else await storefront(ctx, pick(ctx.catalogue.businesses));
}

// ---- buying ----

interface Session {
  /** The shopper's number in the run: which payments it cancels depends on it. */
  index: number;
  log: ShopperLog;
  password: string;
  headers: Record<string, string> | null;
  hasAddress: boolean;
}

function mergeLine(lines: CartLine[], line: CartLine) {
  const same = lines.find((l) => l.productId === line.productId && l.variantId === line.variantId);
  if (same) same.quantity += line.quantity;
  else lines.push({ ...line });
}

/** Sign up the first time, log in again later (a returning shopper). */
async function signIn(ctx: RunContext, session: Session) {
  const { client } = ctx;
  if (!session.headers) {
    const { username, email } = session.log;
    await client.call('register', '/register/', {
      json: {
        fname: 'Fern',
        lname: 'Moss',
        username,
        email,
        password1: session.password,
        password2: session.password,
      },
      expect: [201],
    });
  }
  const tokens = (
    await client.call('login', '/token/', {
      json: { username: session.log.username, password: session.password },
    })
  ).json();
  session.headers = { authorization: `Bearer ${tokens.access}` };
}

async function buy(ctx: RunContext, session: Session) {
  const { client, catalogue } = ctx;
  if (!session.headers || chance(0.3)) await signIn(ctx, session);
  const headers = session.headers!;
  if (!session.hasAddress) {
    await client.call('address', '/api/set-shipping-address/', { headers, expect: [200, 404] });
    await client.call('address', '/api/set-shipping-address/', { headers, json: ADDRESS });
    session.hasAddress = true;
  }
  // 1–3 products of 1–2 brands, each seen on its page before it goes in the cart.
  const brands = chance(0.5)
    ? [pick(catalogue.businesses)]
    : [pick(catalogue.businesses), pick(catalogue.businesses)];
  // Often one of the few counted products first: many shoppers want the same last units.
  if (catalogue.contended.length && chance(0.4)) {
    await think();
    const product = await productPage(ctx, pick(catalogue.contended).id);
    const added = await client.call('add-to-cart', `/add-to-cart/${product.id}/`, {
      headers,
      json: { variant_id: null, quantity: 1 },
      expect: [200, 409],
    });
    if (added.status === 200) {
      mergeLine(session.log.cart, { productId: product.id, variantId: null, quantity: 1 });
    } else session.log.stockRefused++;
  }
  const count = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < count; i++) {
    const candidates = catalogue.byBusiness.get(brands[i % brands.length]!)!;
    await think();
    const product = await productPage(ctx, pick(candidates).id);
    const variantId = product.variants.length ? pick(product.variants).id : null;
    const quantity = chance(0.8) ? 1 : 2;
    // A counted product may be sold out, or have fewer left than asked: 409, not added.
    const counted = catalogue.contended.some((p) => p.id === product.id);
    const added = await client.call('add-to-cart', `/add-to-cart/${product.id}/`, {
      headers,
      json: { variant_id: variantId, quantity },
      expect: counted ? [200, 409] : [200],
    });
    if (added.status === 200) {
      mergeLine(session.log.cart, { productId: product.id, variantId, quantity });
    } else session.log.stockRefused++;
  }
  // Everything wanted was sold out: nothing to buy this time.
  if (!session.log.cart.length) return;
  await think();
  await client.call('cart', '/api/cart/', { headers });
  await think();
  // The cart page sends what it shows: the server answers 409 if the cart holds anything else.
  const items = session.log.cart.map((l) => ({
    product_id: l.productId,
    variant_id: l.variantId,
    quantity: l.quantity,
  }));
  const answer = await client.call('checkout', '/checkout/', {
    headers,
    json: { items },
    expect: [200, 409],
  });
  if (answer.status === 409) {
    await fitCartToStock(ctx, session, answer);
    return;
  }
  const started = answer.json();
  const orderIds: number[] = started.order_ids;
  const pageUrl = new URL(started.checkout_url, client.base);
  const path = `${pageUrl.pathname}${pageUrl.search}`;
  await client.call('pay-page', path, { expect: [200] });

  const roll = Math.random();
  if (roll < 0.1) {
    // Abandons the payment page: the cart keeps its lines.
    session.log.unpaid.push(orderIds);
    return;
  }
  let promo = false;
  if (roll < 0.25) {
    await think();
    await client.call('promo', `${pageUrl.pathname}/promo`, {
      form: { [F.promoCode]: 'LEAFLINE10' },
    });
    promo = true;
  }
  const card = {
    [F.cardNumber]: PAYMENT_PAGE.testCards.success,
    [F.expiry]: '12 / 40',
    [F.cvc]: '123',
    [F.name]: 'Fern Moss',
  };
  await think(100, 400);
  if (roll >= 0.25 && roll < 0.35) {
    // The declined card: the page says so (402); the shopper gives up this time.
    await client.call('pay-declined', path, {
      form: { ...card, [F.cardNumber]: PAYMENT_PAGE.testCards.declined },
      expect: [402],
    });
    session.log.unpaid.push(orderIds);
    return;
  }
  await client.call('pay', path, { form: card, expect: [303] });
  session.log.paid.push({ orderIds, lines: session.log.cart, promo });
  session.log.cart = [];
  // The confirmation page, then the cart (now without the bought lines).
  await client.call('orders', `/api/orders/${orderIds[0]}/`, { headers });
  // 404 'Cart is empty' once everything in it was bought.
  await client.call('cart', '/api/cart/', { headers, expect: [200, 404] });
  const plan = cancelPlan(session.index, session.log.paid.length);
  if (plan) {
    await think();
    await cancelOrder(ctx, session, orderIds[plan.pick % orderIds.length]!, plan.twice ? 2 : 1);
  }
}

/**
 * Which payments are followed by a cancel (issue 30 point 4): about 1 in 4, from the shopper's
 * number and its count of payments so far (the same ones in every run, whatever the timing);
 * 1 in 3 of them sent twice at once (a double click, two tabs), the once-only path.
 */
export function cancelPlan(
  index: number,
  paidCount: number,
): { pick: number; twice: boolean } | null {
  const n = index * 7 + paidCount;
  if (n % 4 !== 0) return null;
  return { pick: n / 4, twice: (n / 4) % 3 === 0 };
}

/**
 * The answers a cancel may get beside 200 (409): the brand shipped it first (the sellers' loop
 * races the shoppers for it), it was refunded or cancelled already (the other of two requests),
 * or the other request's refund is still at work.
 */
const CANCEL_REFUSALS: readonly string[] = [
  ORDER_CANCEL_MESSAGES.notCancellable,
  ORDER_CANCEL_MESSAGES.alreadyClosed,
  REFUND_MESSAGES.inProgress,
  PARTIAL_REFUND_MESSAGES.inProgress,
];

/**
 * The answers the sellers' Shipped may get beside 200 (409): the buyer cancelled the order after
 * the seller's list was read, or the cancel's refund is still at work.
 */
const SHIP_REFUSALS: readonly string[] = [
  ORDER_CANCEL_MESSAGES.cancelledByBuyer,
  REFUND_MESSAGES.inProgress,
];

/**
 * My Orders' "Cancel order" on one of the orders just paid, `times` requests at once: each
 * answer logged; a 200 is the cancelled order, a 409 one of CANCEL_REFUSALS, anything else a
 * fault (recorded by the client, or here when the answer says something else).
 */
async function cancelOrder(ctx: RunContext, session: Session, orderId: number, times: number) {
  const entry: CancelLog = { orderId, answers: [] };
  session.log.cancels.push(entry);
  const sent = await Promise.allSettled(
    Array.from({ length: times }, () =>
      ctx.client.call('cancel', `/api/orders/${orderId}/cancel/`, {
        method: 'POST',
        headers: session.headers!,
        expect: [200, 409],
      }),
    ),
  );
  let fault: unknown;
  for (const outcome of sent) {
    if (outcome.status === 'rejected') {
      entry.answers.push({ status: 0 });
      fault ??= outcome.reason;
      continue;
    }
    const answer = outcome.value;
    if (answer.status === 200) {
      entry.answers.push({ status: 200 });
      const status = answer.json().status;
      if (status !== 'Canceled') {
        fault ??= new Error(`cancel of order ${orderId} answered 200 with the order ${status}`);
      }
    } else {
      const error = String(answer.json().error);
      entry.answers.push({ status: answer.status, error });
      if (!CANCEL_REFUSALS.includes(error)) {
        fault ??= new Error(`cancel of order ${orderId}: 409 ${answer.text.slice(0, 200)}`);
      }
    }
  }
  if (fault) throw fault;
}

/**
 * Checkout said some lines are beyond what is left (409 with `lines`): the shopper takes the
 * cart's one-click fix (each line set to what is left; 0 removes it) and leaves it for now.
 * Any other 409 is a fault of the flow.
 */
async function fitCartToStock(
  ctx: RunContext,
  session: Session,
  answer: { text: string; json(): { lines?: unknown } },
) {
  const body = answer.json() as {
    lines?: {
      item_id: number;
      product_id: number;
      variant_id: number | null;
      available_quantity: number;
    }[];
  };
  if (!Array.isArray(body.lines) || !body.lines.length) {
    throw new Error(`checkout 409 without stock lines: ${answer.text.slice(0, 200)}`);
  }
  session.log.stockShort++;
  for (const line of body.lines) {
    const fix = (quantity: number) =>
      ctx.client.call('cart-fix', `/api/cart/items/${line.item_id}/`, {
        method: 'PATCH',
        headers: session.headers!,
        json: { quantity },
        expect: quantity > 0 ? [200, 409] : [200],
      });
    // Fewer still may be left by now (409): the line goes, as the cart's fix would do next.
    let quantity = line.available_quantity;
    if ((await fix(quantity)).status === 409) {
      quantity = 0;
      await fix(0);
    }
    const mine = session.log.cart.find(
      (l) => l.productId === line.product_id && l.variantId === line.variant_id,
    );
    if (mine) mine.quantity = quantity;
  }
  session.log.cart = session.log.cart.filter((l) => l.quantity > 0);
}

/** A brand's stock keeping in the run: its counted products, as its owner signed in. */
export interface StockKeeper {
  businessId: number;
  productIds: number[];
  headers: Record<string, string>;
}

export interface RestockLog {
  /** Counts raised (PATCH answered 200) and the units put on the shelf. */
  restocks: number;
  units: number;
}

/**
 * The brands of the counted products: every second or two, each looks at its "Low stock" view
 * and puts two more of each counted product with nothing left on the shelf (its count + 2:
 * never below what open checkouts hold, whatever sells meanwhile).
 */
export async function restockLoop(ctx: RunContext, keepers: StockKeeper[]): Promise<RestockLog> {
  const log: RestockLog = { restocks: 0, units: 0 };
  while (running(ctx)) {
    for (const keeper of keepers) {
      try {
        const low = (
          await ctx.client.call(
            'seller-low-stock',
            `/api/business/products/${keeper.businessId}/?stock=low`,
            { headers: keeper.headers },
          )
        ).json() as { id: number; stock: number | null; reserved: number }[];
        for (const product of low) {
          if (!keeper.productIds.includes(product.id) || product.stock === null) continue;
          if (product.stock - product.reserved > 0) continue;
          await ctx.client.call('seller-restock', `/api/products/${product.id}/stock/`, {
            method: 'PATCH',
            headers: keeper.headers,
            json: { stock: product.stock + 2 },
          });
          log.restocks++;
          log.units += 2;
        }
      } catch (error) {
        if (!(error instanceof CallError)) ctx.client.recorder.flowErrors.push(String(error));
      }
    }
    await think(1000, 2000);
  }
  return log;
}

/** One shopper until the end of the run: mostly browsing, a buying trip now and then. */
export async function shopperLoop(ctx: RunContext, index: number): Promise<ShopperLog> {
  const tag = `${index}_${randomBytes(4).toString('hex')}`;
  const session: Session = {
    index,
    log: {
      username: `load_${tag}`,
      email: `load_${tag}@example.com`,
      paid: [],
      unpaid: [],
      cart: [],
      stockRefused: 0,
      stockShort: 0,
      cancels: [],
    },
    password: `pw-${randomBytes(6).toString('hex')}`,
    headers: null,
    hasAddress: false,
  };
  // Arrivals spread over the first second, not all at one instant.
  await sleep(Math.random() * 1000);
  while (running(ctx)) {
    try {
      if (chance(0.3)) await buy(ctx, session);
      else await browse(ctx);
    } catch (error) {
      if (!(error instanceof CallError)) ctx.client.recorder.flowErrors.push(String(error));
      // Recorded; a person would try again a little later.
      await sleep(200);
    }
    await think();
  }
  return session.log;
}

/**
 * A seller: logs in, lists its businesses, then keeps looking at each one's newest orders and
 * sets the paid ones Shipped with a tracking number, as on the dashboard.
 */
export async function sellerLoop(
  ctx: RunContext,
  account: { username: string; password: string },
): Promise<SellerLog> {
  const { client } = ctx;
  const log: SellerLog = { username: account.username, shipped: [], shipRefused: [] };
  let headers: Record<string, string> = {};
  let businessIds: number[] = [];
  // Logs in and opens the dashboard, again after a failed call (recorded), while the run lasts.
  while (running(ctx) && !businessIds.length) {
    try {
      const tokens = (
        await client.call('seller-login', '/token/', {
          json: { username: account.username, password: account.password },
        })
      ).json();
      headers = { authorization: `Bearer ${tokens.access}` };
      const dashboard = (
        await client.call('seller-dashboard', '/api/business/dashboard/', { headers })
      ).json();
      businessIds = dashboard.businesses.map((b: { id: number }) => b.id);
    } catch (error) {
      if (!(error instanceof CallError)) client.recorder.flowErrors.push(String(error));
      await think(500, 1000);
    }
  }
  while (running(ctx)) {
    for (const businessId of businessIds) {
      try {
        const page = chance(0.8) ? 1 : 2;
        const orders = (
          await client.call('seller-orders', `/api/business/orders/${businessId}/?page=${page}`, {
            headers,
          })
        ).json() as { id: number; status: string }[];
        for (const order of orders.filter((o) => o.status === 'Paid').slice(0, 5)) {
          await think(20, 80);
          const answer = await client.call(
            'seller-ship',
            `/api/business/orders/edit/${order.id}/`,
            {
              method: 'PATCH',
              headers,
              json: {
                status: 'Shipped',
                tracking_number: `LL${order.id}X${randomBytes(3).toString('hex')}`,
              },
              expect: [200, 409],
            },
          );
          if (answer.status === 200) {
            log.shipped.push(order.id);
            continue;
          }
          // The list still showed Paid, but its buyer cancelled it meanwhile (decision 0053).
          const error = String(answer.json().error);
          if (!SHIP_REFUSALS.includes(error)) {
            client.recorder.flowErrors.push(
              `Shipped of order ${order.id}: 409 ${answer.text.slice(0, 200)}`,
            );
          }
          log.shipRefused.push(order.id);
        }
      } catch (error) {
        if (!(error instanceof CallError)) client.recorder.flowErrors.push(String(error));
      }
      await think(300, 800);
    }
  }
  return log;
}

export type { RunContext };
