import {
  ACCOUNT_MESSAGES,
  CART_MESSAGES,
  type CartItem,
  type CartResponse,
  centsToPrice,
  DEFAULT_SHIPPING_COUNTRY,
  FREE_SHIPPING_THRESHOLD_CENTS,
  MAX_CART_QUANTITY,
  STOCK_MESSAGES,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../db/pg-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import type { ShippingQuote } from '../shipping';
import { quoteShipping } from '../shipping';
import {
  addToUserCart,
  type CartLineRow,
  findCartLine,
  findProductToAdd,
  listCartLinesWithShipping,
  removeLine,
  setLineQuantity,
} from './cart.repo';

/**
 * The cart (SPEC §2, §3, §7, §8; DESIGN 2.5, 2.6): one per user, lines of product and variant,
 * prices always read from the database, shipping per brand for the saved address's country.
 */

export interface CartDeps {
  db: Db;
}

const productNotFound = () => new AppError(404, CART_MESSAGES.productNotFound);
const itemNotInCart = () => new AppError(404, CART_MESSAGES.itemNotInCart);

/** The unit price of a line now: the variant's own, else the product's. */
export const unitPriceCents = (row: CartLineRow) => row.variantPriceCents ?? row.productPriceCents;

export function toCartItem(row: CartLineRow): CartItem {
  const unitCents = unitPriceCents(row);
  return {
    id: row.id,
    product: row.productId,
    product_id: row.productId,
    variant_id: row.variantId,
    product_name: row.productName,
    variant_option1: row.option1,
    variant_option2: row.option2,
    product_price: centsToPrice(unitCents),
    quantity: row.quantity,
    total_price: centsToPrice(unitCents * row.quantity),
    business: row.businessId,
    business_name: row.businessName,
    image: mediaUrl(row.image),
    // Marked only when the quantity is more than can be bought now (issue 26).
    available_quantity:
      row.available !== null && row.quantity > row.available ? row.available : null,
  };
}

/** 409 "Only N left." (or "This item is sold out.") for a quantity beyond what is left. */
const beyondStock = (available: number) => conflict(STOCK_MESSAGES.left(available));

/** A cart priced now: what `api/cart/` shows and what checkout charges (DESIGN 2.5, 2.6). */
export interface PricedCart {
  lines: CartLineRow[];
  /** Brands in the order they first appear in the cart. */
  businessNames: Map<number, string>;
  country: string;
  hasShippingAddress: boolean;
  quote: ShippingQuote;
}

/**
 * The user's cart with prices and shipping read now; null when it holds nothing that can be
 * bought. Checkout should price through this too, so that it charges what the cart showed.
 */
export async function priceCart(db: Db, userId: number): Promise<PricedCart | null> {
  // The lines, the saved address's country and each brand's shipping setting: one statement.
  const { lines, savedCountry, rates } = await listCartLinesWithShipping(
    db,
    userId,
    DEFAULT_SHIPPING_COUNTRY,
  );
  if (!lines.length) return null;
  const businessNames = new Map<number, string>();
  const subtotals = new Map<number, number>();
  for (const line of lines) {
    businessNames.set(line.businessId, line.businessName);
    subtotals.set(
      line.businessId,
      (subtotals.get(line.businessId) ?? 0) + unitPriceCents(line) * line.quantity,
    );
  }
  const country = savedCountry ?? DEFAULT_SHIPPING_COUNTRY;
  const quote = quoteShipping(
    [...subtotals].map(([businessId, subtotalCents]) => ({
      businessId,
      subtotalCents,
      rates: rates.get(businessId) ?? null,
    })),
    country,
  );
  return { lines, businessNames, country, hasShippingAddress: savedCountry !== undefined, quote };
}

/** SPEC §7 `GET api/cart/`; null for an empty cart (SPEC §8: 404 'Cart is empty'). */
export async function getCart(deps: CartDeps, userId: number): Promise<CartResponse | null> {
  const cart = await priceCart(deps.db, userId);
  if (!cart) return null;
  const { lines, quote } = cart;
  const price = (cents: number | null) => (cents === null ? null : centsToPrice(cents));
  return {
    items: lines.map(toCartItem),
    item_count: lines.reduce((sum, r) => sum + r.quantity, 0),
    subtotal: centsToPrice(quote.subtotalCents),
    total_shipping_fees: centsToPrice(quote.totalFeeCents),
    total: centsToPrice(quote.subtotalCents + quote.totalFeeCents),
    shipping_country: cart.country,
    has_shipping_address: cart.hasShippingAddress,
    free_shipping_threshold: centsToPrice(FREE_SHIPPING_THRESHOLD_CENTS),
    free_shipping_applied: quote.marketplaceFree,
    amount_to_free_shipping: centsToPrice(quote.amountToFreeShippingCents),
    shipping_by_business: quote.businesses.map((b) => ({
      business: b.businessId,
      business_name: cart.businessNames.get(b.businessId) ?? '',
      subtotal: centsToPrice(b.subtotalCents),
      base_fee: centsToPrice(b.baseFeeCents),
      shipping_fee: centsToPrice(b.feeCents),
      threshold_free: price(b.thresholdFreeCents),
      free_shipping_reason: b.freeReason,
    })),
  };
}

/** The line as the cart shows it now. */
async function lineOf(deps: CartDeps, userId: number, itemId: number): Promise<CartItem | null> {
  const row = await findCartLine(deps.db, userId, itemId);
  return row ? toCartItem(row) : null;
}

/**
 * SPEC §7 add-to-cart: adds `quantity` (default 1) of the product, and of `variantId` when the
 * product has options (then required, and one of its own live options).
 */
export async function addToCart(
  deps: CartDeps,
  userId: number,
  rawProductId: string,
  request: { variantId: number | null; quantity: number },
): Promise<CartItem> {
  const productId = parseId(rawProductId);
  if (productId === null) throw productNotFound();
  // The product, its live options, what is left and what the line shows of it: one statement.
  const product = await findProductToAdd(deps.db, userId, productId, request.variantId);
  if (!product) throw productNotFound();
  const liveVariants = product.liveVariantIds;
  if (liveVariants.length && request.variantId === null) {
    throw badRequest(CART_MESSAGES.variantRequired, { variant_id: CART_MESSAGES.variantRequired });
  }
  if (request.variantId !== null && !liveVariants.includes(request.variantId)) {
    throw badRequest(CART_MESSAGES.variantNotAvailable, {
      variant_id: CART_MESSAGES.variantNotAvailable,
    });
  }
  const { available } = product;
  if (available !== null && request.quantity > available) throw beyondStock(available);
  let line: { id: number; quantity: number } | undefined;
  try {
    // The cart (created on first use) and the line in one statement, the line's new quantity
    // within what is left.
    line = await addToUserCart(
      deps.db,
      {
        userId,
        productId: product.id,
        variantId: request.variantId,
        quantity: request.quantity,
      },
      available === null ? MAX_CART_QUANTITY : Math.min(available, MAX_CART_QUANTITY),
    );
  } catch (error) {
    const pg = pgError(error);
    if (pg?.code === FOREIGN_KEY_VIOLATION) {
      // The account went since the guard looked (a dead session), or the product did.
      if (pg.constraint.startsWith('carts_user_id')) {
        throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
      }
      throw productNotFound();
    }
    throw error;
  }
  if (!line) {
    if (available !== null && available < MAX_CART_QUANTITY) throw beyondStock(available);
    throw badRequest(CART_MESSAGES.tooMany, { quantity: CART_MESSAGES.tooMany });
  }
  // The line as the cart shows it, from what was just read and written (no second read).
  return toCartItem({
    id: line.id,
    productId: product.id,
    variantId: request.variantId,
    quantity: line.quantity,
    productName: product.name,
    productPriceCents: product.priceCents,
    variantPriceCents: product.variantPriceCents,
    option1: product.option1,
    option2: product.option2,
    businessId: product.businessId,
    businessName: product.businessName,
    image: product.image,
    available,
  });
}

/** SPEC §7 remove-from-cart: the line of the product and variant (none: the line without one). */
export async function removeFromCart(
  deps: CartDeps,
  userId: number,
  rawProductId: string,
  variantId: number | null,
): Promise<void> {
  const productId = parseId(rawProductId);
  if (productId === null) throw itemNotInCart();
  if (!(await removeLine(deps.db, userId, productId, variantId))) throw itemNotInCart();
}

/** Sets a line's quantity from the cart page; 0 removes the line (then null). */
export async function setCartQuantity(
  deps: CartDeps,
  userId: number,
  rawItemId: string,
  quantity: number,
): Promise<CartItem | null> {
  const itemId = parseId(rawItemId);
  // Only a line the cart shows (its own, still for sale) can be changed, within what is left.
  const current = itemId === null ? undefined : await findCartLine(deps.db, userId, itemId);
  if (itemId === null || !current) throw itemNotInCart();
  if (quantity > 0 && current.available !== null && quantity > current.available) {
    throw beyondStock(current.available);
  }
  if (!(await setLineQuantity(deps.db, userId, itemId, quantity))) throw itemNotInCart();
  if (quantity === 0) return null;
  const item = await lineOf(deps, userId, itemId);
  if (!item) throw itemNotInCart();
  return item;
}
