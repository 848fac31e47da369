import type { ProductCategory, ProductCondition } from '@leafline/contract';
import { DEMO_BUSINESSES } from './data/businesses';
import {
  COLOURS,
  type ProductTemplate,
  SCENTS,
  SHOE_SIZES,
  SIZES,
  TEMPLATES,
} from './data/catalog';
import { PERSONAS } from './data/content';
import type { ProductArt } from './images';

export interface PlannedVariant {
  option1: string;
  option2: string | null;
  priceCents: number | null;
  image?: ProductArt;
}

export interface PlannedProduct {
  /** Index into DEMO_BUSINESSES. */
  business: number;
  name: string;
  description: string;
  priceCents: number;
  condition: ProductCondition;
  category: ProductCategory;
  createdAt: Date;
  images: ProductArt[];
  variants: PlannedVariant[];
}

export interface CataloguePlan {
  products: PlannedProduct[];
  /** Indexes into products. */
  newlyAdded: number[];
  favorites: number[];
  peopleAlsoLove: number[];
  personaProducts: Record<number, number[]>;
}

/** mulberry32: a small seeded generator, so the demo is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECOND_HAND = /Vintage|Pre-Loved|Resoled|Second-Hand|Thrift/;
const PRODUCTS_PER_BUSINESS = [9, 8, 10, 9];
const IMAGE_COUNTS = [1, 2, 2, 3, 4, 2];

export function buildCatalogue(): CataloguePlan {
  const random = prng(20261122);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const products: PlannedProduct[] = [];
  const day = 24 * 60 * 60 * 1000;
  const newest = Date.UTC(2026, 10, 20);

  for (const [b, biz] of DEMO_BUSINESSES.entries()) {
    const [ink, background] = biz.colours;
    const wanted = PRODUCTS_PER_BUSINESS[b % PRODUCTS_PER_BUSINESS.length]!;
    const pool: Array<[ProductCategory, ProductTemplate]> = [];
    // Round-robin over the brand's categories so each gets a fair share.
    const lists = biz.categories.map((c) =>
      TEMPLATES[c].map((t) => [c, t] as [ProductCategory, ProductTemplate]),
    );
    const offset = b % 3;
    for (let i = 0; pool.length < wanted && i < 40; i++) {
      const list = lists[i % lists.length]!;
      const item = list[(Math.floor(i / lists.length) + offset) % list.length];
      if (item && !pool.includes(item)) pool.push(item);
    }
    for (const [category, template] of pool) {
      const secondHand =
        !!biz.individual || biz.name === 'Second Stride' || SECOND_HAND.test(template.name);
      const dollars =
        template.price[0] + Math.floor(random() * (template.price[1] - template.price[0] + 1));
      const priceCents = dollars * 100 + (random() < 0.3 ? 50 : 0);
      const accent = pick(COLOURS)[1];
      const art = (variant: number, bg = background): ProductArt => ({
        name: template.name,
        brand: biz.name,
        shape: template.shape,
        background: variant % 2 ? '#faf7f0' : bg,
        accent,
        ink,
        variant,
      });
      const imageCount = IMAGE_COUNTS[products.length % IMAGE_COUNTS.length]!;
      const withVariants = template.variants !== 'none' && !secondHand && random() < 0.5;
      products.push({
        business: b,
        name: template.name,
        description: template.description,
        priceCents,
        condition: secondHand ? 'second_hand' : 'new',
        category,
        createdAt: new Date(newest - products.length * 0.37 * day),
        images: Array.from({ length: imageCount }, (_, k) => art(k)),
        variants: withVariants ? planVariants(template, priceCents, art) : [],
      });
    }
  }

  // Newest first: the 9 most recent, from different brands.
  const newlyAdded = distinctBusinesses(
    products
      .map((_, i) => i)
      .sort((a, b) => products[b]!.createdAt.getTime() - products[a]!.createdAt.getTime()),
    products,
    9,
  );

  // Current Favorites: 8 hand-picked products priced from exactly $15.00 to $138.00 (SPEC §2).
  const cheapest = products.findIndex(
    (p) => p.category === 'Home Goods' && p.name === 'Beeswax Food Wraps',
  );
  const dearest = products.findIndex((p) => p.name === 'Recycled Wool Sweater');
  products[cheapest]!.priceCents = 1500;
  products[dearest]!.priceCents = 13800;
  const middle = distinctBusinesses(
    products
      .map((_, i) => i)
      .filter(
        (i) =>
          i !== cheapest &&
          i !== dearest &&
          products[i]!.priceCents > 1500 &&
          products[i]!.priceCents < 13800,
      )
      .filter((i) => i % 7 === 3),
    products,
    6,
    [products[cheapest]!.business, products[dearest]!.business],
  );
  const favorites = [cheapest, ...middle, dearest];

  const used = new Set([...newlyAdded, ...favorites]);
  const peopleAlsoLove: number[] = [];
  for (const category of [
    'Apparel',
    'Shoes',
    'Accessories',
    'Home Goods',
    'Cosmetics / Skin Care',
    'Hygiene',
    'Cleaning Products',
    'Art Supplies',
  ] as ProductCategory[]) {
    const i = products.findIndex(
      (p, k) => p.category === category && !used.has(k) && p.condition === 'new' && k % 2 === 1,
    );
    if (i >= 0) {
      peopleAlsoLove.push(i);
      used.add(i);
    }
  }

  const personaProducts: Record<number, number[]> = {};
  for (const persona of PERSONAS) {
    const chosen: number[] = [];
    for (const hint of persona.productHints) {
      const i = products.findIndex((p, k) => p.name.includes(hint) && !chosen.includes(k));
      if (i >= 0) chosen.push(i);
    }
    for (let k = persona.id; chosen.length < 6; k += 11) {
      if (!chosen.includes(k % products.length)) chosen.push(k % products.length);
    }
    personaProducts[persona.id] = chosen.slice(0, 6);
  }

  return { products, newlyAdded, favorites, peopleAlsoLove, personaProducts };
}

function distinctBusinesses(
  candidates: number[],
  products: PlannedProduct[],
  n: number,
  exclude: number[] = [],
) {
  const seen = new Set(exclude);
  const out: number[] = [];
  for (const i of candidates) {
    if (out.length === n) break;
    if (seen.has(products[i]!.business)) continue;
    seen.add(products[i]!.business);
    out.push(i);
  }
  return out;
}

function planVariants(
  template: ProductTemplate,
  priceCents: number,
  art: (variant: number, background?: string) => ProductArt,
): PlannedVariant[] {
  const colours = COLOURS.slice(0, 3);
  const colourImage = (hex: string, k: number) => ({ ...art(k % 4, hex), background: hex });
  switch (template.variants) {
    case 'size':
      return SIZES.map((size) => ({
        option1: size,
        option2: null,
        priceCents: size === 'XL' ? priceCents + 400 : null,
      }));
    case 'shoe':
      return SHOE_SIZES.map((size) => ({ option1: size, option2: null, priceCents: null }));
    case 'colour':
      return colours.map(([name, hex], k) => ({
        option1: name,
        option2: null,
        priceCents: null,
        image: colourImage(hex, k),
      }));
    case 'scent':
      return SCENTS.slice(0, 4).map((scent, k) => ({
        option1: scent,
        option2: null,
        priceCents: k === 0 ? null : priceCents + 100,
      }));
    case 'size-colour':
      return colours.flatMap(([name, hex], k) =>
        SIZES.map((size, s) => ({
          option1: size,
          option2: name,
          priceCents: null,
          image: s === 0 ? colourImage(hex, k) : undefined,
        })),
      );
    case 'shoe-colour':
      return colours.slice(0, 2).flatMap(([name, hex], k) =>
        SHOE_SIZES.map((size, s) => ({
          option1: size,
          option2: name,
          priceCents: null,
          image: s === 0 ? colourImage(hex, k) : undefined,
        })),
      );
    default:
      return [];
  }
}
