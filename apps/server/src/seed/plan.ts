import type { OrderStatus, ProductCategory, ProductCondition } from '@leafline/contract';
import { promoDiscountCents } from '../adapters/payments/local-provider';
import { variantOptions } from '../modules/checkout';
import { quoteShipping, type ShippingRates } from '../modules/shipping';
import { DEMO_BUSINESSES, type DemoBusiness, type FeeSeed } from './data/businesses';
import { COLOURS, type ColourName, type ProductSeed } from './data/catalog';
import { PERSONAS } from './data/content';
import {
  CURRENT_FAVORITES,
  NEWLY_ADDED,
  PEOPLE_ALSO_LOVE,
  RETIRED_BUSINESS_IDS,
} from './data/curated';
import { CARD_BRANDS, DEMO_BUYERS, DEMO_ORDER_SLOTS } from './data/orders';
import { PRODUCTS } from './data/products';
import type { ProductArt } from './images';
import { prng } from './prng';

/** What the demo promo code (LEAFLINE10) takes off the items, in percent. */
export const DEMO_PROMO_PERCENT = 10;

/**
 * The demo catalogue as plain data, before any database ids exist: what to draw and what to
 * insert. Built the same way on every machine: choices come from a seeded generator, never
 * from Math.random, so the demo looks identical on every start.
 */

export interface PlannedVariant {
  option1: string;
  option2: string | null;
  priceCents: number | null;
  image: ProductArt | null;
}

export interface PlannedProduct {
  /** Index into `businesses`. */
  business: number;
  name: string;
  description: string;
  priceCents: number;
  condition: ProductCondition;
  category: ProductCategory;
  /** Age in minutes at seeding time (newest first for the home's Newly Added list). */
  ageMinutes: number;
  images: ProductArt[];
  /** Names of option1 and option2 (Shopify's product options); [] without variants. */
  optionNames: string[];
  variants: PlannedVariant[];
}

export interface PlannedFees {
  worldwideCents: number | null;
  otherCountriesCents: number | null;
  freeFromCents: number | null;
  countries: Array<{ code: string; feeCents: number }>;
}

export interface PlannedBusiness {
  data: DemoBusiness;
  stripeAccountId: string;
  ageDays: number;
  fees: PlannedFees | null;
  owner: { username: string; email: string; firstName: string; lastName: string } | 'seller';
}

export interface PlannedOrderLine {
  /** Index into `products`, and into its variants (null without). */
  product: number;
  variant: number | null;
  quantity: number;
  unitCents: number;
  options: Record<string, string>;
}

export interface PlannedOrder {
  /** Index into `businesses` (the demo seller's), and into DEMO_BUYERS. */
  business: number;
  buyer: number;
  status: OrderStatus;
  ageMinutes: number;
  lines: PlannedOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  /** The demo promo code's 10 % off the items, or 0. */
  discountCents: number;
  totalCents: number;
  /** '' for the Shopify orders (paid there, Pending here). */
  cardBrand: string;
  trackingNumber: string;
  sellerNote: string;
  /** Synced from Shopify: no checkout, no payout row (SPEC §2). */
  shopify: boolean;
}

export interface DemoPlan {
  businesses: PlannedBusiness[];
  products: PlannedProduct[];
  /** The demo seller's orders, oldest first. */
  orders: PlannedOrder[];
  /** Indexes into products. */
  newlyAdded: number[];
  currentFavorites: number[];
  peopleAlsoLove: number[];
  personaProducts: Map<number, number[]>;
  /** Retired ids that exist nowhere, plus the index of the brand whose payouts are pending. */
  hiddenBusinessIds: number[];
  hiddenBusiness: number;
}

/** A generator per name, so editing one product does not reshuffle all the others. */
function rngFor(name: string): () => number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return prng(h);
}

const cents = (dollars: number) => Math.round(dollars * 100);

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const BACKGROUNDS = ['#e9dfcc', '#f1e6d6', '#dfe6d3', '#efe3db', '#e4eaec', '#f4efe4'];
const ACCENTS = ['#9caf88', '#c0714f', '#d4a24c', '#7d97a8', '#d9a5a0', '#b7ad9c', '#6b7a3a'];
/** How many images a product gets: mostly one or two, a few with three or four. */
const IMAGE_COUNTS = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4];

function distance(a: string, b: string): number {
  const [x, y] = [a, b].map((hex) => Number.parseInt(hex.slice(1), 16));
  return Math.hypot(
    ((x! >> 16) & 255) - ((y! >> 16) & 255),
    ((x! >> 8) & 255) - ((y! >> 8) & 255),
    (x! & 255) - (y! & 255),
  );
}

function productArt(seed: ProductSeed, random: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const background = pick(BACKGROUNDS);
  return (colour: string, composition: number): ProductArt => {
    // An accent that stands apart from the product's own colour.
    const accents = ACCENTS.filter((a) => distance(a, colour) > 90);
    return {
      category: seed.category,
      shape: seed.shape,
      colour,
      background: composition === 0 ? background : pick(BACKGROUNDS),
      accent: pick(accents.length ? accents : ACCENTS),
      composition,
    };
  };
}

function planVariants(
  seed: ProductSeed,
  art: (colour: string, composition: number) => ProductArt,
): PlannedVariant[] {
  const spec = seed.variants;
  if (!spec) return [];
  const priceOf = (...values: Array<string | null>) => {
    for (const value of values) {
      const dollars = value === null ? undefined : spec.prices?.[value];
      if (dollars !== undefined && cents(dollars) !== cents(seed.price)) return cents(dollars);
    }
    return null;
  };
  if (spec.option2) {
    return spec.option1.flatMap((o1) =>
      spec.option2!.map((o2) => ({
        option1: o1,
        option2: o2,
        priceCents: priceOf(o1, o2),
        image: null,
      })),
    );
  }
  return spec.option1.map((o1) => {
    const colour = COLOURS[o1 as ColourName];
    if (spec.images && !colour) throw new Error(`${seed.name}: "${o1}" is not a colour`);
    return {
      option1: o1,
      option2: null,
      priceCents: priceOf(o1),
      image: spec.images ? art(colour, 0) : null,
    };
  });
}

function planFees(fees: FeeSeed | null): PlannedFees | null {
  if (!fees) return null;
  if (fees.kind === 'worldwide') {
    return {
      worldwideCents: cents(fees.fee),
      otherCountriesCents: null,
      freeFromCents: fees.freeFrom === undefined ? null : cents(fees.freeFrom),
      countries: [],
    };
  }
  return {
    worldwideCents: null,
    otherCountriesCents: cents(fees.otherCountries),
    freeFromCents: fees.freeFrom === undefined ? null : cents(fees.freeFrom),
    countries: Object.entries(fees.countries).map(([code, fee]) => ({
      code,
      feeCents: cents(fee),
    })),
  };
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function planOwner(biz: DemoBusiness): PlannedBusiness['owner'] {
  if (biz.owner === 'seller') return 'seller';
  const [firstName, lastName] = biz.owner;
  const username = `${ascii(firstName)}.${ascii(lastName)}`;
  const email = biz.website
    ? `${ascii(firstName)}@${new URL(biz.website).hostname}`
    : biz.email.toLowerCase();
  return { username, email, firstName, lastName };
}

export function buildDemoPlan(): DemoPlan {
  const random = prng(20_261_122);
  const businesses: PlannedBusiness[] = DEMO_BUSINESSES.map((data, i) => ({
    data,
    stripeAccountId: `acct_demo_${Array.from({ length: 16 }, () =>
      'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'.charAt(Math.floor(random() * 57)),
    ).join('')}`,
    // The seller's brands are the oldest; the rest joined over the following months.
    ageDays: 420 - i * 13 - Math.floor(random() * 6),
    fees: planFees(data.fees),
    owner: planOwner(data),
  }));

  const products: PlannedProduct[] = [];
  for (const [b, biz] of DEMO_BUSINESSES.entries()) {
    const seeds = PRODUCTS[biz.key];
    if (!seeds?.length) throw new Error(`no demo products for ${biz.name}`);
    for (const seed of seeds) {
      const r = rngFor(seed.name);
      const art = productArt(seed, r);
      const colour = COLOURS[seed.colour ?? 'Forest'];
      const imageCount = IMAGE_COUNTS[Math.floor(r() * IMAGE_COUNTS.length)]!;
      // The first image names the product; the others vary the composition.
      const compositions = [0, ...shuffle([1, 2, 3], r)].slice(0, imageCount);
      products.push({
        business: b,
        name: seed.name,
        description: seed.description,
        priceCents: cents(seed.price),
        condition: seed.used || biz.secondHand || biz.individual ? 'second_hand' : 'new',
        category: seed.category,
        // Spread over the last ~10 months, never newer than the brand itself.
        ageMinutes: Math.min(
          businesses[b]!.ageDays * 1440,
          60 * 24 * (3 + Math.floor(r() * 290)) + Math.floor(r() * 1440),
        ),
        images: compositions.map((c) => art(colour, c)),
        optionNames: seed.variants?.names ?? [],
        variants: planVariants(seed, art),
      });
    }
  }

  const index = new Map<string, number>();
  for (const [i, p] of products.entries()) {
    if (index.has(p.name)) throw new Error(`duplicate demo product name: ${p.name}`);
    index.set(p.name, i);
  }
  const resolve = (names: string[]) =>
    names.map((name) => {
      const i = index.get(name);
      if (i === undefined) throw new Error(`curated product not in the demo catalogue: ${name}`);
      return i;
    });

  const newlyAdded = resolve(NEWLY_ADDED);
  // Newly Added are the newest products, an hour or so apart.
  for (const [k, i] of newlyAdded.entries()) products[i]!.ageMinutes = 30 + k * 70;

  const currentFavorites = resolve(CURRENT_FAVORITES);
  const favouritePrices = currentFavorites.map((i) => products[i]!.priceCents);
  if (Math.min(...favouritePrices) !== 1500 || Math.max(...favouritePrices) !== 13_800) {
    throw new Error('Current Favorites must be priced from $15.00 to $138.00 (SPEC §2)');
  }

  const personaProducts = new Map(PERSONAS.map((p) => [p.id, resolve(p.products)]));
  const hiddenBusiness = DEMO_BUSINESSES.findIndex((b) => b.stripePending);

  return {
    businesses,
    products,
    orders: planOrders(businesses, products),
    newlyAdded,
    currentFavorites,
    peopleAlsoLove: resolve(PEOPLE_ALSO_LOVE),
    personaProducts,
    hiddenBusinessIds: RETIRED_BUSINESS_IDS,
    hiddenBusiness,
  };
}

function ratesOf(fees: PlannedFees | null): ShippingRates | null {
  if (!fees) return null;
  return {
    worldwideFeeCents: fees.worldwideCents,
    allExceptSelectedFeeCents: fees.otherCountriesCents,
    thresholdFreeCents: fees.freeFromCents,
    countryFeesCents: new Map(fees.countries.map((c) => [c.code, c.feeCents])),
  };
}

/** A USPS-looking tracking number: 9400 and 18 more digits, in groups of four. */
function trackingNumber(random: () => number): string {
  const digits = `9400${Array.from({ length: 18 }, () => Math.floor(random() * 10)).join('')}`;
  return digits.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The demo seller's orders (DEMO_ORDER_SLOTS for each of the seller's businesses): one to
 * three of the brand's products each (products that existed when it was bought), priced and
 * shipped by the same rules as checkout (US address, the brand's fees, the $75 promotion).
 */
function planOrders(businesses: PlannedBusiness[], products: PlannedProduct[]): PlannedOrder[] {
  const random = prng(20_261_124);
  const orders: PlannedOrder[] = [];
  for (const [b, biz] of businesses.entries()) {
    if (biz.owner !== 'seller') continue;
    const own = products.flatMap((p, i) => (p.business === b ? [i] : []));
    for (const [k, slot] of DEMO_ORDER_SLOTS.entries()) {
      const ageMinutes = Math.round(slot.daysAgo * 1440 + random() * 120);
      // Only what was on sale then; the oldest products if nothing was.
      const onSale = own.filter((i) => products[i]!.ageMinutes > ageMinutes + 1440);
      const candidates = onSale.length
        ? onSale
        : [...own].sort((x, y) => products[y]!.ageMinutes - products[x]!.ageMinutes).slice(0, 3);
      const count = 1 + Math.floor(random() * 3);
      const lines = shuffle(candidates, random)
        .slice(0, count)
        .map((i): PlannedOrderLine => {
          const product = products[i]!;
          const v = product.variants.length ? Math.floor(random() * product.variants.length) : null;
          const variant = v === null ? null : product.variants[v]!;
          return {
            product: i,
            variant: v,
            quantity: random() < 0.75 ? 1 : 2,
            unitCents: variant?.priceCents ?? product.priceCents,
            options: variant
              ? variantOptions(variant.option1, variant.option2, product.optionNames)
              : {},
          };
        });
      const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
      const shippingCents = quoteShipping(
        [{ businessId: b, subtotalCents, rates: ratesOf(biz.fees) }],
        'US',
      ).totalFeeCents;
      // As the local payment page takes the demo promo code off.
      const discountCents = slot.promo
        ? promoDiscountCents(
            { percentOff: DEMO_PROMO_PERCENT, amountOffCents: null },
            subtotalCents,
          )
        : 0;
      const shopify = slot.status === 'Pending';
      const brand = CARD_BRANDS[Math.floor(random() * CARD_BRANDS.length)]!;
      const tracking = trackingNumber(random);
      orders.push({
        business: b,
        // Every third order is the demo shopper's, so My Orders shows them too.
        buyer: k % 3 === 0 ? 0 : 1 + Math.floor(random() * (DEMO_BUYERS.length - 1)),
        status: slot.status,
        ageMinutes,
        lines,
        subtotalCents,
        shippingCents,
        discountCents,
        totalCents: subtotalCents + shippingCents - discountCents,
        cardBrand: shopify ? '' : brand,
        trackingNumber: ['Shipped', 'Delivered', 'Refunded'].includes(slot.status) ? tracking : '',
        sellerNote: slot.sellerNote,
        shopify,
      });
    }
  }
  return orders;
}
