import { ACCOUNT_MESSAGES, DELIVERY_MESSAGES, type DeliveryResponse } from '@leafline/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { addToCart, checkout, type Headers, setFees, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { addresses, businesses, orders } from '../../db/schema/index';

/**
 * `GET api/businesses/{businessId}/delivery/` (docs/decisions/0052): a brand's fee and
 * free-shipping rules for the shopper's country, as checkout charges them, its delivery
 * estimate and its returns policy; the country the signed-in shopper's default address's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example', PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => t?.close());

const delivery = (
  businessId: number | string,
  options: { headers?: Headers; query?: string } = {},
) =>
  t.app.inject({
    url: `/api/businesses/${businessId}/delivery/${options.query ?? ''}`,
    headers: options.headers ?? {},
  });

describe('GET api/businesses/{businessId}/delivery/', () => {
  it('answers a signed-out shopper for the US: fee, both free rules, estimate, returns', async () => {
    const brand = await addBusiness(t.db, { name: 'Alder & Oak' });
    await setFees(t.db, brand.id, { worldwide: 600, threshold: 5000 });
    const res = await delivery(brand.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual<DeliveryResponse>({
      business: brand.id,
      country: 'US',
      shipping_fee: '6.00',
      threshold_free: '50.00',
      free_shipping_threshold: '75.00',
      ships_free_from: '50.00',
      processing_days: 2,
      transit_days_min: 3,
      transit_days_max: 5,
      delivery_days_min: 5,
      delivery_days_max: 7,
      returns_accepted: true,
      returns_days: 30,
    });
  });

  it('charges at checkout the fee it shows, for the same brand and country', async () => {
    const brand = await addBusiness(t.db, { name: 'Bramble Goods' });
    await setFees(t.db, brand.id, { worldwide: 900, countries: { US: 450 } });
    const soap = await addProduct(t.db, brand.id, { name: 'Oat Soap', priceCents: 800 });
    const { headers } = await shopper(t.app);
    const shown = (await delivery(brand.id, { headers })).json() as DeliveryResponse;
    expect(shown).toMatchObject({ country: 'US', shipping_fee: '4.50' });

    await addToCart(t.app, headers, soap.id);
    const cart = (await t.app.inject({ url: '/api/cart/', headers })).json();
    expect(cart.shipping_by_business[0].shipping_fee).toBe(shown.shipping_fee);
    const res = await checkout(t.app, headers);
    expect(res.statusCode).toBe(200);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, res.json().order_ids));
    expect(order!.businessId).toBe(brand.id);
    expect(order!.shippingFeeCents).toBe(450);
  });

  it("reads the marketplace's $75 rule when the brand has no threshold of its own", async () => {
    const brand = await addBusiness(t.db);
    await setFees(t.db, brand.id, { worldwide: 700 });
    expect((await delivery(brand.id)).json()).toMatchObject({
      shipping_fee: '7.00',
      threshold_free: null,
      free_shipping_threshold: '75.00',
      ships_free_from: '75.00',
    });
    // A threshold above the marketplace's: the $75 rule comes first.
    const dear = await addBusiness(t.db);
    await setFees(t.db, dear.id, { worldwide: 700, threshold: 10000 });
    expect((await delivery(dear.id)).json()).toMatchObject({
      threshold_free: '100.00',
      ships_free_from: '75.00',
    });
  });

  it('ships free from 0 for a brand without any fee', async () => {
    const brand = await addBusiness(t.db);
    expect((await delivery(brand.id)).json()).toMatchObject({
      shipping_fee: '0.00',
      threshold_free: null,
      ships_free_from: '0.00',
    });
  });

  it('tells the returns policy both ways, and the brand’s processing days in the estimate', async () => {
    const none = await addBusiness(t.db, {
      processingDays: 6,
      returnsAccepted: false,
      returnsDays: null,
    });
    expect((await delivery(none.id)).json()).toMatchObject({
      processing_days: 6,
      delivery_days_min: 9,
      delivery_days_max: 11,
      returns_accepted: false,
      returns_days: null,
    });
    const some = await addBusiness(t.db, { returnsAccepted: true, returnsDays: 60 });
    expect((await delivery(some.id)).json()).toMatchObject({
      returns_accepted: true,
      returns_days: 60,
    });
  });

  it("prices for the signed-in shopper's default address's country", async () => {
    const brand = await addBusiness(t.db);
    await setFees(t.db, brand.id, { worldwide: 600, countries: { CA: 1100 } });
    const { account, headers } = await shopper(t.app);
    // The address form takes US only today; a stored address elsewhere is read as it is.
    await t.db.update(addresses).set({ country: 'CA' }).where(eq(addresses.userId, account.id));
    const mine = (await delivery(brand.id, { headers })).json();
    expect(mine).toMatchObject({
      country: 'CA',
      shipping_fee: '11.00',
      transit_days_min: 7,
      transit_days_max: 14,
      delivery_days_min: 9,
      delivery_days_max: 16,
    });
    // Signed out, the same brand is priced for the US; ?country= names one outright.
    expect((await delivery(brand.id)).json()).toMatchObject({
      country: 'US',
      shipping_fee: '6.00',
    });
    expect((await delivery(brand.id, { headers, query: '?country=us' })).json()).toMatchObject({
      country: 'US',
      shipping_fee: '6.00',
    });
  });

  it('is US for a signed-in shopper without a saved address', async () => {
    const brand = await addBusiness(t.db);
    const { headers } = await shopper(t.app, { address: false });
    expect((await delivery(brand.id, { headers })).json()).toMatchObject({ country: 'US' });
  });

  it('answers 400 for a country that is no country code', async () => {
    const brand = await addBusiness(t.db);
    for (const query of ['?country=United%20States', '?country=ZZ', '?country=U']) {
      const res = await delivery(brand.id, { query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(DELIVERY_MESSAGES.country);
    }
  });

  it('answers 404 for an unknown or closed business, 401 for a bad token', async () => {
    const closed = await addBusiness(t.db);
    await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, closed.id));
    for (const id of [closed.id, 99_999_999, 'abc']) {
      const res = await delivery(id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ error: DELIVERY_MESSAGES.businessNotFound });
    }
    const open = await addBusiness(t.db);
    const res = await delivery(open.id, { headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
  });

  it('follows a changed fee or policy at once (no cache in between)', async () => {
    const brand = await addBusiness(t.db);
    await setFees(t.db, brand.id, { worldwide: 500 });
    expect((await delivery(brand.id)).json().shipping_fee).toBe('5.00');
    await t.db
      .update(businesses)
      .set({ returnsAccepted: false, returnsDays: null })
      .where(eq(businesses.id, brand.id));
    expect((await delivery(brand.id)).json().returns_accepted).toBe(false);
  });
});
