import { z } from 'zod';

/**
 * Stock (issue 26, docs/decisions/0042): what is left of a product without variants or of one
 * variant, as the shop, the cart, checkout and the dashboard show it. `stock` in a payload is
 * what can still be bought (units in stock less those held by open checkouts), never below 0;
 * null when the brand does not count it (sold without limit).
 */

export * from './stock-texts';

import { MAX_STOCK, STOCK_MESSAGES, STOCK_MOVEMENT_KINDS } from './stock-texts';

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
