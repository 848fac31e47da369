import type { ProductCategory } from '@leafline/contract';
import type { Shape } from '../shapes';

/** Colour names used in listings and variants, with the colour the demo images draw. */
export const COLOURS = {
  Forest: '#1f3d2b',
  Sage: '#9caf88',
  Moss: '#55663a',
  Olive: '#6b7a3a',
  Oat: '#d8c8a8',
  Natural: '#e3d8c0',
  Ecru: '#d9cfb6',
  Stone: '#b7ad9c',
  Clay: '#c0714f',
  Terracotta: '#b5563a',
  Rust: '#a0522d',
  Mustard: '#d4a24c',
  Honey: '#d9a441',
  Amber: '#b86b1d',
  Walnut: '#6b4a32',
  Charcoal: '#3b3a36',
  Black: '#262626',
  Indigo: '#34486b',
  Denim: '#5b7a99',
  'Dusty Blue': '#7d97a8',
  Seafoam: '#8fbfae',
  Rose: '#d9a5a0',
  Blush: '#e6bfb5',
  Plum: '#6e3b52',
  Lavender: '#a99cc4',
  Cream: '#efe6d2',
  Steel: '#8e9496',
} as const;
export type ColourName = keyof typeof COLOURS;

export const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
export const SHOE_SIZES = ['US 6', 'US 7', 'US 8', 'US 9', 'US 10', 'US 11', 'US 12'];
/** US 6 to US 12 by halves: 13 sizes, more than the product page shows as buttons. */
export const SHOE_HALF_SIZES = Array.from({ length: 13 }, (_, i) => `US ${6 + i / 2}`);
export const BABY_SIZES = ['0–3 m', '3–6 m', '6–12 m', '12–18 m', '18–24 m'];
export const KIDS_SHOE_SIZES = ['Toddler 4', 'Toddler 5', 'Toddler 6', 'Toddler 7', 'Toddler 8'];

export interface VariantSeed {
  /** First option (size, colour, scent, pack…). */
  option1: string[];
  /** Optional second option, combined with every first option (usually colour). */
  option2?: string[];
  /** Prices in dollars that differ from the product's, by option value. */
  prices?: Record<string, number>;
  /** Each variant gets its own image drawn in its colour (option1 values are colour names). */
  images?: boolean;
  /** The options' names, as the product page labels them: ['Size', 'Color']. */
  names: [string] | [string, string];
}

export interface ProductSeed {
  name: string;
  /** Dollars; stored as integer cents. */
  price: number;
  category: ProductCategory;
  shape: Shape;
  /** The colour the images draw; defaults to one from the brand's palette. */
  colour?: ColourName;
  description: string;
  /** Second-hand; individual sellers and vintage shops list second-hand goods by default. */
  used?: boolean;
  variants?: VariantSeed;
}
