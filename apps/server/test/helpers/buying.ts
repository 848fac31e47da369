import { PAYMENT_PAGE } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { promoCodes, shippingCountryFees, shippingFeeConfigs } from '../../src/db/schema/index';
import { signedInShopper } from './auth';
import { addBusiness, type BusinessValues } from './catalog-fixtures';

/** Shared steps of the buying tests: a shopper with an address, a cart, checkout, payment. */

export type Headers = Record<string, string>;

export const ADDRESS = {
  first_name: 'Fern',
  last_name: 'Moss',
  address_line1: '12 Alder Street',
  address_line2: 'Apt 3',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
  country: 'US',
  phone_number: '503-555-0100',
};

export const CARD: { number: string; expiry: string; cvc: string; name: string } = {
  number: PAYMENT_PAGE.testCards.success,
  expiry: '12 / 40',
  cvc: '123',
  name: 'Fern Moss',
};

export async function shopper(
  app: FastifyInstance,
  options: { address?: boolean; email?: string } = {},
) {
  const { shopper: account, headers } = await signedInShopper(
    app,
    options.email ? { email: options.email } : {},
  );
  if (options.address !== false) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/set-shipping-address/',
      headers,
      payload: ADDRESS,
    });
    if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
  }
  return { account, headers };
}

let payableSellers = 0;

/**
 * A signed-in owner of a business whose payouts are set up (Stripe status active, an account
 * of its own), so its sales are paid out: the seller of the money tests.
 */
export async function payableSeller(
  app: FastifyInstance,
  db: Db,
  values: BusinessValues & { name: string },
) {
  const owner = await signedInShopper(app);
  payableSellers += 1;
  const business = await addBusiness(db, {
    ownerId: owner.shopper.id,
    stripeAccountId: `acct_payable_${payableSellers}_${owner.shopper.id}`,
    stripeStatus: 'active',
    ...values,
    name: `${values.name} ${payableSellers}`,
  });
  return { ...owner, business };
}

export async function addToCart(
  app: FastifyInstance,
  headers: Headers,
  productId: number,
  options: { variantId?: number; quantity?: number } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/add-to-cart/${productId}/`,
    headers,
    payload: { variant_id: options.variantId ?? null, quantity: options.quantity ?? 1 },
  });
  if (res.statusCode !== 200) throw new Error(`add-to-cart: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const checkout = (app: FastifyInstance, headers: Headers, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url: '/checkout/',
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A form post, as a browser sends it. */
export const postForm = (app: FastifyInstance, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const F = PAYMENT_PAGE.fields;

/** Pays on the local provider's page with a card (the test card that pays by default). */
export const payLocal = (
  app: FastifyInstance,
  checkoutUrl: string,
  card: Partial<typeof CARD> = {},
) => {
  const c = { ...CARD, ...card };
  return postForm(app, checkoutUrl, {
    [F.cardNumber]: c.number,
    [F.expiry]: c.expiry,
    [F.cvc]: c.cvc,
    [F.name]: c.name,
  });
};

export const applyPromo = (app: FastifyInstance, checkoutUrl: string, code: string) =>
  postForm(app, `${checkoutUrl}/promo`, { [F.promoCode]: code });

/** A business's shipping fees, written straight to the database. */
export async function setFees(
  db: Db,
  businessId: number,
  fees: {
    worldwide?: number | null;
    threshold?: number | null;
    countries?: Record<string, number>;
  },
) {
  const [config] = await db
    .insert(shippingFeeConfigs)
    .values({
      businessId,
      worldwideShippingFeeCents: fees.worldwide ?? null,
      thresholdFreeCents: fees.threshold ?? null,
    })
    .returning();
  const countries = Object.entries(fees.countries ?? {});
  if (countries.length) {
    await db.insert(shippingCountryFees).values(
      countries.map(([countryCode, feeCents]) => ({
        configId: config!.id,
        countryCode,
        feeCents,
      })),
    );
  }
}

/** A promo code (upper case as given); returns its id. */
export async function addPromo(
  db: Db,
  code: string,
  values: Partial<typeof promoCodes.$inferInsert> = { percentOff: 10 },
) {
  await db.delete(promoCodes).where(eq(promoCodes.code, code));
  const [row] = await db
    .insert(promoCodes)
    .values({ code, ...values })
    .returning();
  return row!.id;
}
