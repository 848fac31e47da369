import { z } from 'zod';

/**
 * Stock (issue 26, docs/decisions/0042): what is left of a product without variants or of one
 * variant, as the shop, the cart, checkout and the dashboard show it. `stock` in a payload is
 * what can still be bought (units in stock less those held by open checkouts), never below 0;
 * null when the brand does not count it (sold without limit).
 */

/** At this many left or fewer the shop says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;
/** The largest count a brand may enter. */
export const MAX_STOCK = 1_000_000;

export const STOCK_MESSAGES = {
  /** 409 of add-to-cart and of a quantity change beyond what is left; the cart's line note. */
  left: (n: number) => (n <= 0 ? 'This item is sold out.' : `Only ${n} left.`),
  /** 409 of checkout when a line is beyond what is left (its `lines` name them). */
  checkoutShort: 'Some items in your cart are no longer available in the quantity you chose.',
  /** The seller's form: a count that is not a whole number from 0. */
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK}, or empty when you do not count it.`,
  soldOut: 'Sold out',
  /** "Only 3 left" on a product card and page (LOW_STOCK_THRESHOLD or fewer). */
  fewLeft: (n: number) => `Only ${n} left`,
} as const;

/** A stock count as the shop shows it: units that can be bought, or null (not counted). */
export const stockCount = z.number().int().min(0).nullable();

/**
 * One cart line checkout could not hold (409 of `POST checkout/`, under `lines`): what the
 * shopper asked and what is left (0: sold out).
 */
export const stockShortLine = z.object({
  /** The cart line's id (`PATCH api/cart/items/{id}/` fixes it). */
  item_id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  available_quantity: z.number().int().min(0),
});
export type StockShortLine = z.infer<typeof stockShortLine>;

/** The body of checkout's 409 for stock: the message and the lines beyond what is left. */
export const stockShortResponse = z.object({
  error: z.string(),
  lines: z.array(stockShortLine),
});
export type StockShortResponse = z.infer<typeof stockShortResponse>;

/**
 * A count as the seller's form sends it (`stock`, `variants[i].stock`): '' (or absent) for not
 * counted, else a whole number 0..MAX_STOCK. `undefined` means the field was not sent.
 */
export const stockInput = z
  .string({ error: STOCK_MESSAGES.stock })
  .optional()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (text === '') return null;
    const n = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(n) || n > MAX_STOCK) {
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.stock });
      return z.NEVER;
    }
    return n;
  });

/** A stock movement as the seller's order card shows it (issue 26). */
export const STOCK_MOVEMENT_KINDS = ['sale', 'restock', 'set', 'shopify'] as const;
export const stockMovement = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** The change of the count (negative for a sale); null when it stopped being counted. */
  change: z.number().int().nullable(),
  /** The count after it; null: not counted. */
  stock_after: z.number().int().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

/** How the dashboard words a movement of an order. */
export const STOCK_MOVEMENT_TEXTS = {
  heading: 'Stock',
  sale: (n: number) => `${n} taken from stock`,
  restock: (n: number) => `${n} put back in stock`,
  left: (n: number | null) => (n === null ? 'not counted' : `${n} left`),
} as const;
