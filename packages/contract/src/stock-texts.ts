/**
 * Stock's constants and texts (issue 26, docs/decisions/0042), without zod: the shop's pages
 * import these, and its first screen's JavaScript stays within its budget. stock.ts adds the
 * shapes and re-exports these.
 */

import { SOLD_OUT } from './constants';

export { SOLD_OUT } from './constants';

/** At this many left or fewer the shop says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;
/** "Only 3 left" on a product page (LOW_STOCK_THRESHOLD or fewer). */
export const fewLeft = (n: number) => `Only ${n} left`;

/** The largest count a brand may enter. */
export const MAX_STOCK = 1_000_000;

export const STOCK_MESSAGES = {
  /** 409 of add-to-cart and of a quantity change beyond what is left; the cart's line note. */
  left: (n: number) => (n <= 0 ? 'This item is sold out.' : `Only ${n} left.`),
  /** 409 of checkout when a line is beyond what is left (its `lines` name them). */
  checkoutShort: 'Some items in your cart are no longer available in the quantity you chose.',
  /** The seller's form: a count that is not a whole number from 0. */
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK}, or empty when you do not count it.`,
  soldOut: SOLD_OUT,
  fewLeft,
} as const;

export const STOCK_MOVEMENT_KINDS = ['sale', 'restock', 'set', 'shopify'] as const;

/** How the dashboard words a movement of an order. */
export const STOCK_MOVEMENT_TEXTS = {
  heading: 'Stock',
  sale: (n: number) => `${n} taken from stock`,
  restock: (n: number) => `${n} put back in stock`,
  left: (n: number | null) => (n === null ? 'not counted' : `${n} left`),
} as const;
