import { BUSINESS_MESSAGES, PRODUCT_CSV_COLUMNS, REVIEW_MESSAGES } from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import {
  REALISTIC_PROFILES,
  serveDeliveryProfiles,
} from '../../../test/helpers/fake-shopify-delivery';
import {
  DEMO_STORE,
  type FakeShopify,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { multipartPayload, pngFile } from '../../../test/helpers/multipart-form';
import { orderItems, orderReturnLines, orderReturns, orders, reviews } from '../../db/schema/index';

/**
 * DESIGN 2.16, issue 11's authorization test: every seller route, called as anonymous, as a
 * buyer, as the owner of another business and as the owner. Only the owner succeeds; the
 * others get 401 (no token) or 404 (not theirs, whatever exists) with a readable message, and
 * nothing in the database changes.
 */

let t: TestApp;
let owner: SignedInShopper;
let otherOwner: SignedInShopper;
let buyer: SignedInShopper;
let businessId: number;
let productId: number;
let variantId: number;
let orderId: number;
let reviewId: number;
let returnId: number;
let baseUrl: string;
let shopify: FakeShopify;

interface SellerCall {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  /** JSON body, or a multipart body built fresh for each call. */
  body?: () => Promise<{ payload: Buffer | object; headers?: Record<string, string> }>;
  /** What the owner gets. */
  ownerStatus: number;
  /** An endless answer (Server-Sent Events): called over a real socket, closed once answered. */
  stream?: true;
}

const json = (payload: object) => async () => ({ payload });

const productForm = async () =>
  multipartPayload(
    {
      name: 'Linen tote',
      description: 'Undyed linen, sewn in Portland.',
      price: '24.00',
      condition: 'new',
      category: 'Eco-Friendly Business',
      product_category: 'Accessories',
      'variants[0].option1': 'Natural',
      'variants[0].price': '24.00',
    },
    { 'images[0].image': await pngFile() },
  );

const editForm = async () =>
  multipartPayload({
    name: 'Linen tote, large',
    description: 'Undyed linen, sewn in Portland.',
    price: '28.00',
    condition: 'new',
    category: 'Eco-Friendly Business',
    product_category: 'Accessories',
    'variants[0].id': String(variantId),
    'variants[0].option1': 'S',
  });

const businessForm = async () =>
  multipartPayload(
    {
      name: 'Fern & Moss',
      description: 'Plant-dyed goods.',
      email: 'hello@fernmoss.example',
      website: 'https://fernmoss.example',
      shipping_strategy: 'Plastic-free parcels',
      price_range: '$$',
      production: 'Made in small batches',
    },
    { logonew: await pngFile() },
  );

/** Every seller route of issue 11 that names a business, product or order (the delete last). */
const calls: SellerCall[] = [
  {
    name: 'overview',
    method: 'GET',
    url: () => `/api/business/overview/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'overview toggle',
    method: 'PUT',
    url: () => `/api/business/overview/${businessId}/`,
    // Off: on needs a connected store (a 409 of its own, businesses.test.ts).
    body: json({ shopify_order_sync: false }),
    ownerStatus: 200,
  },
  {
    name: 'edit business',
    method: 'POST',
    url: () => `/api/business/edit/${businessId}/`,
    body: businessForm,
    ownerStatus: 200,
  },
  {
    name: 'onboarding link',
    method: 'POST',
    url: () => '/api/api/stripe/onboarding-link/',
    body: async () => ({ payload: { business_id: businessId } }),
    ownerStatus: 200,
  },
  {
    name: 'orders',
    method: 'GET',
    url: () => `/api/business/orders/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'live orders',
    method: 'GET',
    url: () => `/api/business/orders/${businessId}/events/`,
    ownerStatus: 200,
    stream: true,
  },
  {
    name: 'orders export',
    method: 'GET',
    url: () => `/api/business/orders/${businessId}/export/?from=2026-01-01&to=2026-12-31`,
    ownerStatus: 200,
  },
  {
    name: 'order edit',
    method: 'PATCH',
    url: () => `/api/business/orders/edit/${orderId}/`,
    body: json({ status: 'Shipped', tracking_number: '1Z999AA10123456784', notes: 'Sent' }),
    ownerStatus: 200,
  },
  {
    // The owner's order was never paid (no payout): 409, nothing to give back. Paid orders'
    // refunds are partial-refunds.test.ts's; here, that nobody else gets past the guard.
    name: 'partial refund',
    method: 'POST',
    url: () => `/api/business/orders/${orderId}/refund/`,
    body: json({ amount: '1.00', reason: 'Damaged' }),
    ownerStatus: 409,
  },
  {
    name: 'sales overview',
    method: 'GET',
    url: () => `/api/business/sales/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'payout ledger',
    method: 'GET',
    url: () => `/api/business/payouts/${businessId}/?month=2026-03&status=paid`,
    ownerStatus: 200,
  },
  {
    name: 'payout statement',
    method: 'GET',
    url: () => `/api/business/payouts/${businessId}/statement/?month=2026-03`,
    ownerStatus: 200,
  },
  {
    name: 'products',
    method: 'GET',
    url: () => `/api/business/products/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'add product',
    method: 'POST',
    url: () => `/api/add-product/${businessId}/`,
    body: productForm,
    ownerStatus: 201,
  },
  {
    name: 'edit product',
    method: 'PUT',
    url: () => `/api/products/${productId}/edit/`,
    body: editForm,
    ownerStatus: 200,
  },
  {
    name: 'quick stock edit',
    method: 'PATCH',
    url: () => `/api/products/${productId}/stock/`,
    body: async () => ({ payload: { variants: [{ id: variantId, stock: 7 }] } }),
    ownerStatus: 200,
  },
  {
    name: 'verification',
    method: 'GET',
    url: () => `/api/business/verification/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'verification request',
    method: 'POST',
    url: () => `/api/business/verification/${businessId}/`,
    body: () => multipartPayload({ materials: 'Organic cotton.', packaging: 'Paper.' }),
    ownerStatus: 201,
  },
  {
    name: 'products CSV export',
    method: 'GET',
    url: () => `/api/business/products/${businessId}/export/`,
    ownerStatus: 200,
  },
  {
    name: 'products CSV import (preview)',
    method: 'POST',
    url: () => `/api/business/products/${businessId}/import/?dry_run=true`,
    body: () =>
      multipartPayload(
        {},
        {
          file: {
            data: Buffer.from(
              `${PRODUCT_CSV_COLUMNS.join(',')}\r\n,TOTE-9,Tote,Linen.,,,Accessories,,,,,,9.00,,\r\n`,
            ),
            filename: 'products.csv',
            type: 'text/csv',
          },
        },
      ),
    ownerStatus: 200,
  },
  {
    name: 'bulk product change',
    method: 'POST',
    url: () => `/api/business/products/${businessId}/bulk/`,
    body: async () => ({ payload: { ids: [productId], action: 'price', percent: 10 } }),
    ownerStatus: 200,
  },
  {
    name: 'product status',
    method: 'PATCH',
    url: () => `/api/products/${productId}/status/`,
    body: async () => ({ payload: { status: 'draft' } }),
    ownerStatus: 200,
  },
  {
    name: 'duplicate product',
    method: 'POST',
    url: () => `/api/products/${productId}/duplicate/`,
    ownerStatus: 201,
  },
  {
    name: 'reviews of the business',
    method: 'GET',
    url: () => `/api/business/reviews/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'reply to a review',
    method: 'POST',
    url: () => `/api/business/reviews/${reviewId}/reply/`,
    body: json({ body: 'Thank you for the kind words.' }),
    ownerStatus: 200,
  },
  {
    name: 'order messages of the business',
    method: 'GET',
    url: () => `/api/business/order-messages/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'order messages (read)',
    method: 'GET',
    url: () => `/api/business/orders/${orderId}/messages/`,
    ownerStatus: 200,
  },
  {
    name: 'order messages (write)',
    method: 'POST',
    url: () => `/api/business/orders/${orderId}/messages/`,
    body: json({ body: 'Your parcel leaves tomorrow.' }),
    ownerStatus: 201,
  },
  {
    name: 'order returns (read)',
    method: 'GET',
    url: () => `/api/business/orders/${orderId}/returns/`,
    ownerStatus: 200,
  },
  {
    // The owner's order was never paid through the provider (no payout): the refund cannot be
    // claimed, 409, and the return is requested again. Accepted returns are returns.test.ts's.
    name: 'order return (accept)',
    method: 'POST',
    url: () => `/api/business/orders/${orderId}/returns/${returnId}/accept/`,
    ownerStatus: 409,
  },
  {
    name: 'order return (decline)',
    method: 'POST',
    url: () => `/api/business/orders/${orderId}/returns/${returnId}/decline/`,
    body: json({ reason: 'Worn items cannot be returned.' }),
    ownerStatus: 200,
  },
  {
    name: 'shipping fees (read)',
    method: 'GET',
    url: () => `/api/shipping-fees/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'shipping fees (save)',
    method: 'POST',
    url: () => `/api/shipping-fees/${businessId}/`,
    body: json({ worldwide_shipping_fee: '9.00', country_fees: [{ country: 'CA', fee: '12.00' }] }),
    ownerStatus: 200,
  },
  {
    name: 'shopify connect',
    method: 'POST',
    url: () => `/api/shopifymanualconnect/${businessId}/`,
    body: json({ shopify_store_url: DEMO_STORE.domain, access_token: DEMO_STORE.accessToken }),
    ownerStatus: 200,
  },
  {
    name: 'shopify shipping-fee sync',
    method: 'GET',
    url: () => `/api/sync-shopify-shipping-fees/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'shopify shipping-fee sync preview',
    method: 'GET',
    url: () => `/api/sync-shopify-shipping-fees/${businessId}/preview/`,
    ownerStatus: 200,
  },
  {
    name: 'shopify product sync (start)',
    method: 'GET',
    url: () => `/api/sync-from-shopify-opt/${businessId}/`,
    ownerStatus: 202,
  },
  {
    name: 'shopify product sync (status)',
    method: 'GET',
    url: () => `/api/business/shopify-sync/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: "shopify store's products (picker)",
    method: 'GET',
    url: () => `/api/business/shopify-products/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'shopify import choice (read)',
    method: 'GET',
    url: () => `/api/business/shopify-import/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'shopify import choice (save)',
    method: 'PUT',
    url: () => `/api/business/shopify-import/${businessId}/`,
    body: json({ mode: 'picked', status: 'draft', product_ids: ['gid://shopify/Product/1'] }),
    ownerStatus: 200,
  },
  {
    name: 'shopify disconnect',
    method: 'DELETE',
    url: () => `/api/shopifymanualconnect/${businessId}/`,
    ownerStatus: 200,
  },
  {
    name: 'delete product',
    method: 'DELETE',
    url: () => `/api/products/${productId}/delete/`,
    ownerStatus: 200,
  },
];

async function call(c: SellerCall, headers: Record<string, string>) {
  if (c.stream) {
    const abort = new AbortController();
    const res = await fetch(new URL(c.url(), baseUrl), { headers, signal: abort.signal });
    const text = res.ok ? '{}' : await res.text();
    abort.abort();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) };
  }
  const body = c.body ? await c.body() : undefined;
  return t.app.inject({
    method: c.method,
    url: c.url(),
    headers: { ...headers, ...body?.headers },
    ...(body ? { payload: body.payload as Buffer } : {}),
  });
}

/** Everything a seller route could change, as one fingerprint. */
async function fingerprint(): Promise<string> {
  const tables = [
    'businesses',
    'verification_requests',
    'products',
    'variants',
    'product_images',
    'variant_images',
    'orders',
    'order_items',
    'payouts',
    'refunds',
    'partial_refunds',
    'shipping_fee_configs',
    'shipping_country_fees',
    'shopify_sync_runs',
    'shopify_import_settings',
    'shopify_import_picks',
    'stock_levels',
    'stock_movements',
    'reviews',
    'order_messages',
    'order_returns',
    'order_return_lines',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const result = (await t.db.execute(
      sql.raw(
        // By the whole row: the Shopify import tables have no id column.
        `select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`,
      ),
    )) as { rows: { h: string }[] };
    parts.push(`${table}:${result.rows[0]?.h}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  shopify = await startFakeShopify();
  serveDeliveryProfiles(shopify, REALISTIC_PROFILES);
  t = await buildTestApp({ SHOPIFY_ADMIN_ORIGIN: shopify.url });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [owner, otherOwner, buyer] = [
    await signedInShopper(t.app),
    await signedInShopper(t.app),
    await signedInShopper(t.app),
  ];
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id, name: 'Owner Goods' });
  await addBusiness(t.db, { ownerId: otherOwner.shopper.id, name: 'Other Goods' });
  businessId = business.id;
  const product = await addProduct(t.db, businessId, {
    name: 'Linen tote',
    variants: [{ option1: 'S' }, { option1: 'M' }],
  });
  productId = product.id;
  variantId = product.variants[0]!.id;
  const [order] = await t.db
    .insert(orders)
    .values({
      businessId,
      userId: buyer.shopper.id,
      userFullName: 'Fern Moss',
      userEmail: buyer.shopper.email,
      status: 'Paid',
      subtotalCents: 1000,
      totalCents: 1000,
    })
    .returning();
  orderId = order!.id;
  const [item] = await t.db
    .insert(orderItems)
    .values({
      orderId,
      productId,
      productName: 'Linen tote',
      productPriceCents: 1000,
      quantity: 1,
      totalPriceCents: 1000,
    })
    .returning();
  const [asked] = await t.db.insert(orderReturns).values({ orderId }).returning();
  returnId = asked!.id;
  await t.db
    .insert(orderReturnLines)
    .values({ returnId, orderItemId: item!.id, quantity: 1, reason: 'Too small' });
  const [review] = await t.db
    .insert(reviews)
    .values({ productId, userId: buyer.shopper.id, rating: 5, body: 'A fine tote, well sewn.' })
    .returning();
  reviewId = review!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

describe('seller routes: only the owner', () => {
  it('anonymous callers get 401, buyers and other owners 404, and nothing changes', async () => {
    const before = await fingerprint();
    const callers: Array<[string, Record<string, string>, number]> = [
      ['anonymous', {}, 401],
      ['buyer', buyer.headers, 404],
      ['owner of another business', otherOwner.headers, 404],
    ];
    for (const c of calls) {
      for (const [who, headers, status] of callers) {
        const res = await call(c, headers);
        expect(res.statusCode, `${c.name} as ${who}: ${res.body}`).toBe(status);
        const error = res.json().error as string;
        expect(error.length, `${c.name} as ${who}`).toBeGreaterThan(5);
        if (status === 404) {
          expect(
            [
              BUSINESS_MESSAGES.businessNotFound,
              BUSINESS_MESSAGES.productNotFound,
              BUSINESS_MESSAGES.orderNotFound,
              REVIEW_MESSAGES.reviewNotFound,
            ],
            `${c.name} as ${who}`,
          ).toContain(error);
        }
      }
    }
    expect(await fingerprint()).toBe(before);
    // Nobody but the owner gets as far as calling Shopify.
    expect(shopify.calls).toHaveLength(0);
  });

  it('an id that does not exist is the same 404 as somebody else’s', async () => {
    for (const c of calls) {
      const original = c.url;
      const url = original()
        .replace(`/${businessId}/`, '/999999/')
        .replace(`/${productId}/`, '/999999/')
        .replace(`/${orderId}/`, '/999999/');
      if (url === original()) continue;
      const res = await call({ ...c, url: () => url }, owner.headers);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(404);
    }
  });

  it('the owner succeeds on every one', async () => {
    for (const c of calls) {
      const res = await call(c, owner.headers);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(c.ownerStatus);
    }
  });

  it('registering a business and listing one’s own needs a session; each sees only theirs', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/registerbiz/',
      ...(await multipartPayload({ name: 'Nobody' })),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/business/dashboard/' })).statusCode,
    ).toBe(401);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/business/dashboard/',
      headers: owner.headers,
    });
    expect(mine.json().businesses.map((b: { id: number }) => b.id)).toEqual([businessId]);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/business/dashboard/',
      headers: buyer.headers,
    });
    expect(theirs.json().businesses).toEqual([]);
  });
});
