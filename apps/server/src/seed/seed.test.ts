import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CURATED_LISTS, PRODUCT_CATEGORIES } from '@leafline/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import type { Database } from '../db/client';
import * as s from '../db/schema/index';
import { verifyPassword } from '../modules/auth/password';
import { imageVariantKey } from '../modules/media/image-pipeline';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed';

let database: Database;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'leafline-seed-'));
let seeded: boolean;

beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedDemoIfEmpty(database.db, { mediaDir, log: () => {} });
}, 180_000);

afterAll(async () => {
  await database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo catalogue', () => {
  it('seeds ≥ 24 businesses: individual sellers, verified brands, one pending payout setup', async () => {
    expect(seeded).toBe(true);
    const rows = await database.db.select().from(s.businesses);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const individuals = rows.filter((b) => b.businessType === 'individual_seller');
    expect(individuals.length).toBeGreaterThanOrEqual(2);
    expect(individuals.every((b) => !b.verified)).toBe(true);
    expect(rows.filter((b) => b.verified).length).toBeGreaterThan(rows.length / 2);
    expect(rows.filter((b) => b.stripeStatus === 'pending')).toHaveLength(1);
    expect(rows.every((b) => b.logo && b.banner)).toBe(true);
  });

  it('seeds ≥ 200 products over all 8 categories, new and second-hand, $5 to $250', async () => {
    const rows = await database.db.select().from(s.products);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((p) => p.productCategory))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(rows.map((p) => p.condition))).toEqual(new Set(['new', 'second_hand']));
    const prices = rows.map((p) => p.priceCents);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(500);
    expect(Math.min(...prices)).toBeLessThan(1000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(25_000);
    expect(Math.max(...prices)).toBeGreaterThan(20_000);
  });

  it('gives about a third of the products variants, a few with more than 9', async () => {
    const products = await database.db.select({ n: count() }).from(s.products);
    const perProduct = await database.db
      .select({ productId: s.variants.productId, n: count() })
      .from(s.variants)
      .groupBy(s.variants.productId);
    const total = products[0]!.n;
    expect(perProduct.length).toBeGreaterThan(total / 4);
    expect(perProduct.length).toBeLessThan(total / 2);
    expect(perProduct.filter((p) => p.n > 9).length).toBeGreaterThanOrEqual(3);
    const [withImages] = await database.db.select({ n: count() }).from(s.variantImages);
    expect(withImages!.n).toBeGreaterThan(0);
  });

  it('gives every product 1 to 4 images that exist as WebP in three widths', async () => {
    const images = await database.db.select().from(s.productImages);
    const perProduct = new Map<number, number>();
    for (const image of images)
      perProduct.set(image.productId, (perProduct.get(image.productId) ?? 0) + 1);
    const [products] = await database.db.select({ n: count() }).from(s.products);
    expect(perProduct.size).toBe(products!.n);
    expect(Math.min(...perProduct.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perProduct.values())).toBeLessThanOrEqual(4);
    for (const image of images.slice(0, 12)) {
      const meta = await sharp(readFileSync(path.join(mediaDir, image.image))).metadata();
      expect(meta.format).toBe('webp');
      expect(existsSync(path.join(mediaDir, imageVariantKey(image.image, 320)))).toBe(true);
      expect(existsSync(path.join(mediaDir, imageVariantKey(image.image, 640)))).toBe(true);
    }
    const businesses = await database.db.select().from(s.businesses);
    for (const b of businesses) {
      expect(existsSync(path.join(mediaDir, b.logo!))).toBe(true);
      expect(existsSync(path.join(mediaDir, b.banner!))).toBe(true);
    }
  });

  it('has shipping-fee configs of several kinds', async () => {
    const configs = await database.db.select().from(s.shippingFeeConfigs);
    expect(configs.some((c) => c.thresholdFreeCents !== null)).toBe(true);
    expect(configs.some((c) => c.allExceptSelectedFeeCents !== null)).toBe(true);
    expect(
      configs.some((c) => c.thresholdFreeCents === null && c.allExceptSelectedFeeCents === null),
    ).toBe(true);
    const fees = await database.db.select().from(s.shippingCountryFees);
    expect(fees.some((f) => f.countryCode === 'US')).toBe(true);
  });

  it('seeds the curated lists of SPEC §2/§9', async () => {
    const lists = Object.fromEntries(
      (await database.db.select().from(s.curatedLists)).map((l) => [l.key, l.itemIds]),
    );
    expect(lists[CURATED_LISTS.newlyAdded]).toHaveLength(9);
    expect(lists[CURATED_LISTS.currentFavorites]).toHaveLength(8);
    expect(lists[CURATED_LISTS.peopleAlsoLove]).toHaveLength(8);
    expect(lists[CURATED_LISTS.hiddenBusinesses]).toHaveLength(19);
    const favourites = await database.db.select().from(s.products);
    const prices = favourites
      .filter((p) => lists[CURATED_LISTS.currentFavorites]!.includes(p.id))
      .map((p) => p.priceCents);
    expect(prices).toHaveLength(8);
    expect(Math.min(...prices)).toBe(1500);
    expect(Math.max(...prices)).toBe(13_800);
    // The home carousel still has plenty to show after hiding.
    const businesses = await database.db.select({ id: s.businesses.id }).from(s.businesses);
    const shown = businesses.filter((b) => !lists[CURATED_LISTS.hiddenBusinesses]!.includes(b.id));
    expect(shown.length).toBeGreaterThanOrEqual(20);
  });

  it('seeds 6 partners, the FAQ in six groups and 6 personas with 6 products each', async () => {
    expect(await database.db.select().from(s.partners)).toHaveLength(6);
    const faq = await database.db.select().from(s.faqItems);
    expect(new Set(faq.map((f) => f.category)).size).toBe(6);
    const personas = await database.db.select().from(s.quizPersonas).orderBy(s.quizPersonas.id);
    expect(personas.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(personas[5]!.title).toBe('Hempalicious');
    expect(personas[5]!.matchingAnswers).toContain('leaf');
    const productIds = new Set(
      (await database.db.select({ id: s.products.id }).from(s.products)).map((p) => p.id),
    );
    for (const persona of personas) {
      expect(new Set(persona.productIds).size).toBe(6);
      expect(persona.productIds.every((id) => productIds.has(id))).toBe(true);
      expect(persona.nextSteps).toHaveLength(3);
    }
  });

  it('creates the demo accounts: a shopper with an address, a seller owning two businesses', async () => {
    const [shopper] = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.username, 'shopper'));
    const [seller] = await database.db.select().from(s.users).where(eq(s.users.username, 'seller'));
    const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!;
    expect(await verifyPassword(account('shopper').password, shopper!.passwordHash)).toBe(true);
    expect(await verifyPassword(account('seller').password, seller!.passwordHash)).toBe(true);
    const owned = await database.db
      .select()
      .from(s.businesses)
      .where(eq(s.businesses.ownerId, seller!.id));
    expect(owned).toHaveLength(2);
    const address = await database.db
      .select()
      .from(s.shippingAddresses)
      .where(eq(s.shippingAddresses.userId, shopper!.id));
    expect(address[0]?.country).toBe('US');
  });

  it('never seeds over a database that has data', async () => {
    const before = await database.db.select({ n: count() }).from(s.products);
    expect(await seedDemoIfEmpty(database.db, { mediaDir, log: () => {} })).toBe(false);
    const after = await database.db.select({ n: count() }).from(s.products);
    expect(after).toEqual(before);
  });
});
