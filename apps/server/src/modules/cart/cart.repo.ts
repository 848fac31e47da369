import { MAX_CART_QUANTITY } from '@leafline/contract';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  cartItems,
  carts,
  productImages,
  products,
  variantImages,
  variants,
} from '../../db/schema/index';
import { activeProductsJoin } from '../catalog/catalog.repo';

/** Drizzle queries of the cart (SPEC §2 cart, §3 cart and cart item, DESIGN 2.5). */

/** The product as the cart needs it, when its business is open. */
export async function findProductForCart(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, businessId: products.businessId })
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .where(eq(products.id, productId));
  return row;
}

export async function listLiveVariantIds(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.deleted, false)));
  return rows.map((r) => r.id);
}

/** The user's cart id, creating the cart on first use (the user id is unique: no doubles). */
export async function ensureCart(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

/**
 * Adds `quantity` to the line of (product, variant), creating it if needed, in one statement:
 * the unique key (cart, product, variant; nulls not distinct) makes two adds at once one line.
 * Undefined when the line would pass MAX_CART_QUANTITY (nothing is changed then).
 */
export async function addToLine(
  db: Db,
  line: { cartId: number; productId: number; variantId: number | null; quantity: number },
): Promise<{ id: number; quantity: number } | undefined> {
  const [row] = await db
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_CART_QUANTITY}`,
    })
    .returning({ id: cartItems.id, quantity: cartItems.quantity });
  return row;
}

/** The lines of a user's cart only: every query below goes through the user's cart. */
const ofUser = (userId: number) =>
  sql`${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`;

export interface CartLineRow {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  productName: string;
  productPriceCents: number;
  variantPriceCents: number | null;
  option1: string | null;
  option2: string | null;
  businessId: number;
  businessName: string;
  image: string | null;
}

/**
 * The lines of the user's cart that can be bought now, with prices read now, oldest first.
 * A line whose business closed or whose variant was deleted is left out (and kept).
 */
export async function listCartLines(
  db: Db,
  userId: number,
  itemId?: number,
): Promise<CartLineRow[]> {
  const conditions: SQL[] = [
    ofUser(userId),
    or(isNull(cartItems.variantId), eq(variants.deleted, false)) as SQL,
  ];
  if (itemId !== undefined) conditions.push(eq(cartItems.id, itemId));
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      productName: products.name,
      productPriceCents: products.priceCents,
      variantPriceCents: variants.priceCents,
      option1: variants.option1,
      option2: variants.option2,
      businessId: products.businessId,
      businessName: businesses.name,
      // The variant's first picture, else the product's.
      image: sql<string | null>`coalesce(
        (select ${variantImages.image} from ${variantImages}
          where ${variantImages.variantId} = ${cartItems.variantId}
          order by ${variantImages.position}, ${variantImages.id} limit 1),
        (select ${productImages.image} from ${productImages}
          where ${productImages.productId} = ${cartItems.productId}
          order by ${productImages.position}, ${productImages.id} limit 1))`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(businesses, activeProductsJoin)
    .leftJoin(variants, eq(variants.id, cartItems.variantId))
    .where(and(...conditions))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Removes the user's line of (product, variant); false when there is none. */
export async function removeLine(
  db: Db,
  userId: number,
  productId: number,
  variantId: number | null,
): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(
      and(
        ofUser(userId),
        eq(cartItems.productId, productId),
        variantId === null ? isNull(cartItems.variantId) : eq(cartItems.variantId, variantId),
      ),
    )
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Sets the quantity of the user's line (0 deletes it); false when the line is not theirs. */
export async function setLineQuantity(
  db: Db,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<boolean> {
  const where = and(ofUser(userId), eq(cartItems.id, itemId));
  const rows =
    quantity === 0
      ? await db.delete(cartItems).where(where).returning({ id: cartItems.id })
      : await db.update(cartItems).set({ quantity }).where(where).returning({ id: cartItems.id });
  return rows.length > 0;
}
