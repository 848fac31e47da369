import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CURATED_LISTS,
  centsToPrice,
  DEFAULT_PRODUCT_CATEGORY,
  type OrderNotes,
} from '@leafline/contract';
import { count, sql } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import {
  addresses,
  businesses,
  curatedLists,
  faqItems,
  orderEvents,
  partners,
  productImages,
  products,
  promoCodes,
  quizPersonas,
  refunds,
  reviews,
  shippingCountryFees,
  shippingFeeConfigs,
  sustainabilityNotes,
  users,
  variantImages,
  variants,
} from '../db/schema/index';
import { hashPassword } from '../modules/auth';
import { insertCheckout, orderAddressOf } from '../modules/checkout';
import {
  deleteImage,
  diskEncodedImageCache,
  type EncodedImageCache,
  type RawImage,
  saveRenderedImage,
} from '../modules/media';
import { commissionCents, insertOrder, payoutCents } from '../modules/orders';
import { insertPayoutRows, type NewPayout, transferGroupOf } from '../modules/payouts';
import { FAQ, PARTNERS, PERSONAS } from './data/content';
import { DEMO_BUYERS } from './data/orders';
import { DEMO_REVIEWS } from './data/reviews';
import { bannerImage, logoImage, partnerLogoImage, productImage } from './images';
import { buildDemoPlan, DEMO_PROMO_PERCENT, type DemoPlan, type PlannedOrder } from './plan';

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

/** The promo code the demo catalogue seeds (the local payment page takes it). */
export const DEMO_PROMO_CODE = 'LEAFLINE10';

/** The demo shopper is the first demo buyer; the other buyers only buy the seller's goods. */
const DEMO_SHOPPER = DEMO_BUYERS[0]!;
const OTHER_BUYERS = DEMO_BUYERS.slice(1);
const SHOPPER = {
  username: DEMO_SHOPPER.username,
  email: DEMO_SHOPPER.email,
  firstName: DEMO_SHOPPER.firstName,
  lastName: DEMO_SHOPPER.lastName,
};
const SELLER = {
  username: 'seller',
  email: 'seller@leafline.example',
  firstName: 'Theo',
  lastName: 'Okafor',
};
const addressOf = (buyer: (typeof DEMO_BUYERS)[number]) => ({
  firstName: buyer.firstName,
  lastName: buyer.lastName,
  country: 'US',
  ...buyer.address,
});

/** Images rendered at once: enough to keep two cores busy, few enough to keep memory low. */
const RENDER_CONCURRENCY = 3;
/** Serialises two processes that start on the same empty database at the same moment. */
const SEED_LOCK = 0x1eaf_5eed;
/** The encoded demo pictures, kept by their pixels' hash: a fresh database seeds in seconds. */
const SEED_IMAGE_CACHE_DIR = path.join(tmpdir(), 'leafline-seed-images');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** No user and no business yet: the demo catalogue may be seeded. */
export async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [b] = await db.select({ n: count() }).from(businesses);
  return (u?.n ?? 0) === 0 && (b?.n ?? 0) === 0;
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(
  items: readonly T[],
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

/**
 * Seeds the demo catalogue (SPEC §2/§3/§9, DESIGN 2.9) on the first start of an empty
 * database, and never over data: returns false and changes nothing when any user or business
 * exists. Images are drawn first (outside the transaction: that takes seconds); every row is
 * then written in one transaction, in multi-row inserts. If anything fails, the images drawn
 * for this run are removed again.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: {
    storage: MediaStorage;
    log: (msg: string) => void;
    /** Where the drawings' encoded files are kept between seeds (default: in the temp folder). */
    imageCache?: EncodedImageCache;
  },
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const started = performance.now();
  const plan = buildDemoPlan();
  const storage = options.storage;
  const imageCache = options.imageCache ?? diskEncodedImageCache(SEED_IMAGE_CACHE_DIR);
  options.log(
    `seeding the demo catalogue: ${plan.businesses.length} businesses, ${plan.products.length} products`,
  );

  const written: string[] = [];
  const save = async (folder: string, draw: () => Promise<RawImage>) => {
    const { key } = await saveRenderedImage(storage, folder, await draw(), imageCache);
    written.push(key);
    return key;
  };
  try {
    const [images, passwordHashes] = await Promise.all([
      drawImages(plan, save),
      hashPasswords(plan),
    ]);
    const seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (!(await isEmpty(tx))) return false;
      await insertCatalogue(tx, plan, images, passwordHashes);
      return true;
    });
    if (!seeded) {
      await removeImages(storage, written);
      return false;
    }
  } catch (error) {
    await removeImages(storage, written);
    throw error;
  }
  options.log(
    `demo catalogue seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (${written.length} images)`,
  );
  return true;
}

async function removeImages(storage: MediaStorage, keys: string[]): Promise<void> {
  await mapLimit(keys, 8, (key) => deleteImage(storage, key).catch(() => {}));
}

interface DrawnImages {
  logos: string[];
  banners: string[];
  /** Per product: its image keys, and per variant an image key or null. */
  products: Array<{ images: string[]; variants: Array<string | null> }>;
  partners: string[];
}

async function drawImages(
  plan: DemoPlan,
  save: (folder: string, draw: () => Promise<RawImage>) => Promise<string>,
): Promise<DrawnImages> {
  // One flat job list, so the concurrency limit holds across kinds; a product's images stay
  // next to each other so its title is rendered once (images.ts caches text).
  const jobs: Array<() => Promise<string>> = [];
  const add = (folder: string, draw: () => Promise<RawImage>) =>
    jobs.push(() => save(folder, draw)) - 1;

  const brandJobs = plan.businesses.map(({ data }) => {
    const art = { name: data.name, ...data.art };
    return {
      logo: add('logos', () => logoImage(art)),
      banner: add('banners', () => bannerImage({ ...art, tagline: data.tagline })),
    };
  });
  const productJobs = plan.products.map((p) => ({
    images: p.images.map((art) => add('products', () => productImage(art))),
    variants: p.variants.map((v) =>
      v.image ? add('products', () => productImage(v.image!)) : null,
    ),
  }));
  const partnerJobs = PARTNERS.map((p) => add('partners', () => partnerLogoImage(p.art)));

  const keys = await mapLimit(jobs, RENDER_CONCURRENCY, (job) => job());
  return {
    logos: brandJobs.map((j) => keys[j.logo]!),
    banners: brandJobs.map((j) => keys[j.banner]!),
    products: productJobs.map((j) => ({
      images: j.images.map((i) => keys[i]!),
      variants: j.variants.map((i) => (i === null ? null : keys[i]!)),
    })),
    partners: partnerJobs.map((i) => keys[i]!),
  };
}

/** Demo accounts get their known passwords; other owners a long random one nobody knows. */
async function hashPasswords(plan: DemoPlan) {
  const others = plan.businesses.filter((b) => b.owner !== 'seller');
  const unknown = () => hashPassword(randomBytes(32).toString('base64url'));
  const [shopper, seller, ...rest] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS[0]!.password),
    hashPassword(DEMO_ACCOUNTS[1]!.password),
    ...others.map(unknown),
    ...OTHER_BUYERS.map(unknown),
  ]);
  return {
    shopper: shopper!,
    seller: seller!,
    owners: rest.slice(0, others.length),
    buyers: rest.slice(others.length),
  };
}

type PasswordHashes = Awaited<ReturnType<typeof hashPasswords>>;

/** Dates before the seed's moment: `minutesAgo(5)`, `daysAgo(2)`. */
interface SeedClock {
  now: number;
  minutesAgo(minutes: number): Date;
  daysAgo(days: number): Date;
}

function seedClock(now: number): SeedClock {
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
  return { now, minutesAgo, daysAgo: (days) => minutesAgo(days * 1440) };
}

/** Users: the shopper, the seller, then one owner per other business, then the other buyers. */
async function insertUsers(
  tx: Tx,
  plan: DemoPlan,
  hashes: PasswordHashes,
  { daysAgo }: SeedClock,
): Promise<Map<string, number>> {
  const owners = plan.businesses.flatMap((b) => (b.owner === 'seller' ? [] : [b.owner]));
  const userRows = await tx
    .insert(users)
    .values([
      { ...SHOPPER, passwordHash: hashes.shopper, createdAt: daysAgo(75) },
      { ...SELLER, passwordHash: hashes.seller, createdAt: daysAgo(430) },
      ...owners.map((o, i) => ({
        username: o.username,
        email: o.email,
        firstName: o.firstName,
        lastName: o.lastName,
        passwordHash: hashes.owners[i]!,
        createdAt: daysAgo(plan.businesses.find((b) => b.owner === o)!.ageDays + 1),
      })),
      ...OTHER_BUYERS.map((b, i) => ({
        username: b.username,
        email: b.email,
        firstName: b.firstName,
        lastName: b.lastName,
        passwordHash: hashes.buyers[i]!,
        createdAt: daysAgo(60 + i * 11),
      })),
    ])
    .returning({ id: users.id, username: users.username });
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  await tx.insert(addresses).values(
    DEMO_BUYERS.map((b) => ({
      userId: userId.get(b.username)!,
      isDefault: true,
      ...addressOf(b),
    })),
  );
  return userId;
}

/** The businesses; answers the id of the plan's business `i`. */
async function insertBusinesses(
  tx: Tx,
  plan: DemoPlan,
  images: DrawnImages,
  userId: Map<string, number>,
  { daysAgo }: SeedClock,
): Promise<(i: number) => number> {
  const businessRows = await tx
    .insert(businesses)
    .values(
      plan.businesses.map((b, i) => ({
        ownerId: userId.get(b.owner === 'seller' ? SELLER.username : b.owner.username)!,
        name: b.data.name,
        description: b.data.description,
        email: b.data.email,
        website: b.data.website,
        businessType: b.data.individual
          ? ('individual_seller' as const)
          : ('eco_friendly_company' as const),
        shippingStrategy: b.data.shipping,
        priceRange: b.data.priceRange,
        production: b.data.production,
        logo: images.logos[i]!,
        banner: images.banners[i]!,
        verified: b.data.verified && !b.data.individual,
        stripeAccountId: b.stripeAccountId,
        stripeStatus: b.data.stripePending ? ('pending' as const) : ('active' as const),
        createdAt: daysAgo(b.ageDays),
        updatedAt: daysAgo(b.ageDays),
      })),
    )
    .returning({ id: businesses.id, name: businesses.name });
  const businessId = new Map(businessRows.map((b) => [b.name, b.id]));
  return (i: number) => businessId.get(plan.businesses[i]!.data.name)!;
}

/** Each business's sustainability notes and shipping fees. */
async function insertBusinessDetails(
  tx: Tx,
  plan: DemoPlan,
  bizId: (i: number) => number,
): Promise<void> {
  const notes = plan.businesses.flatMap((b, i) =>
    b.data.notes.map(([title, explanation], position) => ({
      businessId: bizId(i),
      title,
      explanation,
      position,
    })),
  );
  if (notes.length) await tx.insert(sustainabilityNotes).values(notes);

  const withFees = plan.businesses.flatMap((b, i) => (b.fees ? [{ i, fees: b.fees }] : []));
  const configRows = await tx
    .insert(shippingFeeConfigs)
    .values(
      withFees.map(({ i, fees }) => ({
        businessId: bizId(i),
        worldwideShippingFeeCents: fees.worldwideCents,
        allExceptSelectedFeeCents: fees.otherCountriesCents,
        thresholdFreeCents: fees.freeFromCents,
      })),
    )
    .returning({ id: shippingFeeConfigs.id, businessId: shippingFeeConfigs.businessId });
  const configId = new Map(configRows.map((c) => [c.businessId, c.id]));
  const countryFees = withFees.flatMap(({ i, fees }) =>
    fees.countries.map((c) => ({
      configId: configId.get(bizId(i))!,
      countryCode: c.code,
      feeCents: c.feeCents,
    })),
  );
  if (countryFees.length) await tx.insert(shippingCountryFees).values(countryFees);
}

/** The products and their pictures; answers the id of the plan's product `i`. */
async function insertProducts(
  tx: Tx,
  plan: DemoPlan,
  images: DrawnImages,
  bizId: (i: number) => number,
  { minutesAgo }: SeedClock,
): Promise<(i: number) => number> {
  const productRows = await tx
    .insert(products)
    .values(
      plan.products.map((p) => ({
        businessId: bizId(p.business),
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        condition: p.condition,
        category: DEFAULT_PRODUCT_CATEGORY,
        productCategory: p.category,
        optionNames: p.optionNames,
        createdAt: minutesAgo(p.ageMinutes),
        updatedAt: minutesAgo(p.ageMinutes),
      })),
    )
    .returning({ id: products.id, name: products.name });
  const productId = new Map(productRows.map((p) => [p.name, p.id]));
  const prodId = (i: number) => productId.get(plan.products[i]!.name)!;

  await tx.insert(productImages).values(
    plan.products.flatMap((p, i) =>
      images.products[i]!.images.map((image, position) => ({
        productId: prodId(i),
        image,
        altText: position === 0 ? p.name : `${p.name}, view ${position + 1}`,
        position,
      })),
    ),
  );
  return prodId;
}

/** The variants and their pictures; answers the variant id by `${productId}/${position}`. */
async function insertVariants(
  tx: Tx,
  plan: DemoPlan,
  images: DrawnImages,
  prodId: (i: number) => number,
): Promise<Map<string, number>> {
  const variantValues = plan.products.flatMap((p, i) =>
    p.variants.map((v, position) => ({
      productId: prodId(i),
      option1: v.option1,
      option2: v.option2,
      priceCents: v.priceCents,
      position,
    })),
  );
  const variantId = new Map<string, number>();
  if (!variantValues.length) return variantId;
  const variantRows = await tx.insert(variants).values(variantValues).returning({
    id: variants.id,
    productId: variants.productId,
    position: variants.position,
  });
  for (const v of variantRows) variantId.set(`${v.productId}/${v.position}`, v.id);
  const variantImageValues = plan.products.flatMap((p, i) =>
    p.variants.flatMap((v, position) => {
      const image = images.products[i]!.variants[position];
      return image
        ? [
            {
              variantId: variantId.get(`${prodId(i)}/${position}`)!,
              image,
              altText: `${p.name} in ${v.option1}`,
            },
          ]
        : [];
    }),
  );
  if (variantImageValues.length) await tx.insert(variantImages).values(variantImageValues);
  return variantId;
}

/** The site's own content: curated lists, partners, FAQ, quiz personas and the promo code. */
async function insertSiteContent(
  tx: Tx,
  plan: DemoPlan,
  images: DrawnImages,
  bizId: (i: number) => number,
  prodId: (i: number) => number,
): Promise<void> {
  await tx.insert(curatedLists).values([
    { key: CURATED_LISTS.newlyAdded, itemIds: plan.newlyAdded.map(prodId) },
    { key: CURATED_LISTS.currentFavorites, itemIds: plan.currentFavorites.map(prodId) },
    { key: CURATED_LISTS.peopleAlsoLove, itemIds: plan.peopleAlsoLove.map(prodId) },
    {
      key: CURATED_LISTS.hiddenBusinesses,
      itemIds: [...plan.hiddenBusinessIds, bizId(plan.hiddenBusiness)],
    },
  ]);

  await tx.insert(partners).values(
    PARTNERS.map((p, position) => ({
      name: p.name,
      website: p.website,
      logo: images.partners[position]!,
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
      productIds: plan.personaProducts.get(persona.id)!.map(prodId),
    })),
  );

  // The demo promo code of the local payment page: 10 % off the items.
  await tx.insert(promoCodes).values({ code: DEMO_PROMO_CODE, percentOff: DEMO_PROMO_PERCENT });
}

async function insertCatalogue(
  tx: Tx,
  plan: DemoPlan,
  images: DrawnImages,
  hashes: PasswordHashes,
): Promise<void> {
  const clock = seedClock(Date.now());
  const userId = await insertUsers(tx, plan, hashes, clock);
  const bizId = await insertBusinesses(tx, plan, images, userId, clock);
  await insertBusinessDetails(tx, plan, bizId);
  const prodId = await insertProducts(tx, plan, images, bizId, clock);
  const variantId = await insertVariants(tx, plan, images, prodId);
  await insertSiteContent(tx, plan, images, bizId, prodId);
  await insertDemoOrders(tx, plan, {
    now: clock.now,
    userId: (buyer) => userId.get(DEMO_BUYERS[buyer]!.username)!,
    businessId: bizId,
    productId: prodId,
    variantId: (product, position) => variantId.get(`${prodId(product)}/${position}`)!,
  });
  await insertDemoReviews(tx, userId.get(DEMO_BUYERS[0]!.username)!);
}

/**
 * The demo buyers' reviews (issue 27 point 5): each other demo shopper reviews the products of
 * their Shipped and Delivered orders, about a week after buying, some with the brand's reply;
 * then each product's ratings, as the reviews module keeps them. The demo shopper's products
 * are left for her to review.
 */
async function insertDemoReviews(tx: Tx, demoShopperId: number): Promise<void> {
  const bought = (await tx.execute(sql`select distinct on (i.product_id, o.user_id)
      i.product_id, o.user_id, i.variant_options, o.created_at
    from order_items i join orders o on o.id = i.order_id
    where o.status in ('Shipped', 'Delivered') and o.user_id is not null
      and o.user_id <> ${demoShopperId} and i.product_id is not null
    order by i.product_id, o.user_id, o.created_at`)) as unknown as {
    rows: Array<{
      product_id: number;
      user_id: number;
      variant_options: Record<string, string> | null;
      created_at: string | Date;
    }>;
  };
  if (!bought.rows.length) return;
  const rows = bought.rows.map((b, n) => {
    const review = DEMO_REVIEWS[(b.product_id * 7 + b.user_id * 3 + n) % DEMO_REVIEWS.length]!;
    // A week after buying, never in the future (a recent order's review is a recent one).
    const at = new Date(
      Math.min(
        new Date(b.created_at).getTime() + 7 * DAY + (n % 5) * HOUR,
        Date.now() - (n + 1) * 60_000,
      ),
    );
    return {
      productId: b.product_id,
      userId: b.user_id,
      rating: review.rating,
      title: review.title,
      body: review.body,
      variantOptions: b.variant_options,
      replyBody: review.reply,
      replyCreatedAt: review.reply ? new Date(at.getTime() + DAY) : null,
      replyUpdatedAt: review.reply ? new Date(at.getTime() + DAY) : null,
      createdAt: at,
      updatedAt: at,
    };
  });
  await tx.insert(reviews).values(rows);
  await tx.execute(sql`insert into product_ratings
      (product_id, count, sum, stars1, stars2, stars3, stars4, stars5)
    select product_id, count(*), sum(rating), count(*) filter (where rating = 1),
      count(*) filter (where rating = 2), count(*) filter (where rating = 3),
      count(*) filter (where rating = 4), count(*) filter (where rating = 5)
    from reviews where hidden_at is null group by product_id`);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long after purchase an order of each status was last touched. */
const TOUCHED_AFTER: Record<PlannedOrder['status'], number> = {
  Pending: 0,
  Paid: 2 * 60_000,
  Shipped: DAY,
  Delivered: 5 * DAY,
  Refunded: 8 * DAY,
  Canceled: 3 * HOUR,
};

/** The ids of the rows written before the orders, by their place in the plan. */
interface DemoIds {
  now: number;
  userId: (buyer: number) => number;
  businessId: (business: number) => number;
  productId: (product: number) => number;
  variantId: (product: number, position: number) => number;
}

/** What the orders add to other tables, written after the last order. */
interface DemoOrderRows {
  payouts: NewPayout[];
  history: (typeof orderEvents.$inferInsert)[];
  refunds: (typeof refunds.$inferInsert)[];
}

/** The paid local checkout of a marketplace order. */
function insertDemoCheckout(tx: Tx, o: PlannedOrder, userId: number, createdAt: Date, at: Date) {
  return insertCheckout(tx, {
    userId,
    status: 'paid',
    provider: 'local',
    subtotalCents: o.subtotalCents,
    shippingCents: o.shippingCents,
    discountCents: o.discountCents,
    totalCents: o.totalCents,
    discountCode: o.discountCents > 0 ? DEMO_PROMO_CODE : null,
    createdAt,
    updatedAt: at,
  });
}

/** The §3 notes of an order paid through a checkout. */
function demoOrderNotes(o: PlannedOrder): OrderNotes {
  return {
    discount_applied: o.discountCents > 0,
    discount_code: o.discountCents > 0 ? DEMO_PROMO_CODE : null,
    global_original_total: centsToPrice(o.subtotalCents + o.shippingCents),
    global_discount_amount: centsToPrice(o.discountCents),
    global_discounted_total: centsToPrice(o.totalCents),
    related_orders: [],
  };
}

/** The order's lines, with the product's name and the variant's options. */
function demoOrderLines(plan: DemoPlan, ids: DemoIds, o: PlannedOrder) {
  return o.lines.map((line) => {
    const product = plan.products[line.product]!;
    return {
      productId: ids.productId(line.product),
      variantId: line.variant === null ? null : ids.variantId(line.product, line.variant),
      productName: product.name,
      productPriceCents: line.unitCents,
      quantity: line.quantity,
      totalPriceCents: line.unitCents * line.quantity,
      variantOptions: line.options,
    };
  });
}

/** Its history as the buyer's order page shows it: paid, then each status it went through. */
function demoOrderHistory(
  o: PlannedOrder,
  orderId: number,
  businessId: number,
  paid: boolean,
  after: (ms: number) => Date,
): DemoOrderRows['history'] {
  const history: DemoOrderRows['history'] = [];
  const event = (type: 'paid' | 'status', status: PlannedOrder['status'], at: Date) =>
    history.push({
      orderId,
      businessId,
      type,
      status,
      trackingNumber: status === 'Shipped' ? o.trackingNumber : '',
      createdAt: at,
    });
  if (paid) event('paid', 'Paid', after(60_000));
  if (o.status === 'Shipped' || o.status === 'Delivered') event('status', 'Shipped', after(DAY));
  if (o.status !== 'Pending' && o.status !== 'Paid' && o.status !== 'Shipped') {
    event('status', o.status, after(TOUCHED_AFTER[o.status]));
  }
  return history;
}

/** One planned order: its checkout (unless from Shopify), the order, and its other rows. */
async function insertDemoOrder(
  tx: Tx,
  plan: DemoPlan,
  ids: DemoIds,
  n: number,
  o: PlannedOrder,
  rows: DemoOrderRows,
): Promise<void> {
  const buyer = DEMO_BUYERS[o.buyer]!;
  const userId = ids.userId(o.buyer);
  const businessId = ids.businessId(o.business);
  const createdAt = new Date(ids.now - o.ageMinutes * 60_000);
  const after = (ms: number) => new Date(Math.min(ids.now, createdAt.getTime() + ms));
  const touched = TOUCHED_AFTER[o.status];
  const checkout = o.shopify
    ? null
    : await insertDemoCheckout(tx, o, userId, createdAt, after(60_000));
  const notes: OrderNotes | null = checkout && demoOrderNotes(o);
  const transferId = checkout ? `tr_demo_${checkout.id}` : null;
  const orderId = await insertOrder(
    tx,
    {
      checkoutId: checkout?.id ?? null,
      userId,
      businessId,
      userFullName: `${buyer.firstName} ${buyer.lastName}`,
      userEmail: buyer.email,
      status: o.status,
      subtotalCents: o.subtotalCents,
      shippingFeeCents: o.shippingCents,
      discountCents: o.discountCents,
      totalCents: o.totalCents,
      payoutCents: checkout ? payoutCents(o.totalCents) : null,
      stripeTransferId: transferId,
      trackingNumber: o.trackingNumber,
      // The demo's numbers look like USPS ones (plan.ts): their link goes to USPS (issue 29).
      carrier: o.trackingNumber ? ('USPS' as const) : null,
      notes: notes ? JSON.stringify(notes) : '',
      sellerNotes: o.sellerNote,
      cardBrand: o.cardBrand,
      shippingAddress: orderAddressOf(addressOf(buyer)),
      source: o.shopify ? 'shopify' : 'marketplace',
      shopifyOrderId: o.shopify ? String(5_100_000_000 + n) : null,
      shippedEmailAt: o.trackingNumber ? after(DAY) : null,
      createdAt,
      updatedAt: after(touched),
    },
    demoOrderLines(plan, ids, o),
  );
  rows.history.push(...demoOrderHistory(o, orderId, businessId, checkout !== null, after));
  if (!checkout) return;
  // A paid order refunded or cancelled gave the buyer's money back and took the payout back.
  const refunded = o.status === 'Refunded' || o.status === 'Canceled';
  if (refunded) {
    rows.refunds.push({
      orderId,
      businessId,
      amountCents: o.totalCents,
      targetStatus: o.status as 'Refunded' | 'Canceled',
      status: 'succeeded',
      providerRefundId: `re_demo_${orderId}`,
      emailedAt: after(touched),
      createdAt: after(touched),
      updatedAt: after(touched),
    });
  }
  rows.payouts.push({
    orderId,
    businessId,
    amountCents: payoutCents(o.totalCents),
    commissionCents: commissionCents(o.totalCents),
    transferGroup: transferGroupOf(checkout.id),
    transferId: transferId!,
    status: refunded ? 'reversed' : 'paid',
    ...(refunded ? { reversalId: `trr_demo_${orderId}`, reversedAt: after(touched) } : {}),
    paidAt: after(60_000),
    createdAt,
    updatedAt: after(refunded ? touched : 60_000),
  });
}

/**
 * The demo seller's orders, written as checkout and payment write them (DESIGN 2.5, 2.7): a
 * paid local checkout each, the §3 notes, the payout row — already paid, as the local
 * provider's transfers are at once. The Pending ones are Shopify orders: no checkout, no
 * payout. How long after purchase each was touched follows its status.
 */
async function insertDemoOrders(tx: Tx, plan: DemoPlan, ids: DemoIds): Promise<void> {
  const rows: DemoOrderRows = { payouts: [], history: [], refunds: [] };
  for (const [n, o] of plan.orders.entries()) await insertDemoOrder(tx, plan, ids, n, o, rows);
  await insertPayoutRows(tx, rows.payouts);
  if (rows.history.length) await tx.insert(orderEvents).values(rows.history);
  if (rows.refunds.length) await tx.insert(refunds).values(rows.refunds);
}
