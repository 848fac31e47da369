import { randomBytes } from 'node:crypto';
import { DEFAULT_PRODUCT_CATEGORY } from '@leafline/contract';
import { asc, count, sql } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import {
  businesses,
  productImages,
  products,
  sustainabilityNotes,
  users,
  variants,
} from '../db/schema/index';
import { hashPassword } from '../modules/auth';
import { prng } from './prng';
import { seedDemoIfEmpty } from './seed';

/**
 * The large catalogue of `npm run seed:large` (issue: fast at 100k products). It starts from the
 * demo catalogue (seeded first when the database is empty) and adds generated brands, about 50
 * products each, until the catalogue holds the asked number of products. Each generated product
 * is a variation of a demo product (its category, shape of description, images and variants),
 * with its own name, price, age and brand, so the words, the spread of categories and prices
 * and the share of variants and second-hand items look like the real shop at scale.
 * Choices come from a seeded generator: the same size gives the same catalogue.
 */

const PRODUCTS_PER_BRAND = 50;
/** Products written per transaction: big enough for speed, small enough to keep memory low. */
const BATCH = 2000;

const BRAND_FIRST = [
  'Juniper',
  'Cedar',
  'Tidewater',
  'Fern',
  'Alder',
  'Willow',
  'Saltmarsh',
  'Bramble',
  'Hazel',
  'Kelp',
  'Thistle',
  'Meadow',
  'Larch',
  'Sorrel',
  'Basalt',
  'Heather',
  'Marram',
  'Rowan',
  'Clover',
  'Birch',
  'Lichen',
  'Driftwood',
  'Nettle',
  'Quarry',
  'Harbor',
  'Orchard',
  'Prairie',
  'Canyon',
  'Sequoia',
  'Yarrow',
  'Mallow',
  'Linden',
  'Aspen',
  'Tamarack',
  'Sagebrush',
  'Cypress',
  'Magnolia',
  'Dogwood',
  'Redwood',
  'Buckeye',
] as const;
const BRAND_SECOND = [
  'Goods',
  'Supply Co.',
  'Studio',
  'Collective',
  'Works',
  'Atelier',
  'Mercantile',
  'Makers',
  'Outfitters',
  'Trading',
  'Provisions',
  'Home',
  'Apothecary',
  'Kind',
  'Field Co.',
  'Loom',
  'Workshop',
  'General',
  'Co-op',
  'Company',
] as const;
const CITIES = [
  'Portland, Oregon',
  'Asheville, North Carolina',
  'Burlington, Vermont',
  'Boulder, Colorado',
  'Santa Cruz, California',
  'Madison, Wisconsin',
  'Providence, Rhode Island',
  'Tucson, Arizona',
  'Duluth, Minnesota',
  'Savannah, Georgia',
  'Bellingham, Washington',
  'Ithaca, New York',
] as const;
const BRAND_PROMISES = [
  'We make small runs from certified organic and recycled materials, and repair what we sell.',
  'Everything we sell is made within a day’s drive of our workshop, by people paid a living wage.',
  'We design for a long life: simple parts, honest materials and a lifetime repair promise.',
  'Our pieces start as offcuts and deadstock that would otherwise go to landfill.',
  'We ship plastic-free in recycled card and offset nothing we can avoid emitting in the first place.',
] as const;
const MODIFIERS = [
  'Classic',
  'Small-Batch',
  'Heritage',
  'Everyday',
  'Coastal',
  'Workshop',
  'Field',
  'Studio',
  'Weekend',
  'Trail',
  'Harbor',
  'Meadow',
  'Cabin',
  'Market',
  'Orchard',
  'Nordic',
  'Desert',
  'Hand-Finished',
  'Limited',
  'Essential',
] as const;
const FINISHES = [
  'Sage',
  'Oat',
  'Clay',
  'Indigo',
  'Charcoal',
  'Moss',
  'Rust',
  'Natural',
  'Walnut',
  'Seafoam',
  'Honey',
  'Plum',
  'Stone',
  'Forest',
] as const;
const CLOSINGS = [
  'Made to order in our workshop and shipped in recycled card.',
  'Each one is finished by hand, so no two are exactly alike.',
  'Ask us about repairs: we keep spare parts for every piece we make.',
  'Part of a small seasonal run; when it is gone, it is gone.',
  'Packed without plastic and sent carbon-neutral from our studio.',
  'Returns are free within 30 days, and we resell or recycle what comes back.',
] as const;

export interface LargeSeedResult {
  added: number;
  total: number;
  brands: number;
  seconds: number;
}

interface Template {
  name: string;
  description: string;
  priceCents: number;
  condition: 'new' | 'second_hand';
  productCategory: string;
  images: string[];
  variants: Array<{ option1: string; option2: string | null; priceCents: number | null }>;
}

async function loadTemplates(db: Db): Promise<Template[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      condition: products.condition,
      productCategory: products.productCategory,
    })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1000);
  const ids = rows.map((r) => r.id);
  const imageRows = ids.length
    ? await db
        .select({ productId: productImages.productId, image: productImages.image })
        .from(productImages)
        .where(sql`${productImages.productId} in ${ids}`)
        .orderBy(asc(productImages.productId), asc(productImages.position))
    : [];
  const variantRows = ids.length
    ? await db
        .select({
          productId: variants.productId,
          option1: variants.option1,
          option2: variants.option2,
          priceCents: variants.priceCents,
        })
        .from(variants)
        .where(sql`${variants.productId} in ${ids} and not ${variants.deleted}`)
        .orderBy(asc(variants.productId), asc(variants.position))
    : [];
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    priceCents: r.priceCents,
    condition: r.condition,
    productCategory: r.productCategory,
    images: imageRows.filter((i) => i.productId === r.id).map((i) => i.image),
    variants: variantRows
      .filter((v) => v.productId === r.id)
      .map(({ option1, option2, priceCents }) => ({ option1, option2, priceCents })),
  }));
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A price near the template's, on a shop-like ending (.00, .50 or .95). */
function priceNear(cents: number, random: () => number): number {
  const dollars = Math.max(3, Math.round((cents / 100) * (0.75 + random() * 0.6)));
  const ending = pick([0, 0, 50, 95], random);
  return dollars * 100 + ending;
}

const DAY_MS = 86_400_000;

/** What every generated row is drawn from: the seeded generator, and the seed's moment. */
interface Generation {
  random: () => number;
  now: number;
}

type BrandArt = { logo: string | null; banner: string | null };
type PlannedBrand = ReturnType<typeof planBrands>[number];
type PlannedProduct = ReturnType<typeof planProducts>[number];

/** Brands `offset + from` … `+ size`: name, address, age and a demo brand's pictures. */
function planBrands(
  offset: number,
  from: number,
  size: number,
  logoRows: readonly BrandArt[],
  random: () => number,
) {
  return Array.from({ length: size }, (_, k) => {
    const n = offset + from + k;
    const first = BRAND_FIRST[n % BRAND_FIRST.length]!;
    const second = BRAND_SECOND[Math.floor(n / BRAND_FIRST.length) % BRAND_SECOND.length]!;
    const round = Math.floor(n / (BRAND_FIRST.length * BRAND_SECOND.length));
    const name = round === 0 ? `${first} ${second}` : `${first} ${second} ${round + 1}`;
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`;
    const ageDays = 30 + Math.floor(random() * 1400);
    const art = logoRows.length ? pick(logoRows, random) : { logo: null, banner: null };
    return { name, slug, ageDays, art, city: pick(CITIES, random) };
  });
}

/** One batch of brands, each with its owner and a sustainability note; answers their ids. */
function insertBrands(
  db: Db,
  planned: readonly PlannedBrand[],
  passwordHash: string,
  { random, now }: Generation,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .insert(users)
      .values(
        planned.map((b) => ({
          username: `owner-${b.slug}`,
          email: `${b.slug}@brands.leafline.example`,
          firstName: b.name.split(' ')[0]!,
          lastName: 'Owner',
          passwordHash,
          createdAt: new Date(now - (b.ageDays + 1) * DAY_MS),
        })),
      )
      .returning({ id: users.id });
    const rows = await tx
      .insert(businesses)
      .values(
        planned.map((b, k) => ({
          ownerId: owners[k]!.id,
          name: b.name,
          description: `${b.name} is a small team in ${b.city}. ${pick(BRAND_PROMISES, random)}`,
          email: `hello@${b.slug}.example`,
          website: `https://${b.slug}.example`,
          businessType:
            random() < 0.12 ? ('individual_seller' as const) : ('eco_friendly_company' as const),
          shippingStrategy: 'Ships within 3 business days in recycled packaging.',
          priceRange: '$$',
          production: `Made in small batches in ${b.city}.`,
          logo: b.art.logo,
          banner: b.art.banner,
          verified: random() < 0.7,
          stripeAccountId: `acct_large_${b.slug.slice(0, 40)}`,
          stripeStatus: 'active' as const,
          createdAt: new Date(now - b.ageDays * DAY_MS),
          updatedAt: new Date(now - b.ageDays * DAY_MS),
        })),
      )
      .returning({ id: businesses.id });
    await tx.insert(sustainabilityNotes).values(
      rows.map((r, k) => ({
        businessId: r.id,
        title: 'How we make it',
        explanation: `Made in small batches in ${planned[k]!.city}, from certified materials.`,
        position: 0,
      })),
    );
    return rows.map((r) => r.id);
  });
}

/**
 * Brands: one owner account each (a random password nobody knows, hashed once), 500 to a
 * transaction. Answers the new brands' ids.
 */
async function addBrands(db: Db, brandTotal: number, gen: Generation): Promise<number[]> {
  const logoRows = await db
    .select({ logo: businesses.logo, banner: businesses.banner })
    .from(businesses)
    .where(sql`${businesses.logo} is not null`);
  const [brandCount] = await db.select({ n: count() }).from(businesses);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const offset = brandCount?.n ?? 0;
  const brandIds: number[] = [];
  for (let from = 0; from < brandTotal; from += 500) {
    const size = Math.min(500, brandTotal - from);
    const planned = planBrands(offset, from, size, logoRows, gen.random);
    brandIds.push(...(await insertBrands(db, planned, passwordHash, gen)));
  }
  return brandIds;
}

/** Products `added` … `added + size`: each a variation of a template, in its brand. */
function planProducts(
  templates: readonly Template[],
  brandIds: readonly number[],
  added: number,
  size: number,
  { random, now }: Generation,
) {
  return Array.from({ length: size }, (_, k) => {
    const n = added + k;
    const template = pick(templates, random);
    const brand = brandIds[Math.floor(n / PRODUCTS_PER_BRAND) % brandIds.length]!;
    const style = random();
    const name =
      style < 0.45
        ? `${pick(MODIFIERS, random)} ${template.name}`
        : style < 0.8
          ? `${template.name} – ${pick(FINISHES, random)}`
          : `${pick(MODIFIERS, random)} ${template.name} – ${pick(FINISHES, random)}`;
    const ageMinutes = 60 + Math.floor(random() * 730 * 1440);
    return {
      template,
      row: {
        businessId: brand,
        name,
        description: `${template.description} ${pick(CLOSINGS, random)}`,
        priceCents: priceNear(template.priceCents, random),
        condition:
          template.condition === 'second_hand' || random() < 0.05
            ? ('second_hand' as const)
            : ('new' as const),
        category: DEFAULT_PRODUCT_CATEGORY,
        productCategory: template.productCategory,
        createdAt: new Date(now - ageMinutes * 60_000),
        updatedAt: new Date(now - ageMinutes * 60_000),
      },
    };
  });
}

/** One batch of products with their template's pictures and variants, in one transaction. */
function insertProductBatch(
  db: Db,
  planned: readonly PlannedProduct[],
  random: () => number,
): Promise<void> {
  return db.transaction(async (tx) => {
    const ids = await tx
      .insert(products)
      .values(planned.map((p) => p.row))
      .returning({ id: products.id });
    const images = planned.flatMap((p, k) =>
      p.template.images.map((image, position) => ({
        productId: ids[k]!.id,
        image,
        altText: position === 0 ? p.row.name : `${p.row.name}, view ${position + 1}`,
        position,
      })),
    );
    if (images.length) await tx.insert(productImages).values(images);
    const variantRows = planned.flatMap((p, k) =>
      p.template.variants.map((v, position) => ({
        productId: ids[k]!.id,
        option1: v.option1,
        option2: v.option2,
        priceCents: v.priceCents === null ? null : priceNear(v.priceCents, random),
        position,
      })),
    );
    for (let i = 0; i < variantRows.length; i += 5000) {
      await tx.insert(variants).values(variantRows.slice(i, i + 5000));
    }
  });
}

/**
 * Fills the database up to `targetProducts` products (never removes any). Returns what it did.
 */
export async function seedLargeCatalogue(
  db: Db,
  options: {
    targetProducts: number;
    storage: MediaStorage;
    log: (msg: string) => void;
    /** Told after every batch: products added so far of those to add. */
    progress?: (added: number, toAdd: number) => void;
  },
): Promise<LargeSeedResult> {
  const started = performance.now();
  await seedDemoIfEmpty(db, { storage: options.storage, log: options.log });
  const [existing] = await db.select({ n: count() }).from(products);
  const have = existing?.n ?? 0;
  const missing = Math.max(0, options.targetProducts - have);
  if (missing === 0) {
    return { added: 0, total: have, brands: 0, seconds: (performance.now() - started) / 1000 };
  }

  const templates = await loadTemplates(db);
  if (templates.length === 0) throw new Error('The demo catalogue has no products to vary.');
  const gen: Generation = { random: prng(0x1a7e + have), now: Date.now() };

  const brandTotal = Math.ceil(missing / PRODUCTS_PER_BRAND);
  const brandIds = await addBrands(db, brandTotal, gen);
  options.log(`seed:large: ${brandTotal} brands added`);

  let added = 0;
  while (added < missing) {
    const size = Math.min(BATCH, missing - added);
    await insertProductBatch(db, planProducts(templates, brandIds, added, size, gen), gen.random);
    added += size;
    if (options.progress) options.progress(added, missing);
    else if (added % 10_000 < BATCH || added === missing) {
      options.log(`seed:large: ${have + added} products`);
    }
  }
  await db.execute(sql`analyze`);
  return {
    added,
    total: have + added,
    brands: brandTotal,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Accounts the large reviews are written by (each product's reviews by five of them). */
const LARGE_REVIEWERS = 5000;

/**
 * The bench's reviews (issue 27): `perProduct` reviews of every product by accounts of their
 * own (`bench_reviewer_<n>`, a product's reviews by consecutive ones), ratings and ages spread
 * by the product's id, then every product's ratings as the reviews module keeps them. Adds
 * only what is missing. Written straight in SQL, as the rest of the large seed.
 */
export async function seedLargeReviews(
  db: Db,
  options: { perProduct: number; log: (msg: string) => void },
): Promise<{ reviews: number; seconds: number }> {
  const started = performance.now();
  const [products] = (
    (await db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  const target = (products?.n ?? 0) * options.perProduct;
  const [have] = (
    (await db.execute(sql`select count(*)::int as n from reviews`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  if ((have?.n ?? 0) >= target) return { reviews: have?.n ?? 0, seconds: 0 };
  const hash = await hashPassword(randomBytes(12).toString('base64url'));
  await db.execute(sql`insert into users (username, email, first_name, last_name, password_hash)
    select 'bench_reviewer_' || n, 'bench_reviewer_' || n || '@example.com',
      (array['Fern','Rowan','Iris','Juniper','Hazel','Alder','Wren','Sage'])[1 + n % 8],
      (array['Moss','Reed','Okafor','Lind','Vale','Brook'])[1 + n % 6], ${hash}
    from generate_series(1, ${LARGE_REVIEWERS}) n
    on conflict do nothing`);
  await db.execute(sql`insert into reviews (product_id, user_id, rating, title, body, created_at, updated_at)
    select p.id, r.ids[1 + ((p.id * ${options.perProduct} + k) % array_length(r.ids, 1))],
      1 + ((p.id * 7 + k * 3) % 10 + 5) / 3 % 5,
      (array['Lovely','Does the job','Not for me','Worth it','Good quality'])[1 + (p.id + k) % 5],
      'Bought it for everyday use; it arrived quickly and well packed. ' ||
        repeat('Still going strong after weeks. ', 1 + (p.id + k) % 6),
      now() - ((p.id + k * 31) % 700) * interval '1 day',
      now() - ((p.id + k * 31) % 700) * interval '1 day'
    from products p cross join generate_series(0, ${options.perProduct - 1}) k
      cross join (select array_agg(id order by id) as ids from users
        where username like 'bench\_reviewer\_%') r
    on conflict do nothing`);
  await db.execute(sql`insert into product_ratings
      (product_id, count, sum, stars1, stars2, stars3, stars4, stars5)
    select product_id, count(*), sum(rating), count(*) filter (where rating = 1),
      count(*) filter (where rating = 2), count(*) filter (where rating = 3),
      count(*) filter (where rating = 4), count(*) filter (where rating = 5)
    from reviews where hidden_at is null group by product_id
    on conflict (product_id) do update set count = excluded.count, sum = excluded.sum,
      stars1 = excluded.stars1, stars2 = excluded.stars2, stars3 = excluded.stars3,
      stars4 = excluded.stars4, stars5 = excluded.stars5`);
  await db.execute(sql`analyze reviews`);
  await db.execute(sql`analyze product_ratings`);
  const [now] = (
    (await db.execute(sql`select count(*)::int as n from reviews`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  const seconds = (performance.now() - started) / 1000;
  options.log(`seed:large: ${now?.n ?? 0} reviews (${seconds.toFixed(1)} s)`);
  return { reviews: now?.n ?? 0, seconds };
}
