import { prng } from '../../src/seed/prng';

/**
 * A realistic, deterministic catalogue for the stand-in Shopify store (issue 13): products of a
 * small sustainable brand with HTML descriptions, product types that map to Leafline's eight
 * categories (and a few that do not), one to three options, variants with prices and pictures.
 * Drafts and archived products are among them, as in a real store. The same seed gives the same
 * store, so tests can count on it.
 */

export type FakeProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';

export interface FakeImage {
  /** `gid://shopify/ProductImage/<n>`. */
  id: string;
  /**
   * Path on the stand-in (`/cdn/shop/files/<n>.png`): answered as `<origin><path>`; an absolute
   * address is answered as it is.
   */
  path: string;
  altText: string | null;
}

export interface FakeVariant {
  id: string;
  title: string;
  price: string;
  selectedOptions: Array<{ name: string; value: string }>;
  /** The id of one of the product's images, or null. */
  imageId: string | null;
  /** `gid://shopify/InventoryItem/<n>`: the variant's stock item (the variant's number). */
  inventoryItemId?: string;
  /** Whether the store counts it (not by default); `inventoryQuantity`: over all locations. */
  tracked?: boolean;
  inventoryQuantity?: number;
  /** `CONTINUE`: the store sells it on at 0 and below (`DENY` by default). */
  inventoryPolicy?: 'DENY' | 'CONTINUE';
}

export interface FakeProduct {
  /** `gid://shopify/Product/<n>`; the numeric part orders the pages. */
  id: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  tags: string[];
  status: FakeProductStatus;
  options: Array<{ name: string; position: number; values: string[] }>;
  variants: FakeVariant[];
  images: FakeImage[];
}

interface Kind {
  productType: string;
  nouns: string[];
  /** Options this kind of product has, by name, with their values. */
  options: Array<[string, string[]]>;
  price: [number, number];
  tags: string[];
}

const KINDS: Kind[] = [
  {
    productType: 'T-Shirts',
    nouns: ['Tee', 'Crew Neck Tee', 'Pocket Tee', 'Long Sleeve Tee'],
    options: [
      ['Size', ['XS', 'S', 'M', 'L', 'XL']],
      ['Color', ['Oat', 'Forest', 'Charcoal', 'Clay']],
    ],
    price: [24, 48],
    tags: ['organic cotton', 'apparel'],
  },
  {
    productType: 'Hoodies & Sweaters',
    nouns: ['Hoodie', 'Crewneck Sweater', 'Cardigan'],
    options: [
      ['Size', ['S', 'M', 'L', 'XL']],
      ['Color', ['Moss', 'Sand', 'Ink']],
    ],
    price: [58, 120],
    tags: ['recycled', 'knitwear'],
  },
  {
    productType: 'Sneakers',
    nouns: ['Runner', 'Court Sneaker', 'Trail Shoe'],
    options: [
      ['Size', ['6', '7', '8', '9', '10', '11', '12']],
      ['Color', ['White', 'Black']],
    ],
    price: [85, 160],
    tags: ['vegan', 'footwear'],
  },
  {
    productType: 'Tote Bags',
    nouns: ['Market Tote', 'Canvas Tote', 'Crossbody Bag'],
    options: [['Color', ['Natural', 'Olive', 'Rust']]],
    price: [18, 65],
    tags: ['zero waste', 'accessories'],
  },
  {
    productType: 'Jewelry',
    nouns: ['Hoop Earrings', 'Pendant Necklace', 'Stacking Ring'],
    options: [['Material', ['Recycled Silver', 'Recycled Gold']]],
    price: [35, 140],
    tags: ['handmade'],
  },
  {
    productType: 'Candles',
    nouns: ['Soy Candle', 'Travel Candle', 'Beeswax Taper Set'],
    options: [['Scent', ['Cedar', 'Fig', 'Sea Salt', 'Unscented']]],
    price: [16, 42],
    tags: ['home', 'soy wax'],
  },
  {
    productType: 'Kitchen',
    nouns: ['Beeswax Wraps', 'Bamboo Utensil Set', 'Linen Tea Towel', 'Stoneware Mug'],
    options: [],
    price: [9, 38],
    tags: ['plastic free'],
  },
  {
    productType: 'Skin Care',
    nouns: ['Face Serum', 'Day Cream', 'Lip Balm', 'Facial Oil'],
    options: [['Size', ['15 ml', '30 ml', '50 ml']]],
    price: [12, 64],
    tags: ['clean beauty', 'refillable'],
  },
  {
    productType: 'Bath & Body',
    nouns: ['Shampoo Bar', 'Bar Soap', 'Deodorant', 'Bamboo Toothbrush'],
    options: [['Scent', ['Lavender', 'Peppermint', 'Unscented']]],
    price: [6, 22],
    tags: ['hygiene', 'plastic free'],
  },
  {
    productType: 'Cleaning Supplies',
    nouns: ['All-Purpose Cleaner', 'Laundry Sheets', 'Dish Block', 'Compostable Sponges'],
    options: [['Pack', ['Single', 'Refill 3-pack']]],
    price: [7, 30],
    tags: ['refill', 'cleaning'],
  },
  {
    productType: 'Art Supplies',
    nouns: ['Watercolor Set', 'Recycled Sketchbook', 'Plant-Based Crayons'],
    options: [
      ['Size', ['A5', 'A4']],
      ['Paper', ['Smooth', 'Textured']],
      ['Binding', ['Stitched', 'Spiral']],
    ],
    price: [11, 54],
    tags: ['art'],
  },
  {
    productType: 'Gift Cards',
    nouns: ['Gift Card'],
    options: [['Amount', ['25', '50', '100']]],
    price: [25, 100],
    tags: ['gift'],
  },
];

const ADJECTIVES = [
  'Everyday',
  'Classic',
  'Organic',
  'Recycled',
  'Heritage',
  'Coastal',
  'Wildflower',
  'Mountain',
  'Slow',
  'Field',
  'Harbor',
  'Meadow',
];
const MATERIALS = ['Hemp', 'Linen', 'Cork', 'Bamboo', 'Wool', 'Cotton', 'Clay', 'Oak'];
const PHRASES = [
  'Made in small batches by people paid a living wage.',
  'Packed without plastic &amp; shipped carbon-neutral.',
  'Designed to last for years &mdash; and to be repaired.',
  'Certified by a third party &quot;from field to finish&quot;.',
  'Every order plants a tree with our reforestation partner.',
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

const money = (value: number) => value.toFixed(2);

/** Every combination of the options' values (Shopify's variants of a product). */
function combinations(options: Array<[string, string[]]>): string[][] {
  return options.reduce<string[][]>(
    (acc, [, values]) => acc.flatMap((c) => values.map((v) => [...c, v])),
    [[]],
  );
}

export interface CatalogOptions {
  /** How many active products (drafts and archived ones come on top, about one in ten). */
  count: number;
  seed?: number;
  /** Pictures per product (at most); 3 by default. */
  maxImages?: number;
  /** At most this many values per option (fewer variants in a large store). */
  maxValues?: number;
  /** First numeric Shopify id. */
  firstId?: number;
}

/** A store's catalogue; the n-th product of the same seed is always the same. */
export function fakeCatalog(options: CatalogOptions): FakeProduct[] {
  // The same seed, the same store (the demo seed's own generator).
  const rand = prng(options.seed ?? 13);
  const maxImages = options.maxImages ?? 3;
  const firstId = options.firstId ?? 8_100_000_000;
  const products: FakeProduct[] = [];
  let imageNumber = 40_000_000;
  let variantNumber = 44_000_000_000;
  let active = 0;
  for (let i = 0; active < options.count; i++) {
    const kind = pick(rand, KINDS);
    const title = `${pick(rand, ADJECTIVES)} ${pick(rand, MATERIALS)} ${pick(rand, kind.nouns)}`;
    const status: FakeProductStatus =
      i % 23 === 22 ? 'ARCHIVED' : i % 17 === 16 ? 'DRAFT' : 'ACTIVE';
    if (status === 'ACTIVE') active++;
    const optionList = kind.options.map(
      ([name, values]) =>
        [name, values.slice(0, options.maxValues ?? values.length)] as [string, string[]],
    );
    const imageCount = 1 + Math.floor(rand() * maxImages);
    const images: FakeImage[] = [];
    for (let k = 0; k < imageCount; k++) {
      const n = imageNumber++;
      images.push({
        id: `gid://shopify/ProductImage/${n}`,
        path: `/cdn/shop/files/${n}.png`,
        altText: k === 0 ? title : null,
      });
    }
    const base = kind.price[0] + Math.floor(rand() * (kind.price[1] - kind.price[0]));
    const combos = optionList.length ? combinations(optionList) : [[]];
    const variants: FakeVariant[] = combos.map((values, v) => ({
      id: `gid://shopify/ProductVariant/${variantNumber++}`,
      title: values.length ? values.join(' / ') : 'Default Title',
      // Larger sizes cost a little more, as in many stores.
      price: money(base + (v % 3 === 2 ? 4 : 0) + 0.95),
      selectedOptions: values.length
        ? values.map((value, o) => ({ name: optionList[o]![0], value }))
        : [{ name: 'Title', value: 'Default Title' }],
      imageId: values.length && images.length > 1 ? images[v % images.length]!.id : null,
      // Stock without the generator (the store's other values stay those of its seed): four
      // products in five tracked, some variants at 0, a few sold on past 0 (CONTINUE).
      inventoryItemId: `gid://shopify/InventoryItem/${variantNumber + 2_000_000_000}`,
      tracked: i % 5 !== 4,
      inventoryQuantity: (variantNumber * 7) % 13,
      inventoryPolicy: i % 11 === 10 ? 'CONTINUE' : 'DENY',
    }));
    const body = [
      `<p>Our <strong>${title.toLowerCase()}</strong> &amp; the story behind it.</p>`,
      `<p>${pick(rand, PHRASES)}</p>`,
      '<ul>',
      ...[pick(rand, PHRASES), pick(rand, PHRASES)].map((p) => `<li>${p}</li>`),
      '</ul>',
    ].join('\n');
    products.push({
      id: `gid://shopify/Product/${firstId + i}`,
      title,
      descriptionHtml: body,
      productType: kind.productType,
      tags: kind.tags,
      status,
      options: optionList.length
        ? optionList.map(([name, values], position) => ({ name, position: position + 1, values }))
        : [{ name: 'Title', position: 1, values: ['Default Title'] }],
      variants,
      images,
    });
  }
  return products;
}

/** The demo store's catalogue: 240 active products (and some drafts and archived ones). */
export const demoCatalog = () => fakeCatalog({ count: 240, seed: 13 });

/** The large store of the bench: 5,000 active products, one picture each, fewer variants. */
export const largeCatalog = () =>
  fakeCatalog({ count: 5000, seed: 5000, maxImages: 1, maxValues: 2, firstId: 9_200_000_000 });

/** A variant's inventory item gid (its own, or one made from the variant's number). */
export const inventoryItemIdOf = (v: FakeVariant) =>
  v.inventoryItemId ?? `gid://shopify/InventoryItem/${numericId(v.id) + 2_000_000_000}`;

export const numericId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));
