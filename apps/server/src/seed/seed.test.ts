import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CURATED_LISTS,
  centsToPrice,
  HEMP_ANSWER_KEY,
  ORDER_STATUSES,
  orderAddress,
  orderNotes,
  PRODUCT_CATEGORIES,
} from '@leafline/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import { createDiskStorage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import * as s from '../db/schema/index';
import { verifyPassword } from '../modules/auth';
import { imageVariantKey } from '../modules/media';
import { commissionCents, payoutCents } from '../modules/orders';
import { QUIZ_QUESTIONS } from '../modules/quiz';
import { listSellerOrders } from '../modules/seller-orders';
import { INDIVIDUAL_SELLER_DESCRIPTION } from './data/businesses';
import { buildDemoPlan } from './plan';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed';

let database: Database;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'leafline-seed-'));
let seeded: boolean;
const logs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedDemoIfEmpty(database.db, {
    storage: createDiskStorage(mediaDir),
    log: (m) => logs.push(m),
  });
}, 180_000);

afterAll(async () => {
  await database?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const db = () => database.db;
const SPEC_PERSONAS = [
  'Soft Start Sustainability Seeker',
  'DIY-ish Earth Guardian',
  'Conscious Maximalist',
  'Chill Eco Champion',
  'Ethical Overachiever (But Make It Kind)',
  'Hempalicious',
];

async function tableCounts() {
  const tables = {
    users: s.users,
    addresses: s.addresses,
    businesses: s.businesses,
    sustainabilityNotes: s.sustainabilityNotes,
    shippingFeeConfigs: s.shippingFeeConfigs,
    shippingCountryFees: s.shippingCountryFees,
    products: s.products,
    productImages: s.productImages,
    variants: s.variants,
    variantImages: s.variantImages,
    curatedLists: s.curatedLists,
    partners: s.partners,
    faqItems: s.faqItems,
    quizPersonas: s.quizPersonas,
    checkouts: s.checkouts,
    orders: s.orders,
    orderItems: s.orderItems,
    payouts: s.payouts,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db().select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

describe('demo catalogue', () => {
  it('seeds an empty database and says so', () => {
    expect(seeded).toBe(true);
    expect(logs.at(-1)).toMatch(/demo catalogue seeded in [\d.]+ s/);
  });

  it('has ≥ 24 businesses: 3–4 unverified individual sellers, verified brands, one pending payout setup', async () => {
    const rows = await db().select().from(s.businesses);
    expect(rows.length).toBeGreaterThanOrEqual(24);

    const individuals = rows.filter((b) => b.businessType === 'individual_seller');
    expect(individuals.length).toBeGreaterThanOrEqual(3);
    expect(individuals.length).toBeLessThanOrEqual(4);
    for (const b of individuals) {
      expect(b.description).toBe(INDIVIDUAL_SELLER_DESCRIPTION);
      expect(b.verified).toBe(false);
    }
    const companies = rows.filter((b) => b.businessType === 'eco_friendly_company');
    expect(companies.filter((b) => b.verified).length).toBeGreaterThanOrEqual(companies.length - 2);

    const pending = rows.filter((b) => b.stripeStatus === 'pending');
    expect(pending).toHaveLength(1);
    for (const b of rows.filter((r) => r.stripeStatus !== 'pending')) {
      expect(b.stripeStatus).toBe('active');
    }
    expect(rows.every((b) => /^acct_demo_[A-Za-z0-9]{16}$/.test(b.stripeAccountId ?? ''))).toBe(
      true,
    );
    expect(new Set(rows.map((b) => b.stripeAccountId)).size).toBe(rows.length);

    for (const b of rows) {
      expect(b.logo).toMatch(/^logos\/.+\.webp$/);
      expect(b.banner).toMatch(/^banners\/.+\.webp$/);
      expect(b.email).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
      expect(['$', '$$', '$$$']).toContain(b.priceRange);
      expect(b.shippingStrategy.length).toBeGreaterThan(20);
      expect(b.production.length).toBeGreaterThan(20);
      expect(b.isActive).toBe(true);
      expect(b.ownerId).not.toBeNull();
    }
    for (const b of companies) expect(b.website).toMatch(/^https:\/\/[a-z0-9.-]+\.example$/);
    expect(new Set(rows.map((b) => b.name)).size).toBe(rows.length);
    expect(JSON.stringify(rows)).not.toMatch(/lorem|ipsum/i);
  });

  it('gives businesses 0 to 3 sustainability notes', async () => {
    const notes = await db()
      .select({ businessId: s.sustainabilityNotes.businessId, n: count() })
      .from(s.sustainabilityNotes)
      .groupBy(s.sustainabilityNotes.businessId);
    const [businesses] = await db().select({ n: count() }).from(s.businesses);
    expect(notes.length).toBeGreaterThan(businesses!.n / 2);
    expect(notes.length).toBeLessThan(businesses!.n);
    expect(Math.max(...notes.map((n) => n.n))).toBe(3);
  });

  it('has ≥ 200 products over all 8 categories, mostly new, priced $5 to $250 in cents', async () => {
    const rows = await db().select().from(s.products);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((p) => p.productCategory))).toEqual(new Set(PRODUCT_CATEGORIES));
    for (const category of PRODUCT_CATEGORIES) {
      expect(rows.filter((p) => p.productCategory === category).length).toBeGreaterThanOrEqual(10);
    }
    const used = rows.filter((p) => p.condition === 'second_hand').length;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(rows.length / 4);
    const prices = rows.map((p) => p.priceCents);
    expect(prices.every(Number.isInteger)).toBe(true);
    expect(Math.min(...prices)).toBe(500);
    expect(Math.max(...prices)).toBeGreaterThan(24_000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(25_000);
    expect(rows.every((p) => p.category === 'Eco-Friendly Business')).toBe(true);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    for (const p of rows) {
      const sentences = p.description.split(/(?<=[.!?])\s+/).length;
      expect(sentences, p.name).toBeGreaterThanOrEqual(1);
      expect(sentences, p.name).toBeLessThanOrEqual(4);
      expect(p.description.length, p.name).toBeGreaterThan(60);
    }
    // The search document is kept by the catalogue's triggers.
    expect(rows.every((p) => p.searchVector)).toBe(true);
  });

  it('gives about a third of the products variants, several with more than 9', async () => {
    const [products] = await db().select({ n: count() }).from(s.products);
    const perProduct = await db()
      .select({ productId: s.variants.productId, n: count() })
      .from(s.variants)
      .groupBy(s.variants.productId);
    const share = perProduct.length / products!.n;
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.4);
    expect(perProduct.filter((p) => p.n > 9).length).toBeGreaterThanOrEqual(3);

    const rows = await db().select().from(s.variants);
    expect(rows.some((v) => v.option2 !== null)).toBe(true);
    expect(rows.some((v) => v.priceCents === null)).toBe(true);
    const productPrice = new Map(
      (await db().select().from(s.products)).map((p) => [p.id, p.priceCents]),
    );
    const ownPrices = rows.filter((v) => v.priceCents !== null);
    expect(ownPrices.length).toBeGreaterThan(5);
    for (const v of ownPrices) expect(v.priceCents).not.toBe(productPrice.get(v.productId));
    expect(rows.every((v) => v.option1 && !v.deleted)).toBe(true);

    const images = await db().select().from(s.variantImages);
    expect(images.length).toBeGreaterThan(10);
  });

  it('names every product option, one name per option a variant uses', async () => {
    const products = await db().select().from(s.products);
    const variants = await db().select().from(s.variants);
    for (const p of products) {
      const own = variants.filter((v) => v.productId === p.id);
      const optionCount = own.length === 0 ? 0 : own.some((v) => v.option2 !== null) ? 2 : 1;
      expect([p.name, p.optionNames.length]).toEqual([p.name, optionCount]);
    }
    const tee = products.find((p) => p.name === 'Everyday Organic Cotton Tee');
    expect(tee?.optionNames).toEqual(['Size', 'Color']);
  });

  it('stores every image in the database as decodable WebP files on disk, with -320/-640 siblings', async () => {
    const keys = [
      ...(await db().select().from(s.businesses)).flatMap((b) => [b.logo!, b.banner!]),
      ...(await db().select().from(s.productImages)).map((i) => i.image),
      ...(await db().select().from(s.variantImages)).map((i) => i.image),
      ...(await db().select().from(s.partners)).map((p) => p.logo),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      const main = await sharp(path.join(mediaDir, key)).metadata();
      expect([key, main.format]).toEqual([key, 'webp']);
      expect(main.width).toBeLessThanOrEqual(1200);
      for (const width of [320, 640]) {
        const sibling = await sharp(path.join(mediaDir, imageVariantKey(key, width))).metadata();
        expect(sibling.format).toBe('webp');
        expect(sibling.width).toBe(Math.min(width, main.width!));
      }
    }
    // Nothing on disk that the database does not know about.
    const files = readdirSync(mediaDir, { recursive: true }).filter((f) =>
      String(f).endsWith('.webp'),
    );
    expect(files).toHaveLength(keys.length * 3);

    const perProduct = await db()
      .select({ productId: s.productImages.productId, n: count() })
      .from(s.productImages)
      .groupBy(s.productImages.productId);
    const [products] = await db().select({ n: count() }).from(s.products);
    expect(perProduct).toHaveLength(products!.n);
    expect(Math.min(...perProduct.map((p) => p.n))).toBe(1);
    expect(Math.max(...perProduct.map((p) => p.n))).toBe(4);
  });

  it('sets up shipping fees of several kinds for most businesses', async () => {
    const configs = await db().select().from(s.shippingFeeConfigs);
    const [businesses] = await db().select({ n: count() }).from(s.businesses);
    expect(configs.length).toBeGreaterThan(businesses!.n / 2);
    expect(configs.length).toBeLessThan(businesses!.n);
    const flat = configs.filter(
      (c) => c.worldwideShippingFeeCents !== null && c.thresholdFreeCents === null,
    );
    const withThreshold = configs.filter(
      (c) => c.worldwideShippingFeeCents !== null && c.thresholdFreeCents !== null,
    );
    const byCountry = configs.filter((c) => c.allExceptSelectedFeeCents !== null);
    expect(flat.length).toBeGreaterThan(0);
    expect(withThreshold.length).toBeGreaterThan(0);
    expect(byCountry.length).toBeGreaterThan(0);
    const fees = await db().select().from(s.shippingCountryFees);
    for (const config of byCountry) {
      const own = fees.filter((f) => f.configId === config.id);
      expect(own.map((f) => f.countryCode)).toContain('US');
      expect(own.length).toBeGreaterThanOrEqual(2);
    }
    expect(fees.every((f) => Number.isInteger(f.feeCents) && f.feeCents > 0)).toBe(true);
  });

  it('seeds the curated lists of SPEC §2/§9', async () => {
    const lists = Object.fromEntries(
      (await db().select().from(s.curatedLists)).map((l) => [l.key, l.itemIds]),
    );
    const products = new Map((await db().select().from(s.products)).map((p) => [p.id, p]));
    const businessIds = (await db().select({ id: s.businesses.id }).from(s.businesses)).map(
      (b) => b.id,
    );

    const newlyAdded = lists[CURATED_LISTS.newlyAdded]!;
    expect(newlyAdded).toHaveLength(9);
    expect(new Set(newlyAdded.map((id) => products.get(id)!.businessId)).size).toBe(9);
    // They are the newest products in the catalogue.
    const newest = [...products.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 9)
      .map((p) => p.id);
    expect(new Set(newest)).toEqual(new Set(newlyAdded));

    const favourites = lists[CURATED_LISTS.currentFavorites]!;
    expect(favourites).toHaveLength(8);
    const prices = favourites.map((id) => products.get(id)!.priceCents);
    expect(Math.min(...prices)).toBe(1500);
    expect(Math.max(...prices)).toBe(13_800);

    const alsoLove = lists[CURATED_LISTS.peopleAlsoLove]!;
    expect(alsoLove).toHaveLength(8);
    expect(alsoLove.every((id) => products.has(id))).toBe(true);
    expect(new Set(alsoLove.map((id) => products.get(id)!.productCategory)).size).toBe(8);

    const hidden = lists[CURATED_LISTS.hiddenBusinesses]!;
    expect(hidden).toHaveLength(19);
    expect(new Set(hidden).size).toBe(19);
    const real = hidden.filter((id) => businessIds.includes(id));
    expect(real.length).toBeLessThanOrEqual(2);
    expect(businessIds.filter((id) => !hidden.includes(id)).length).toBeGreaterThanOrEqual(20);
    expect(Math.min(...hidden.filter((id) => !real.includes(id)))).toBeGreaterThan(
      Math.max(...businessIds) + 100,
    );
  });

  it('seeds 6 partners and the FAQ in its six groups', async () => {
    const partners = await db().select().from(s.partners);
    expect(partners).toHaveLength(6);
    for (const p of partners) {
      expect(p.website).toMatch(/^https:\/\//);
      expect(p.logo).toMatch(/^partners\/.+\.webp$/);
    }
    const faq = await db().select().from(s.faqItems);
    const groups = new Map<string, number>();
    for (const f of faq) groups.set(f.category, (groups.get(f.category) ?? 0) + 1);
    expect(groups.size).toBe(6);
    for (const n of groups.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    const answers = faq.map((f) => f.answer).join(' ');
    for (const fact of ['3 %', '$75', '80 %', 'five criteria', 'moment you buy']) {
      expect(answers).toContain(fact);
    }
  });

  it('seeds the 6 personas of SPEC §3, each with 6 products and answer keys from the quiz', async () => {
    const personas = await db().select().from(s.quizPersonas).orderBy(s.quizPersonas.id);
    expect(personas.map((p) => p.title)).toEqual(SPEC_PERSONAS);
    expect(personas.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const products = new Map((await db().select().from(s.products)).map((p) => [p.id, p]));
    const keys = new Set(QUIZ_QUESTIONS.flatMap((q) => q.options.map((o) => o.key)));
    for (const persona of personas) {
      expect(new Set(persona.productIds).size).toBe(6);
      expect(persona.productIds.every((id) => products.has(id))).toBe(true);
      expect(persona.nextSteps).toHaveLength(3);
      expect(persona.description.length).toBeGreaterThan(60);
      expect(persona.matchingAnswers.length).toBeGreaterThanOrEqual(5);
      expect(persona.matchingAnswers.every((k) => keys.has(k))).toBe(true);
    }
    expect(personas[5]!.matchingAnswers).toContain(HEMP_ANSWER_KEY);
    expect(personas.slice(0, 5).some((p) => p.matchingAnswers.includes(HEMP_ANSWER_KEY))).toBe(
      false,
    );
    for (const id of personas[5]!.productIds) expect(products.get(id)!.name).toMatch(/Hemp/);
  });

  it('creates the demo shopper with a US address and the seller owning two businesses', async () => {
    const [shopper] = await db().select().from(s.users).where(eq(s.users.username, 'shopper'));
    const [seller] = await db().select().from(s.users).where(eq(s.users.username, 'seller'));
    const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!;
    expect(account('shopper').password).toBe('leafline-shopper');
    expect(account('seller').password).toBe('leafline-seller');
    expect(await verifyPassword('leafline-shopper', shopper!.passwordHash)).toBe(true);
    expect(await verifyPassword('leafline-seller', seller!.passwordHash)).toBe(true);
    expect(await verifyPassword('leafline-seller', shopper!.passwordHash)).toBe(false);
    expect([shopper!.firstName, shopper!.lastName, shopper!.email]).toEqual([
      'Maya',
      'Rivera',
      'shopper@leafline.example',
    ]);

    const owned = await db()
      .select()
      .from(s.businesses)
      .where(eq(s.businesses.ownerId, seller!.id));
    expect(owned).toHaveLength(2);
    const [address] = await db()
      .select()
      .from(s.addresses)
      .where(eq(s.addresses.userId, shopper!.id));
    expect(address).toMatchObject({
      country: 'US',
      city: 'Portland',
      state: 'OR',
      isDefault: true,
    });
    expect(address!.phoneNumber).not.toBe('');

    // Every other business has its own owner, with a password nobody was told.
    const users = await db().select().from(s.users);
    const businesses = await db().select().from(s.businesses);
    const others = businesses.filter((b) => b.ownerId !== seller!.id);
    expect(new Set(others.map((b) => b.ownerId)).size).toBe(others.length);
    const owner = users.find((u) => u.id === others[0]!.ownerId)!;
    expect(owner.username).not.toMatch(/^(shopper|seller)$/);
    for (const demo of DEMO_ACCOUNTS) {
      expect(await verifyPassword(demo.password, owner.passwordHash)).toBe(false);
    }
  });

  it('gives products reviews by demo buyers who received them, and each product its exact ratings', async () => {
    const reviews = await db().select().from(s.reviews);
    expect(reviews.length).toBeGreaterThan(3);
    const [shopper] = await db().select().from(s.users).where(eq(s.users.username, 'shopper'));
    // The demo shopper's received products are hers to review.
    expect(reviews.filter((r) => r.userId === shopper!.id)).toEqual([]);
    expect(reviews.some((r) => r.replyBody !== null)).toBe(true);
    expect(reviews.every((r) => r.createdAt.getTime() <= Date.now())).toBe(true);
    // Every review's author received that product (a Shipped or Delivered order of it).
    const orders = await db().select().from(s.orders);
    const items = await db().select().from(s.orderItems);
    for (const r of reviews) {
      const received = items.some(
        (i) =>
          i.productId === r.productId &&
          orders.some(
            (o) =>
              o.id === i.orderId &&
              o.userId === r.userId &&
              (o.status === 'Shipped' || o.status === 'Delivered'),
          ),
      );
      expect(received, `review ${r.id}`).toBe(true);
    }
    const ratings = await db().select().from(s.productRatings);
    for (const row of ratings) {
      const mine = reviews.filter((r) => r.productId === row.productId);
      expect(row.count).toBe(mine.length);
      expect(row.sum).toBe(mine.reduce((sum, r) => sum + r.rating, 0));
      expect(row.stars5).toBe(mine.filter((r) => r.rating === 5).length);
    }
    expect(new Set(reviews.map((r) => r.productId)).size).toBe(ratings.length);
  });

  it('gives the demo seller’s two businesses orders in every state over the last weeks', async () => {
    const [seller] = await db().select().from(s.users).where(eq(s.users.username, 'seller'));
    const owned = await db()
      .select()
      .from(s.businesses)
      .where(eq(s.businesses.ownerId, seller!.id));
    const ownedIds = owned.map((b) => b.id);
    const orders = await db().select().from(s.orders);
    // Only the seller's businesses have orders.
    expect(new Set(orders.map((o) => o.businessId))).toEqual(new Set(ownedIds));
    const now = Date.now();
    for (const id of ownedIds) {
      const own = orders.filter((o) => o.businessId === id);
      expect(own.length).toBeGreaterThanOrEqual(10);
      expect(new Set(own.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
      const ages = own.map((o) => (now - o.createdAt.getTime()) / 86_400_000);
      expect(Math.min(...ages)).toBeLessThan(1);
      expect(Math.max(...ages)).toBeGreaterThan(21);
      expect(Math.max(...ages)).toBeLessThan(60);
      // Several buyers, the demo shopper among them.
      expect(new Set(own.map((o) => o.userId)).size).toBeGreaterThanOrEqual(3);
    }
    const [shopper] = await db().select().from(s.users).where(eq(s.users.username, 'shopper'));
    expect(orders.filter((o) => o.userId === shopper!.id).length).toBeGreaterThanOrEqual(4);
  });

  it('makes each demo order consistent: its brand’s products, totals, address, card, notes, payout', async () => {
    const orders = await db().select().from(s.orders);
    const items = await db().select().from(s.orderItems);
    const products = new Map((await db().select().from(s.products)).map((p) => [p.id, p]));
    const variants = new Map((await db().select().from(s.variants)).map((v) => [v.id, v]));
    const users = new Map((await db().select().from(s.users)).map((u) => [u.id, u]));
    const payouts = new Map((await db().select().from(s.payouts)).map((p) => [p.orderId, p]));
    const checkouts = new Map((await db().select().from(s.checkouts)).map((c) => [c.id, c]));
    for (const o of orders) {
      const own = items.filter((i) => i.orderId === o.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      for (const item of own) {
        const product = products.get(item.productId!)!;
        expect(product.businessId).toBe(o.businessId);
        expect(product.createdAt.getTime()).toBeLessThan(o.createdAt.getTime());
        const variant = item.variantId === null ? undefined : variants.get(item.variantId)!;
        expect(variant?.productId ?? product.id).toBe(product.id);
        expect(item.productPriceCents).toBe(variant?.priceCents ?? product.priceCents);
        expect(item.totalPriceCents).toBe(item.productPriceCents * item.quantity);
        expect(Object.values(item.variantOptions ?? {})).toEqual(
          [variant?.option1, variant?.option2].filter(Boolean),
        );
      }
      expect(o.subtotalCents).toBe(own.reduce((sum, i) => sum + i.totalPriceCents, 0));
      expect(o.totalCents).toBe(o.subtotalCents + o.shippingFeeCents - o.discountCents);
      if (o.subtotalCents >= 7500) expect(o.shippingFeeCents).toBe(0);
      const buyer = users.get(o.userId!)!;
      expect([o.userFullName, o.userEmail]).toEqual([
        `${buyer.firstName} ${buyer.lastName}`,
        buyer.email,
      ]);
      expect(orderAddress.parse(o.shippingAddress).country).toBe('US');
      expect(o.updatedAt.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime());
      expect(Boolean(o.trackingNumber)).toBe(
        ['Shipped', 'Delivered', 'Refunded'].includes(o.status),
      );
      expect(Boolean(o.shippedEmailAt)).toBe(Boolean(o.trackingNumber));

      const payout = payouts.get(o.id);
      if (o.status === 'Pending') {
        // Synced from Shopify: paid there, no checkout, card or payout here.
        expect([o.source, o.checkoutId, o.cardBrand, o.notes, payout]).toEqual([
          'shopify',
          null,
          '',
          '',
          undefined,
        ]);
        continue;
      }
      expect(o.source).toBe('marketplace');
      expect(checkouts.get(o.checkoutId!)).toMatchObject({
        status: 'paid',
        userId: o.userId,
        totalCents: o.totalCents,
      });
      expect(['visa', 'mastercard', 'amex', 'discover']).toContain(o.cardBrand);
      const notes = orderNotes.parse(JSON.parse(o.notes));
      expect(notes.discount_applied).toBe(o.discountCents > 0);
      expect(notes.global_discounted_total).toBe(centsToPrice(o.totalCents));
      expect(payout).toMatchObject({
        businessId: o.businessId,
        // A paid order refunded or cancelled took its payout back.
        status: o.status === 'Refunded' || o.status === 'Canceled' ? 'reversed' : 'paid',
        amountCents: payoutCents(o.totalCents),
        commissionCents: commissionCents(o.totalCents),
        transferGroup: `checkout_${o.checkoutId}`,
      });
      expect([o.payoutCents, o.stripeTransferId]).toEqual([
        payout!.amountCents,
        payout!.transferId,
      ]);
    }
    expect(orders.some((o) => o.discountCents > 0)).toBe(true);
    expect(orders.some((o) => o.shippingFeeCents > 0)).toBe(true);
    expect(orders.some((o) => o.sellerNotes !== '')).toBe(true);
  });

  it('shows the seller’s dashboard list alive: newest first, payouts paid, Shopify orders not due', async () => {
    const [seller] = await db().select().from(s.users).where(eq(s.users.username, 'seller'));
    const [business] = await db()
      .select()
      .from(s.businesses)
      .where(eq(s.businesses.ownerId, seller!.id));
    const { orders, total } = await listSellerOrders({ db: db() }, business!.id, 1);
    expect(orders).toHaveLength(total);
    const times = orders.map((o) => Date.parse(o.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const o of orders) {
      const refunded = o.status === 'Refunded' || o.status === 'Canceled';
      expect(o.payout_status).toBe(
        o.status === 'Pending' ? 'not_due' : refunded ? 'reversed' : 'paid',
      );
      expect(o.refund?.status ?? null).toBe(refunded ? 'succeeded' : null);
      if (o.status !== 'Pending') expect(o.status_history[0]?.status).toBe('Paid');
      expect(o.status_history.at(-1)?.status ?? 'Pending').toBe(o.status);
      expect(o.order_items.every((i) => i.image?.startsWith('/media/products/'))).toBe(true);
    }
  });

  it('never seeds over a database that has data: returns false and changes nothing', async () => {
    const before = await tableCounts();
    const filesBefore = readdirSync(mediaDir, { recursive: true }).length;
    expect(
      await seedDemoIfEmpty(db(), { storage: createDiskStorage(mediaDir), log: () => {} }),
    ).toBe(false);
    expect(await tableCounts()).toEqual(before);
    expect(readdirSync(mediaDir, { recursive: true }).length).toBe(filesBefore);
  });
});

describe('demo data', () => {
  it('is the same on every run', () => {
    expect(JSON.stringify(buildDemoPlan())).toBe(JSON.stringify(buildDemoPlan()));
    expect(buildDemoPlan().orders.length).toBeGreaterThanOrEqual(20);
  });

  it('has 10 quiz questions of 5 or 6 options with keys unique across the quiz', () => {
    expect(QUIZ_QUESTIONS).toHaveLength(10);
    for (const q of QUIZ_QUESTIONS) {
      expect(q.options.length).toBeGreaterThanOrEqual(5);
      expect(q.options.length).toBeLessThanOrEqual(6);
      expect(q.text.length).toBeGreaterThan(10);
    }
    const keys = QUIZ_QUESTIONS.flatMap((q) => q.options.map((o) => o.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(HEMP_ANSWER_KEY);
    expect(QUIZ_QUESTIONS.map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
