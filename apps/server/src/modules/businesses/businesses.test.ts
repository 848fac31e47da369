import {
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  type BusinessOverview,
  INPUT_MESSAGES,
  ONBOARDING_PAGE_MESSAGES,
  type RegisterBusinessResponse,
  SHOPIFY_MESSAGES,
} from '@leafline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import {
  type FormFileFixture,
  filesUnder,
  multipartPayload,
  pngFile,
} from '../../../test/helpers/multipart-form';
import { signPayload } from '../../adapters/payments/payment-provider';
import { businesses, localConnectedAccounts, orders, payouts } from '../../db/schema/index';
import { MULTIPART_MESSAGES } from '../../lib/multipart-form';
import { NOT_AN_IMAGE } from '../media';
import { payoutCents } from '../orders';
import { WEBHOOK_PATH } from '../payments';

/**
 * The seller's business through the API (SPEC §2 Register Your Business, §3, §4, §5, §7, §8;
 * DESIGN 2.8, 2.16) with the local payment provider: registration and its payout onboarding,
 * the dashboard list, the overview, the edit form, and payouts released by onboarding.
 */

const WEBHOOK_SECRET = 'whsec_businesses_test_0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL: 'https://shop.example',
    PAYMENTS_JOB_SECONDS: '0',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(async () => t?.close());

const media = () => filesUnder(t.app.deps.mediaDir);

const FIELDS = {
  name: 'Fernwood Goods',
  description: 'Plastic-free homeware.',
  email: 'hello@fernwood.example',
  website: 'https://fernwood.example',
  business_type: 'eco_friendly_company',
  shipping_strategy: 'Recycled paper parcels',
  price_range: '$$',
  production: 'Made in small batches in Vermont',
};

async function register(
  headers: Record<string, string>,
  fields: Record<string, string> = FIELDS,
  files: Record<string, FormFileFixture> = {},
) {
  const form = await multipartPayload(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/registerbiz/',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function edit(
  headers: Record<string, string>,
  businessId: number | string,
  fields: Record<string, string>,
  files: Record<string, FormFileFixture> = {},
) {
  const form = await multipartPayload(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/business/edit/${businessId}/`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const overview = (headers: Record<string, string>, businessId: number | string) =>
  t.app.inject({ url: `/api/business/overview/${businessId}/`, headers });

const onboardingLink = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/api/stripe/onboarding-link/', headers, payload });

const rowOf = async (id: number) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

/** A signed-in seller with a registered business (through the API). */
async function seller(fields: Record<string, string> = FIELDS) {
  const user = await signedInShopper(t.app);
  const res = await register(user.headers, fields);
  expect(res.statusCode).toBe(201);
  const body: RegisterBusinessResponse = res.json();
  return { ...user, businessId: body.id, body };
}

const textFile: FormFileFixture = {
  data: Buffer.from('just some notes, not a picture\n'),
  filename: 'logo.png',
  type: 'image/png',
};
const svgWithScript: FormFileFixture = {
  data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  ),
  filename: 'logo.svg',
  type: 'image/svg+xml',
};

describe('POST api/registerbiz/ (SPEC §2, §5, §7)', () => {
  it('registers an unverified business of the caller with payouts pending, stores logo and banner, and answers 201 with the onboarding address', async () => {
    const user = await signedInShopper(t.app);
    const res = await register(user.headers, FIELDS, {
      logo: await pngFile(),
      banner: await pngFile(1600, 400, '#d9c9a8'),
    });
    expect(res.statusCode).toBe(201);
    const body: RegisterBusinessResponse = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      message: BUSINESS_MESSAGES.registered,
      stripe_onboarding_url: expect.stringMatching(/^\/connect\/onboarding\/[\w-]{20,}$/),
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({
      ownerId: user.shopper.id,
      name: 'Fernwood Goods',
      description: 'Plastic-free homeware.',
      email: 'hello@fernwood.example',
      website: 'https://fernwood.example',
      businessType: 'eco_friendly_company',
      shippingStrategy: 'Recycled paper parcels',
      priceRange: '$$',
      production: 'Made in small batches in Vermont',
      verified: false,
      isActive: true,
      stripeStatus: 'pending',
      stripeAccountId: expect.stringMatching(/^acct_local_/),
    });
    expect(row.logo).toMatch(/^businesses\/[0-9a-f]+\.webp$/);
    expect(row.banner).toMatch(/^businesses\/[0-9a-f]+\.webp$/);
    expect(media()).toEqual(expect.arrayContaining([row.logo, row.banner]));
    // The local provider's account, for this business.
    const [account] = await t.db
      .select()
      .from(localConnectedAccounts)
      .where(eq(localConnectedAccounts.id, row.stripeAccountId!));
    expect(account).toMatchObject({ businessId: body.id, email: 'hello@fernwood.example' });

    // The shop shows it at once, logo and banner served.
    const storefront = await t.app.inject({ url: `/api/business/${body.id}/` });
    expect(storefront.json()).toMatchObject({
      name: 'Fernwood Goods',
      logonew: `/media/${row.logo}`,
      banner: `/media/${row.banner}`,
      verified: false,
    });
    const logo = await t.app.inject({ url: `/media/${row.logo}` });
    expect(logo.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/publicbusinesses/' });
    expect(list.json().map((b: { id: number }) => b.id)).toContain(body.id);
  });

  it('lets one user own several businesses', async () => {
    const first = await seller();
    const second = await register(first.headers, { ...FIELDS, name: 'Fernwood Two' });
    expect(second.statusCode).toBe(201);
    const owned = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.ownerId, first.shopper.id));
    expect(owned.map((b) => b.name).sort()).toEqual(['Fernwood Goods', 'Fernwood Two']);
  });

  it('gives an individual seller without a description the SPEC §4 text; the website may be left out', async () => {
    const { businessId } = await seller({
      name: 'Moss & Me',
      email: 'me@moss.example',
      business_type: 'individual_seller',
      shipping_strategy: 'Post office',
      price_range: '$',
      production: 'Knitted at home',
    });
    const row = await rowOf(businessId);
    expect(row.description).toBe('* This is an individual seller, not verified by Leafline.');
    expect(row.businessType).toBe('individual_seller');
    expect(row.website).toBe('');
  });

  it('puts https:// in front of a website typed without a scheme (issue 24)', async () => {
    const { businessId, headers } = await seller({ ...FIELDS, website: ' fernwood.example/shop ' });
    expect((await rowOf(businessId)).website).toBe('https://fernwood.example/shop');
    const res = await edit(headers, businessId, {
      name: 'Fernwood Goods',
      email: 'hello@fernwood.example',
      website: 'www.fernwood.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().website).toBe('https://www.fernwood.example');
    expect((await rowOf(businessId)).website).toBe('https://www.fernwood.example');
  });

  const { name: _n, ...withoutName } = FIELDS;
  const { description: _d, ...withoutDescription } = FIELDS;
  const { email: _e, ...withoutEmail } = FIELDS;
  const { production: _p, ...withoutProduction } = FIELDS;
  it.each([
    ['no name', withoutName, 'name', 'Business name is required.'],
    ['a blank name', { ...FIELDS, name: '   ' }, 'name', 'Business name is required.'],
    [
      'no description (eco-friendly company)',
      withoutDescription,
      'description',
      'Description is required.',
    ],
    ['no public e-mail', withoutEmail, 'email', 'Public email is required.'],
    [
      'a wrong e-mail',
      { ...FIELDS, email: 'not-an-email' },
      'email',
      'Enter a valid email address.',
    ],
    [
      'a website of another scheme',
      { ...FIELDS, website: 'ftp://fernwood.example' },
      'website',
      'Website must be a full address starting with https://',
    ],
    [
      'a website with spaces',
      { ...FIELDS, website: 'https://fern wood' },
      'website',
      'Website must be a full address starting with https://',
    ],
    [
      'an unknown business type',
      { ...FIELDS, business_type: 'megacorp' },
      'business_type',
      'Business type must be eco_friendly_company or individual_seller.',
    ],
    ['no production', withoutProduction, 'production', 'Production is required.'],
    [
      'a name too long',
      { ...FIELDS, name: 'x'.repeat(121) },
      'name',
      'Business name must be at most 120 characters.',
    ],
  ])(
    'answers 400 for %s, naming the field; nothing is saved',
    async (_label, fields, field, message) => {
      const user = await signedInShopper(t.app);
      const before = media();
      const res = await register(user.headers, fields, { logo: await pngFile() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(res.json().fields[field]).toBe(message);
      const owned = await t.db
        .select()
        .from(businesses)
        .where(eq(businesses.ownerId, user.shopper.id));
      expect(owned).toEqual([]);
      expect(media()).toEqual(before);
    },
  );

  it.each([
    ['a text file as the logo', { logo: textFile }, 'logo'],
    ['an SVG with a script as the logo', { logo: svgWithScript }, 'logo'],
    ['a good logo and a text file as the banner', { banner: textFile }, 'banner'],
  ])('answers 400 for %s; no business, no file left behind', async (_label, files, field) => {
    const user = await signedInShopper(t.app);
    const before = media();
    const res = await register(user.headers, FIELDS, { logo: await pngFile(), ...files });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `${NOT_AN_IMAGE} (${field})`,
      fields: { [field]: NOT_AN_IMAGE },
    });
    expect(
      await t.db.select().from(businesses).where(eq(businesses.ownerId, user.shopper.id)),
    ).toEqual([]);
    expect(media()).toEqual(before);
  });

  it('answers a NUL character in a field with a readable 400 before any file is stored', async () => {
    const user = await signedInShopper(t.app);
    const before = media();
    const res = await register(
      user.headers,
      { ...FIELDS, production: 'Made\u0000in Vermont' },
      { logo: await pngFile() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: INPUT_MESSAGES.nulCharacter,
      fields: { production: INPUT_MESSAGES.nulCharacter },
    });
    expect(
      await t.db.select().from(businesses).where(eq(businesses.ownerId, user.shopper.id)),
    ).toEqual([]);
    expect(media()).toEqual(before);
  });

  it('refuses a file under a field it does not read (logonew is the edit form’s) with a 400 naming it; nothing saved', async () => {
    const user = await signedInShopper(t.app);
    const before = media();
    for (const field of ['logonew', 'foo', 'logo\u0000']) {
      const shown = field.replace('\u0000', '\\u0000');
      const res = await register(user.headers, FIELDS, {
        logo: await pngFile(),
        [field]: await pngFile(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: INPUT_MESSAGES.unknownFileField(shown),
        fields: { [shown]: INPUT_MESSAGES.unknownFileField(shown) },
      });
    }
    expect(
      await t.db.select().from(businesses).where(eq(businesses.ownerId, user.shopper.id)),
    ).toEqual([]);
    expect(media()).toEqual(before);
  });

  it('answers 413 for a 30 MB logo; nothing saved', async () => {
    const user = await signedInShopper(t.app);
    const before = media();
    const res = await register(user.headers, FIELDS, {
      logo: { data: Buffer.alloc(30 * 1024 * 1024, 1), filename: 'huge.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: MULTIPART_MESSAGES.fileTooLarge });
    expect(
      await t.db.select().from(businesses).where(eq(businesses.ownerId, user.shopper.id)),
    ).toEqual([]);
    expect(media()).toEqual(before);
  });

  it('answers 415 to a JSON body and 401 without a session', async () => {
    const user = await signedInShopper(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/registerbiz/',
      headers: user.headers,
      payload: FIELDS,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: MULTIPART_MESSAGES.notMultipart });
    const anonymous = await register({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });
});

describe('GET api/business/dashboard/', () => {
  it("lists the caller's open businesses oldest first, never somebody else's", async () => {
    const first = await seller({ ...FIELDS, name: 'Alpha Goods' });
    await register(first.headers, { ...FIELDS, name: 'Beta Goods' });
    await addBusiness(t.db, { ownerId: first.shopper.id, name: 'Closed Goods', isActive: false });
    await seller({ ...FIELDS, name: 'Stranger Goods' });
    const res = await t.app.inject({ url: '/api/business/dashboard/', headers: first.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      businesses: [
        {
          id: first.businessId,
          name: 'Alpha Goods',
          logonew: null,
          verified: false,
          stripe_status: 'pending',
        },
        expect.objectContaining({ name: 'Beta Goods', stripe_status: 'pending' }),
      ],
    });
  });

  it('answers an empty list to a user without a business, and 401 without a session', async () => {
    const user = await signedInShopper(t.app);
    const res = await t.app.inject({ url: '/api/business/dashboard/', headers: user.headers });
    expect(res.json()).toEqual({ businesses: [] });
    expect((await t.app.inject({ url: '/api/business/dashboard/' })).statusCode).toBe(401);
  });
});

describe('the overview (GET and PUT api/business/overview/{businessId}/)', () => {
  it('shows the owner the business, its payout status and figures from the database', async () => {
    const owner = await seller();
    const p1 = await addProduct(t.db, owner.businessId);
    await addProduct(t.db, owner.businessId);
    await t.db
      .update(businesses)
      .set({ shopifyAccessToken: 'shpat_hidden' })
      .where(eq(businesses.id, owner.businessId));
    const buyer = await shopper(t.app);
    // One order is paid (to ship), one was never paid and one is Shipped.
    const base = { businessId: owner.businessId, userId: buyer.account.id, totalCents: 2000 };
    const [paid, , shipped] = await t.db
      .insert(orders)
      .values([
        { ...base, status: 'Paid' },
        { ...base, status: 'Pending' },
        { ...base, status: 'Shipped' },
      ])
      .returning();
    await t.db.insert(payouts).values([
      {
        orderId: paid!.id,
        businessId: owner.businessId,
        amountCents: 1940,
        commissionCents: 60,
        transferGroup: 'checkout_x',
      },
      {
        orderId: shipped!.id,
        businessId: owner.businessId,
        amountCents: 970,
        commissionCents: 30,
        transferGroup: 'checkout_y',
        status: 'paid',
      },
    ]);
    const res = await overview(owner.headers, owner.businessId);
    expect(res.statusCode).toBe(200);
    const body: BusinessOverview = res.json();
    expect(body).toMatchObject({
      id: owner.businessId,
      name: 'Fernwood Goods',
      stripe_status: 'pending',
      stripe_account_id: expect.stringMatching(/^acct_local_/),
      shopify_connected: true,
      shopify_order_sync: false,
      stats: {
        product_count: 2,
        order_count: 3,
        to_ship_count: 1,
        payouts_total: '29.10',
        payouts_waiting: '19.40',
      },
    });
    expect(res.body).not.toContain('shpat_hidden');
    expect(p1.id).toBeGreaterThan(0);
  });

  it('stores the order-sync toggle and answers the overview; a wrong value is a 400', async () => {
    const owner = await seller();
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/business/overview/${owner.businessId}/`,
        headers: owner.headers,
        payload: payload as object,
      });
    // Without a connected store the toggle cannot turn on: a 409 the dashboard shows.
    const early = await put({ shopify_order_sync: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: SHOPIFY_MESSAGES.orderSyncNeedsStore });
    expect((await rowOf(owner.businessId)).shopifyOrderSync).toBe(false);
    await t.db
      .update(businesses)
      .set({ shopifyStoreUrl: 'fernwood.myshopify.com', shopifyAccessToken: 'v1:stored' })
      .where(eq(businesses.id, owner.businessId));
    const on = await put({ shopify_order_sync: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().shopify_order_sync).toBe(true);
    expect((await rowOf(owner.businessId)).shopifyOrderSync).toBe(true);
    const bad = await put({ shopify_order_sync: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('shopify_order_sync must be true or false.');
    expect((await rowOf(owner.businessId)).shopifyOrderSync).toBe(true);
  });

  it("answers 404 'Business not found' for somebody else's, a closed, an unknown or a malformed business, and changes nothing", async () => {
    const owner = await seller();
    const stranger = await signedInShopper(t.app);
    const closed = await addBusiness(t.db, { ownerId: stranger.shopper.id, isActive: false });
    for (const id of [owner.businessId, closed.id, 987654, 'abc']) {
      const get = await overview(stranger.headers, id);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/business/overview/${id}/`,
        headers: stranger.headers,
        payload: { shopify_order_sync: true },
      });
      expect(put.statusCode).toBe(404);
    }
    expect((await rowOf(owner.businessId)).shopifyOrderSync).toBe(false);
    expect((await overview({}, owner.businessId)).statusCode).toBe(401);
  });
});

describe('POST api/business/edit/{businessId}/ (SPEC §5, §7)', () => {
  it('saves the fields, replaces the logo and banner (old files removed), and the storefront shows it on the next request', async () => {
    const user = await signedInShopper(t.app);
    const created = await register(user.headers, FIELDS, {
      logo: await pngFile(),
      banner: await pngFile(800, 200),
    });
    const businessId: number = created.json().id;
    const old = await rowOf(businessId);
    const res = await edit(
      user.headers,
      businessId,
      {
        name: 'Fernwood & Co',
        email: 'team@fernwood.example',
        description: 'Now with ceramics.',
        website: 'https://fernwood.example/shop',
        shipping_strategy: 'Carbon-neutral courier',
        price_range: '$$$',
        production: 'Vermont and Maine',
      },
      { logonew: await pngFile(64, 64, '#aa5533'), banner: await pngFile(900, 300, '#335577') },
    );
    expect(res.statusCode).toBe(200);
    const row = await rowOf(businessId);
    expect(row).toMatchObject({
      name: 'Fernwood & Co',
      email: 'team@fernwood.example',
      description: 'Now with ceramics.',
      website: 'https://fernwood.example/shop',
      shippingStrategy: 'Carbon-neutral courier',
      priceRange: '$$$',
      production: 'Vermont and Maine',
    });
    expect(row.logo).not.toBe(old.logo);
    expect(row.banner).not.toBe(old.banner);
    expect(res.json()).toMatchObject({
      id: businessId,
      name: 'Fernwood & Co',
      logonew: `/media/${row.logo}`,
      banner: `/media/${row.banner}`,
      stats: { product_count: 0 },
    });
    const files = media();
    expect(files).toEqual(expect.arrayContaining([row.logo, row.banner]));
    expect(files.filter((f) => f.startsWith(old.logo!.replace('.webp', '')))).toEqual([]);
    expect(files.filter((f) => f.startsWith(old.banner!.replace('.webp', '')))).toEqual([]);
    const storefront = await t.app.inject({ url: `/api/business/${businessId}/` });
    expect(storefront.json()).toMatchObject({
      name: 'Fernwood & Co',
      description: 'Now with ceramics.',
      logonew: `/media/${row.logo}`,
    });
  });

  it('keeps the optional fields the form does not send, and the images when none are sent', async () => {
    const owner = await seller();
    const before = await rowOf(owner.businessId);
    const res = await edit(owner.headers, owner.businessId, {
      name: 'Fernwood Renamed',
      email: 'new@fernwood.example',
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(owner.businessId)).toMatchObject({
      name: 'Fernwood Renamed',
      email: 'new@fernwood.example',
      description: before.description,
      website: before.website,
      production: before.production,
      logo: before.logo,
    });
  });

  it.each([
    ['no name', { email: 'a@b.example' }, {}, 400, 'Business name is required.'],
    ['a wrong e-mail', { name: 'X', email: 'nope' }, {}, 400, 'Enter a valid email address.'],
    [
      'a bad website',
      { name: 'X', email: 'a@b.example', website: 'javascript:alert(1)' },
      {},
      400,
      'Website must be a full address starting with https://',
    ],
    [
      'a text file as the logo',
      { name: 'X', email: 'a@b.example' },
      { logonew: textFile },
      400,
      `${NOT_AN_IMAGE} (logonew)`,
    ],
    [
      'an SVG with a script as the banner',
      { name: 'X', email: 'a@b.example' },
      { banner: svgWithScript },
      400,
      `${NOT_AN_IMAGE} (banner)`,
    ],
  ])(
    'refuses %s with a readable 400; the business and its files stay as they were',
    async (_label, fields, files, status, message) => {
      const user = await signedInShopper(t.app);
      const created = await register(user.headers, FIELDS, { logo: await pngFile() });
      const businessId: number = created.json().id;
      const before = await rowOf(businessId);
      const filesBefore = media();
      const res = await edit(user.headers, businessId, fields, {
        ...('banner' in files ? { logonew: await pngFile() } : {}),
        ...files,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(message);
      expect(await rowOf(businessId)).toEqual(before);
      expect(media()).toEqual(filesBefore);
    },
  );

  it('answers 413 for a 30 MB logo; nothing changed', async () => {
    const owner = await seller();
    const before = await rowOf(owner.businessId);
    const filesBefore = media();
    const res = await edit(
      owner.headers,
      owner.businessId,
      { name: 'Big', email: 'a@b.example' },
      { logonew: { data: Buffer.alloc(30 * 1024 * 1024, 7), filename: 'big.jpg' } },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: MULTIPART_MESSAGES.fileTooLarge });
    expect(await rowOf(owner.businessId)).toEqual(before);
    expect(media()).toEqual(filesBefore);
  });

  it('refuses a logo sent as `logo` (the registration form’s name) with a 400 naming it; nothing changed', async () => {
    const owner = await seller();
    const before = await rowOf(owner.businessId);
    const filesBefore = media();
    const res = await edit(
      owner.headers,
      owner.businessId,
      { name: 'Renamed', email: 'a@b.example' },
      { logo: await pngFile() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INPUT_MESSAGES.unknownFileField('logo'));
    expect(await rowOf(owner.businessId)).toEqual(before);
    expect(media()).toEqual(filesBefore);
  });

  it("answers 404 for somebody else's business: nothing changed, no file stored", async () => {
    const owner = await seller();
    const stranger = await signedInShopper(t.app);
    const before = await rowOf(owner.businessId);
    const filesBefore = media();
    const res = await edit(
      stranger.headers,
      owner.businessId,
      { name: 'Taken Over', email: 'evil@x.example' },
      { logonew: await pngFile() },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    expect(await rowOf(owner.businessId)).toEqual(before);
    expect(media()).toEqual(filesBefore);
  });
});

describe('POST api/api/stripe/onboarding-link/', () => {
  it('answers a fresh link for the business named by its account or its id while payouts are pending; the older link stops working', async () => {
    const owner = await seller();
    const accountId = (await rowOf(owner.businessId)).stripeAccountId!;
    const byAccount = await onboardingLink(owner.headers, { account_id: accountId });
    expect(byAccount.statusCode).toBe(200);
    const url: string = byAccount.json().onboarding_url;
    expect(url).toMatch(/^\/connect\/onboarding\//);
    expect(url).not.toBe(owner.body.stripe_onboarding_url);
    const byId = await onboardingLink(owner.headers, { business_id: owner.businessId });
    expect(byId.statusCode).toBe(200);
    expect((await t.app.inject({ url: byId.json().onboarding_url })).statusCode).toBe(200);
    const stale = await t.app.inject({ url });
    expect(stale.statusCode).toBe(404);
    expect(stale.body).toContain(ONBOARDING_PAGE_MESSAGES.linkNotFound);
  });

  it('creates the connected account first for a business that has none', async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id, stripeAccountId: null });
    const res = await onboardingLink(owner.headers, { business_id: String(business.id) });
    expect(res.statusCode).toBe(200);
    const accountId = (await rowOf(business.id)).stripeAccountId;
    expect(accountId).toMatch(/^acct_local_/);
  });

  it("onboards a demo catalogue's business whose account the local provider never made", async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, {
      ownerId: owner.shopper.id,
      name: 'Seeded Pending Goods',
      stripeAccountId: `acct_demo_${Date.now()}`,
    });
    const res = await onboardingLink(owner.headers, { account_id: business.stripeAccountId });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().onboarding_url;
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(business.stripeAccountId);
    const done = await t.app.inject({ method: 'POST', url });
    expect(done.statusCode).toBe(303);
    expect((await rowOf(business.id)).stripeStatus).toBe('active');
  });

  it("answers 404 for somebody else's account or business, 400 without either, 401 without a session", async () => {
    const owner = await seller();
    const stranger = await signedInShopper(t.app);
    const accountId = (await rowOf(owner.businessId)).stripeAccountId!;
    for (const payload of [
      { account_id: accountId },
      { business_id: owner.businessId },
      { business_id: 'abc' },
      { account_id: 'acct_nobody' },
    ]) {
      const res = await onboardingLink(stranger.headers, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    }
    const none = await onboardingLink(owner.headers, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: BUSINESS_MESSAGES.onboardingTargetMissing });
    const wrongType = await onboardingLink(owner.headers, { account_id: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect((await onboardingLink({}, { account_id: accountId })).statusCode).toBe(401);
  });

  it('answers 409 once payouts are set up', async () => {
    const owner = await seller();
    await t.db
      .update(businesses)
      .set({ stripeStatus: 'active' })
      .where(eq(businesses.id, owner.businessId));
    const res = await onboardingLink(owner.headers, { business_id: owner.businessId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.payoutsAlreadyActive });
  });
});

/** Posts an event to the webhook route, signed as the local provider signs. */
const deliver = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(payload, WEBHOOK_SECRET),
    },
    payload,
  });

describe('payout onboarding with the local provider (DESIGN 2.8) releases the waiting payouts', () => {
  it('a brand not onboarded sells: the payout waits; Complete setup makes it active and sends exactly one transfer; a replayed account.updated sends none', async () => {
    const brand = await seller();
    const product = await addProduct(t.db, brand.businessId, {
      name: 'Linen Towel',
      priceCents: 2500,
    });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, product.id);
    const started = await checkout(t.app, buyer.headers);
    expect(started.statusCode).toBe(200);
    const paid = await payLocal(t.app, started.json().checkout_url);
    expect(paid.statusCode).toBe(303);
    await t.app.deps.tasks.idle();

    const [orderId] = started.json().order_ids as number[];
    const payoutRow = async () =>
      (await t.db.select().from(payouts).where(eq(payouts.orderId, orderId!)))[0]!;
    const waiting = await payoutRow();
    expect(waiting).toMatchObject({
      status: 'pending',
      transferId: null,
      amountCents: payoutCents(2500),
    });
    expect(waiting.lastError).toBe('The brand has not finished setting up payouts yet.');
    const before = (await overview(brand.headers, brand.businessId)).json() as BusinessOverview;
    expect(before.stats).toMatchObject({
      order_count: 1,
      to_ship_count: 1,
      payouts_waiting: before.stats.payouts_total,
    });

    // The onboarding page, then Complete setup.
    const link = brand.body.stripe_onboarding_url!;
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(ONBOARDING_PAGE_MESSAGES.complete);
    expect(page.body).toContain('Fernwood Goods');
    expect(page.body).not.toMatch(/<script/i);
    const done = await t.app.inject({ method: 'POST', url: link });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/dashboard/?business=${brand.businessId}`);
    await t.app.deps.tasks.idle();

    const row = await rowOf(brand.businessId);
    expect(row.stripeStatus).toBe('active');
    const sent = await payoutRow();
    expect(sent).toMatchObject({
      status: 'paid',
      lastError: null,
      transferId: expect.stringMatching(/^tr_local_/),
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order!.stripeTransferId).toBe(sent.transferId);
    const after = (await overview(brand.headers, brand.businessId)).json() as BusinessOverview;
    expect(after.stripe_status).toBe('active');
    expect(after.stats.payouts_waiting).toBe('0.00');

    // The link was single use; a replay of the event changes nothing.
    expect((await t.app.inject({ method: 'POST', url: link })).statusCode).toBe(404);
    const [account] = await t.db
      .select()
      .from(localConnectedAccounts)
      .where(eq(localConnectedAccounts.id, row.stripeAccountId!));
    expect(account!.eventDeliveredAt).not.toBeNull();
    const replay = await deliver(account!.pendingEvent!);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    await t.app.deps.tasks.idle();
    expect(await payoutRow()).toEqual(sent);

    // An older snapshot arriving late (details missing) leaves the business active.
    const event = JSON.parse(account!.pendingEvent!);
    const older = JSON.stringify({
      ...event,
      id: 'evt_local_older_snapshot',
      created: event.created - 60,
      data: {
        object: {
          ...event.data.object,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
        },
      },
    });
    expect((await deliver(older)).json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await rowOf(brand.businessId)).stripeStatus).toBe('active');
  });

  it('account.updated sets restricted when details were sent but payouts are off, pending when nothing was sent', async () => {
    const brand = await seller();
    const accountId = (await rowOf(brand.businessId)).stripeAccountId!;
    let created = Math.floor(Date.now() / 1000);
    const send = (object: object) =>
      deliver(
        JSON.stringify({
          id: `evt_status_${created}_${Math.random()}`,
          object: 'event',
          type: 'account.updated',
          created: created++,
          data: { object: { id: accountId, object: 'account', ...object } },
        }),
      );
    const restricted = await send({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
    });
    expect(restricted.json()).toEqual({ received: true, outcome: 'account_updated' });
    expect((await rowOf(brand.businessId)).stripeStatus).toBe('restricted');
    await send({ details_submitted: false, charges_enabled: false, payouts_enabled: false });
    expect((await rowOf(brand.businessId)).stripeStatus).toBe('pending');
    // An account nobody has: taken, nothing changed.
    const unknown = await deliver(
      JSON.stringify({
        id: 'evt_unknown_account',
        type: 'account.updated',
        data: { object: { id: 'acct_unknown', charges_enabled: true, payouts_enabled: true } },
      }),
    );
    expect(unknown.json()).toEqual({ received: true, outcome: 'unchanged' });
  });

  it('an expired link sends the browser back to the dashboard; an unknown one is a 404 page', async () => {
    const brand = await seller();
    const accountId = (await rowOf(brand.businessId)).stripeAccountId!;
    await t.db
      .update(localConnectedAccounts)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(localConnectedAccounts.id, accountId));
    const link = brand.body.stripe_onboarding_url!;
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: link });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/dashboard/?business=${brand.businessId}`);
    }
    expect((await rowOf(brand.businessId)).stripeStatus).toBe('pending');
    const unknown = await t.app.inject({ url: '/connect/onboarding/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(ONBOARDING_PAGE_MESSAGES.linkNotFound);
  });
});

describe('public payloads never carry owner-only fields (SPEC §6)', () => {
  it('storefront, business list, product detail and search leave out the payout account, the Shopify token and the owner', async () => {
    const owner: SignedInShopper & { businessId: number } = await seller({
      ...FIELDS,
      name: 'Quillwort Secretive',
    });
    await t.db
      .update(businesses)
      .set({
        stripeStatus: 'active',
        shopifyAccessToken: 'shpat_topsecret_token',
        shopifyStoreUrl: 'quillwort.myshopify.com',
        shopifyOrderSync: true,
      })
      .where(eq(businesses.id, owner.businessId));
    const accountId = (await rowOf(owner.businessId)).stripeAccountId!;
    const product = await addProduct(t.db, owner.businessId, { name: 'Quillwort Candle' });
    await searchCaughtUp(t.app, t.db);
    const responses = await Promise.all(
      [
        `/api/business/${owner.businessId}/`,
        '/api/publicbusinesses/',
        `/api/products/${product.id}/`,
        '/api/search/?search=Quillwort',
        `/api/products-by-business/${owner.businessId}/`,
      ].map((url) => t.app.inject({ url })),
    );
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Quillwort');
      for (const secret of [
        accountId,
        'shpat_topsecret_token',
        'myshopify',
        'stripe',
        'shopify',
        'owner',
        String(owner.shopper.email),
      ]) {
        expect(res.body).not.toContain(secret);
      }
    }
  });
});

describe('the catalogue cache sees a new business (migration 0005 announces business changes)', () => {
  it('a registered business appears in the cached business list', async () => {
    const cached = await buildTestApp({ CATALOG_CACHE_SECONDS: '300' });
    try {
      const user = await signedInShopper(cached.app);
      const list = async () =>
        (await cached.app.inject({ url: '/api/publicbusinesses/' })).json() as { id: number }[];
      await list();
      const form = await multipartPayload({ ...FIELDS, name: 'Cache Check Goods' });
      const res = await cached.app.inject({
        method: 'POST',
        url: '/api/registerbiz/',
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
      await vi.waitFor(
        async () => expect((await list()).map((b) => b.id)).toContain(res.json().id),
        {
          timeout: 5000,
          interval: 50,
        },
      );
      expect(
        await cached.db
          .select({ id: businesses.id })
          .from(businesses)
          .where(and(eq(businesses.id, res.json().id), eq(businesses.isActive, true))),
      ).toHaveLength(1);
    } finally {
      await cached.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the business calls under the business tag, with a summary and bearer security', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    const calls: [string, string][] = [
      ['/api/registerbiz/', 'post'],
      ['/api/business/dashboard/', 'get'],
      ['/api/business/overview/{businessId}/', 'get'],
      ['/api/business/overview/{businessId}/', 'put'],
      ['/api/business/edit/{businessId}/', 'post'],
      ['/api/api/stripe/onboarding-link/', 'post'],
    ];
    for (const [path, method] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toMatchObject({
        tags: ['business'],
        summary: expect.any(String),
        security: [{ bearer: [] }],
      });
    }
    expect(doc.paths['/connect/onboarding/{token}']).toBeUndefined();
  });
});

// The seller guard over every seller route (anonymous, buyer, other owner, owner) is one table:
// seller-authorization.test.ts.
