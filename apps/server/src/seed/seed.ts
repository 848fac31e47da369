import { randomBytes } from 'node:crypto';
import { CURATED_LISTS, PRODUCT_CATEGORIES } from '@leafline/contract';
import { count } from 'drizzle-orm';
import { createDiskStorage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import {
  businesses,
  curatedLists,
  faqItems,
  partners,
  productImages,
  products,
  quizPersonas,
  shippingAddresses,
  shippingCountryFees,
  shippingFeeConfigs,
  sustainabilityNotes,
  users,
  variantImages,
  variants,
} from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { saveImage } from '../modules/media/image-pipeline';
import { DEMO_BUSINESSES } from './data/businesses';
import { FAQ, PARTNERS, PERSONAS } from './data/content';
import { bannerImage, logoImage, productImage } from './images';
import { buildCatalogue, type PlannedProduct } from './plan';

export interface DemoAccount {
  role: string;
  username: string;
  password: string;
}

/** Demo accounts of the seeded catalogue; printed at every start while they exist. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'Shopper', username: 'shopper', password: 'leafline-shopper' },
  { role: 'Seller (owns two businesses)', username: 'seller', password: 'leafline-seller' },
];

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Seeds the demo catalogue (SPEC §2/§3/§9, DESIGN 2.9) on the first start of an empty
 * database, and never over data: returns false and changes nothing when any user or business
 * exists. Images are rendered first; every row is then written in one transaction.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { mediaDir: string; log: (msg: string) => void },
): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [b] = await db.select({ n: count() }).from(businesses);
  if ((u?.n ?? 0) > 0 || (b?.n ?? 0) > 0) return false;

  const started = Date.now();
  const storage = createDiskStorage(options.mediaDir);
  const plan = buildCatalogue();
  options.log(
    `seeding the demo catalogue: ${DEMO_BUSINESSES.length} businesses, ${plan.products.length} products`,
  );
  const concurrency = 4;

  // 1. Images (outside the transaction: rendering takes seconds).
  const logos = await mapLimit(DEMO_BUSINESSES, concurrency, async (biz) => {
    const [background, ink] = biz.colours;
    const [logo, banner] = await Promise.all([
      logoImage(biz.name, background, ink).then((png) => saveImage(storage, 'logos', png)),
      bannerImage(
        biz.name,
        biz.description.startsWith('*') ? biz.production : biz.description.split('.')[0]!,
        background,
        ink,
      ).then((png) => saveImage(storage, 'banners', png)),
    ]);
    return { logo: logo.key, banner: banner.key };
  });
  const productKeys = await mapLimit(plan.products, concurrency, (p) =>
    renderProductImages(storage, p),
  );
  const partnerLogos = await mapLimit(PARTNERS, concurrency, (p) =>
    logoImage(p.name, p.colours[1], p.colours[0]).then((png) =>
      saveImage(storage, 'partners', png),
    ),
  );

  // 2. Rows, all or nothing.
  const passwords = await Promise.all([
    hashPassword('leafline-shopper'),
    hashPassword('leafline-seller'),
    ...DEMO_BUSINESSES.filter((biz) => biz.owner !== 'seller').map(() =>
      hashPassword(randomBytes(24).toString('base64url')),
    ),
  ]);

  await db.transaction(async (tx) => {
    const [shopper, seller, ...owners] = await tx
      .insert(users)
      .values([
        {
          username: 'shopper',
          email: 'shopper@leafline.example',
          firstName: 'Maya',
          lastName: 'Rivera',
          passwordHash: passwords[0]!,
        },
        {
          username: 'seller',
          email: 'seller@leafline.example',
          firstName: 'Theo',
          lastName: 'Okafor',
          passwordHash: passwords[1]!,
        },
        ...DEMO_BUSINESSES.filter((biz) => biz.owner !== 'seller').map((biz, i) => ({
          username: `owner-${slug(biz.name)}`,
          email: `owner@${slug(biz.name)}.example`,
          firstName: biz.name.split(' ')[0]!,
          lastName: 'Team',
          passwordHash: passwords[i + 2]!,
        })),
      ])
      .returning({ id: users.id });
    await tx.insert(shippingAddresses).values({
      userId: shopper!.id,
      firstName: 'Maya',
      lastName: 'Rivera',
      addressLine1: '214 Larch Street',
      addressLine2: 'Apt 3',
      city: 'Portland',
      state: 'OR',
      postalCode: '97205',
      country: 'US',
      phoneNumber: '+1 503 555 0142',
    });

    let ownerIndex = 0;
    const bizRows = await tx
      .insert(businesses)
      .values(
        DEMO_BUSINESSES.map((biz, i) => ({
          ownerId: biz.owner === 'seller' ? seller!.id : owners[ownerIndex++]!.id,
          name: biz.name,
          description: biz.description,
          email: `hello@${slug(biz.name)}.example`,
          website: biz.website,
          businessType: biz.individual
            ? ('individual_seller' as const)
            : ('eco_friendly_company' as const),
          shippingStrategy: biz.shipping,
          priceRange: biz.priceRange,
          production: biz.production,
          logo: logos[i]!.logo,
          banner: logos[i]!.banner,
          verified: !biz.individual,
          stripeAccountId: `acct_demo_${slug(biz.name).replace(/-/g, '').slice(0, 12)}`,
          stripeStatus: biz.pendingStripe ? 'pending' : 'active',
          createdAt: new Date(Date.UTC(2026, 0, 5 + i * 3)),
        })),
      )
      .returning({ id: businesses.id });
    const bizId = (index: number) => bizRows[index]!.id;

    const notes = DEMO_BUSINESSES.flatMap((biz, i) =>
      biz.notes.map(([title, explanation], position) => ({
        businessId: bizId(i),
        title,
        explanation,
        position,
      })),
    );
    if (notes.length) await tx.insert(sustainabilityNotes).values(notes);

    for (const [i, biz] of DEMO_BUSINESSES.entries()) {
      if (biz.fees === 'none') continue;
      const [config] = await tx
        .insert(shippingFeeConfigs)
        .values({
          businessId: bizId(i),
          worldwideShippingFeeCents: biz.fees === 'countries' ? 1800 : 500 + (i % 4) * 150,
          allExceptSelectedFeeCents: biz.fees === 'countries' ? 1500 : null,
          thresholdFreeCents: biz.fees === 'threshold' ? 4000 + (i % 3) * 1000 : null,
        })
        .returning({ id: shippingFeeConfigs.id });
      if (biz.fees === 'countries') {
        await tx.insert(shippingCountryFees).values([
          { configId: config!.id, countryCode: 'US', feeCents: 450 + (i % 3) * 100 },
          { configId: config!.id, countryCode: 'CA', feeCents: 1200 },
          { configId: config!.id, countryCode: 'MX', feeCents: 1400 },
        ]);
      }
    }

    const productRows = await tx
      .insert(products)
      .values(
        plan.products.map((p) => ({
          businessId: bizId(p.business),
          name: p.name,
          description: p.description,
          priceCents: p.priceCents,
          condition: p.condition,
          productCategory: p.category,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      )
      .returning({ id: products.id });
    const productId = (index: number) => productRows[index]!.id;

    await tx.insert(productImages).values(
      plan.products.flatMap((p, i) =>
        productKeys[i]!.images.map((image, position) => ({
          productId: productId(i),
          image,
          altText: position === 0 ? p.name : `${p.name}, view ${position + 1}`,
          position,
        })),
      ),
    );

    const variantValues = plan.products.flatMap((p, i) =>
      p.variants.map((v, position) => ({
        productId: productId(i),
        option1: v.option1,
        option2: v.option2,
        priceCents: v.priceCents,
        position,
      })),
    );
    const variantRows = variantValues.length
      ? await tx.insert(variants).values(variantValues).returning({ id: variants.id })
      : [];
    let v = 0;
    const variantImageValues: Array<typeof variantImages.$inferInsert> = [];
    for (const [i, p] of plan.products.entries()) {
      for (const [j, variant] of p.variants.entries()) {
        const image = productKeys[i]!.variantImages[j];
        if (image) {
          variantImageValues.push({
            variantId: variantRows[v]!.id,
            image,
            altText: `${p.name} in ${variant.option1}`,
          });
        }
        v++;
      }
    }
    if (variantImageValues.length) await tx.insert(variantImages).values(variantImageValues);

    const hiddenReal = DEMO_BUSINESSES.findIndex((biz) => biz.pendingStripe);
    await tx.insert(curatedLists).values([
      { key: CURATED_LISTS.newlyAdded, itemIds: plan.newlyAdded.map(productId) },
      { key: CURATED_LISTS.currentFavorites, itemIds: plan.favorites.map(productId) },
      { key: CURATED_LISTS.peopleAlsoLove, itemIds: plan.peopleAlsoLove.map(productId) },
      {
        key: CURATED_LISTS.hiddenBusinesses,
        // Retired businesses of the original shop (no longer present), plus the one whose
        // payouts are not set up yet.
        itemIds: [bizId(hiddenReal), ...Array.from({ length: 18 }, (_, k) => 1001 + k * 7)],
      },
    ]);

    await tx.insert(partners).values(
      PARTNERS.map((p, position) => ({
        name: p.name,
        website: p.website,
        logo: partnerLogos[position]!.key,
        position,
      })),
    );

    await tx.insert(faqItems).values(
      FAQ.flatMap((group, g) =>
        group.items.map(([question, answer], position) => ({
          category: group.category,
          question,
          answer,
          position: g * 100 + position,
        })),
      ),
    );

    await tx.insert(quizPersonas).values(
      PERSONAS.map((persona) => ({
        id: persona.id,
        title: persona.title,
        description: persona.description,
        nextSteps: [...persona.nextSteps],
        matchingAnswers: persona.matchingAnswers,
        productIds: plan.personaProducts[persona.id]!.map(productId),
      })),
    );
  });

  options.log(
    `demo catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${PRODUCT_CATEGORIES.length} categories)`,
  );
  return true;
}

async function renderProductImages(
  storage: ReturnType<typeof createDiskStorage>,
  p: PlannedProduct,
): Promise<{ images: string[]; variantImages: Array<string | undefined> }> {
  const images: string[] = [];
  for (const art of p.images) {
    images.push((await saveImage(storage, 'products', await productImage(art))).key);
  }
  const variantImages: Array<string | undefined> = [];
  for (const variant of p.variants) {
    variantImages.push(
      variant.image
        ? (await saveImage(storage, 'products', await productImage(variant.image))).key
        : undefined,
    );
  }
  return { images, variantImages };
}
