import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SignedInShopper, signedInShopper } from '../helpers/auth';
import { ADDRESS, addToCart, checkout, payLocal } from '../helpers/buying';
import { addBusiness, addNote, addProduct, setCuratedList } from '../helpers/catalog-fixtures';
import { serveDeliveryProfiles, serveWebhookSubscriptions } from '../helpers/fake-shopify-delivery';
import { DEMO_STORE, type FakeShopify, startFakeShopify } from '../helpers/fake-shopify-server';
import { captureLog } from '../helpers/log-capture';
import { multipartPayload } from '../helpers/multipart-form';

/**
 * The world the API fuzzer sends its requests into: the real app on its own test database, a
 * small catalogue (two brands, products with and without variants, notes, curated lists), a
 * buyer with an address, a cart line and a paid order, and a seller owning a business whose
 * Shopify store is the local stand-in (so owner-only routes reach their validation and the
 * Shopify calls go nowhere but here).
 */

export type PersonaName = 'anonymous' | 'buyer' | 'seller';

export interface FuzzWorld {
  t: TestApp;
  app: FastifyInstance;
  shopify: FakeShopify;
  buyer: SignedInShopper;
  seller: SignedInShopper;
  /** Ids that exist, by kind: the valid values of path parameters. */
  ids: {
    business: number[];
    product: number[];
    variant: number[];
    cartItem: number[];
    order: number[];
    /** A payment session still open on the local provider's page. */
    paymentSession: string[];
    /** A payout onboarding token of the local provider. */
    onboardingToken: string[];
  };
  /** What the webhooks are signed with, so the fuzzer can sign its own. */
  secrets: { stripeWebhook: string; shopifyApi: string; opsToken: string };
  /** The error the app logged for a request id (a 500's cause), if any. */
  loggedError(requestId: string): string | undefined;
  /** The Authorization header of a persona (none for anonymous). */
  headersOf(persona: PersonaName): Record<string, string>;
  /** A new signed-in shopper, for calls that end the caller's account. */
  throwawayShopper(): Promise<SignedInShopper>;
  close(): Promise<void>;
}

const SECRETS = {
  stripeWebhook: 'whsec_fuzz_0123456789abcdef0123456789',
  shopifyApi: 'shopify-fuzz-secret-0123456789',
  opsToken: 'ops-fuzz-token-0123456789abcdef',
};

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const shopify = await startFakeShopify([DEMO_STORE]);
  serveDeliveryProfiles(shopify, []);
  serveWebhookSubscriptions(shopify);
  // A built web app of one page: addresses no API route serves get it, as in production.
  const webDist = mkdtempSync(path.join(tmpdir(), 'leafline-fuzz-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Leafline</title><meta name="description" content="Shop" /></head><body><div id="root"></div></body></html>',
  );
  const log = captureLog('error');
  const t = await buildTestApp(
    {
      PAYMENTS_JOB_SECONDS: '0',
      // The fuzzer sends far more than a person would: the limits would answer 429 before the
      // handlers are reached (429s are still checked for their shape).
      RATE_LIMIT_MAX: '1000000',
      SHOPIFY_ADMIN_ORIGIN: shopify.url,
      SHOPIFY_TIMEOUT_MS: '2000',
      STRIPE_WEBHOOK_SECRET: SECRETS.stripeWebhook,
      SHOPIFY_API_SECRET: SECRETS.shopifyApi,
      OPS_TOKEN: SECRETS.opsToken,
      WEB_DIST_DIR: webDist,
    },
    { logger: log.logger },
  );
  const { app, db } = t;

  const seller = await signedInShopper(app);
  const buyer = await signedInShopper(app);
  const other = await signedInShopper(app);
  const own = await addBusiness(db, { name: 'Fern & Field', ownerId: seller.shopper.id });
  const foreign = await addBusiness(db, { name: 'Saltmarsh Goods', ownerId: other.shopper.id });
  await addNote(db, own.id, 'Linen', 'Grown without irrigation.');
  const shirt = await addProduct(db, own.id, {
    name: 'Linen Shirt',
    priceCents: 4500,
    variants: [
      { option1: 'S', priceCents: 4500 },
      { option1: 'M', priceCents: 4700 },
    ],
  });
  const soap = await addProduct(db, own.id, { name: 'Juniper Soap', priceCents: 700 });
  const jar = await addProduct(db, foreign.id, {
    name: 'Glass Jar',
    priceCents: 1200,
    variants: [{ option1: 'Small' }],
  });
  await setCuratedList(db, 'newly_added', [shirt.id, soap.id, jar.id]);
  await setCuratedList(db, 'hidden_businesses', [foreign.id]);

  const connect = await app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${own.id}/`,
    headers: seller.headers,
    payload: { shopify_store_url: DEMO_STORE.domain, access_token: DEMO_STORE.accessToken },
  });
  if (connect.statusCode !== 200) throw new Error(`connect: ${connect.statusCode} ${connect.body}`);

  // The buyer: an address, a paid order with the seller, and a line left in the cart.
  const address = await app.inject({
    method: 'POST',
    url: '/api/set-shipping-address/',
    headers: buyer.headers,
    payload: ADDRESS,
  });
  if (address.statusCode !== 200) throw new Error(`address: ${address.statusCode}`);
  await addToCart(app, buyer.headers, shirt.id, { variantId: shirt.variants[0]!.id });
  const bought = await checkout(app, buyer.headers);
  if (bought.statusCode !== 200) throw new Error(`checkout: ${bought.statusCode} ${bought.body}`);
  const paid = await payLocal(app, bought.json().checkout_url);
  if (paid.statusCode !== 303) throw new Error(`pay: ${paid.statusCode}`);
  await app.deps.tasks.idle();
  await addToCart(app, buyer.headers, soap.id);

  // A payment left open (another shopper's) and a business with its payout setup pending.
  const payer = await signedInShopper(app);
  await app.inject({
    method: 'POST',
    url: '/api/set-shipping-address/',
    headers: payer.headers,
    payload: ADDRESS,
  });
  await addToCart(app, payer.headers, jar.id, { variantId: jar.variants[0]!.id });
  const open = await checkout(app, payer.headers);
  if (open.statusCode !== 200) throw new Error(`checkout: ${open.statusCode} ${open.body}`);
  const form = await multipartPayload({
    name: 'Tidepool',
    description: 'Small-batch goods.',
    email: 'hello@tidepool.example',
    shipping_strategy: 'Plastic-free parcels.',
    price_range: '$10-$40',
    production: 'Made in Oregon.',
  });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/registerbiz/',
    headers: { ...other.headers, ...form.headers },
    payload: form.payload,
  });
  if (registered.statusCode !== 201) {
    throw new Error(`registerbiz: ${registered.statusCode} ${registered.body}`);
  }
  // One stored picture, for the media route and its ranges and validators.
  mkdirSync(path.join(app.deps.mediaDir, 'fuzz'), { recursive: true });
  writeFileSync(
    path.join(app.deps.mediaDir, 'fuzz', 'pic.webp'),
    await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#3a7d44' },
    })
      .webp()
      .toBuffer(),
  );
  const lastSegment = (url: string) => url.split('?')[0]!.split('/').filter(Boolean).pop()!;
  const cart = await app.inject({ url: '/api/cart/', headers: buyer.headers });
  const cartItem = (cart.json().items as { id: number }[]).map((i) => i.id);

  return {
    t,
    app,
    shopify,
    buyer,
    seller,
    secrets: SECRETS,
    ids: {
      business: [own.id, foreign.id],
      product: [shirt.id, soap.id, jar.id],
      variant: [...shirt.variants.map((v) => v.id), ...jar.variants.map((v) => v.id)],
      cartItem,
      order: bought.json().order_ids,
      paymentSession: [lastSegment(open.json().checkout_url)],
      onboardingToken: [lastSegment(registered.json().stripe_onboarding_url)],
    },
    loggedError(requestId) {
      const line = log.lines.find((l) => l.includes(requestId));
      if (!line) return undefined;
      const err = (
        JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } }
      ).err;
      return err
        ? `${err.type}: ${err.message}\n${err.stack?.split('\n').slice(1, 6).join('\n')}`
        : line;
    },
    headersOf(persona) {
      if (persona === 'buyer') return buyer.headers;
      if (persona === 'seller') return seller.headers;
      return {};
    },
    throwawayShopper: () => signedInShopper(app),
    async close() {
      await t.close();
      await shopify.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
