import { MAX_CART_QUANTITY } from '@leafline/contract';
import { and, asc, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { perDb, preparedSql } from '../../db/prepared';
import {
  addresses,
  businesses,
  cartItems,
  carts,
  products,
  shippingCountryFees,
  shippingFeeConfigs,
  variants,
} from '../../db/schema/index';
import { activeProductsJoin, variantPicture } from '../catalog';
import type { ShippingRates } from '../shipping';
import { unitAvailableForBuyerSql } from '../stock';

/** Drizzle queries of the cart (SPEC §2 cart, §3 cart and cart item, DESIGN 2.5). */

/** The chosen option of add-to-cart, when it is one of the product's live ones. */
const chosen = alias(variants, 'chosen');

/** What a cart line shows: the variant's picture (docs/decisions/0024), else the product's. */
const lineImage = variantPicture;

const productToAdd = perDb((db) =>
  db
    .select({
      id: products.id,
      businessId: products.businessId,
      name: products.name,
      priceCents: products.priceCents,
      businessName: businesses.name,
      liveVariantIds: sql<number[]>`coalesce((select array_agg(${variants.id}) from ${variants}
        where ${variants.productId} = ${products.id} and ${variants.deleted} = false), '{}')`,
      variantPriceCents: chosen.priceCents,
      option1: chosen.option1,
      option2: chosen.option2,
      image: lineImage(chosen.id, products.id),
      // What this buyer can have of the unit added (the variant asked, else the product).
      available: unitAvailableForBuyerSql({
        productId: products.id,
        variantId: sql`${sql.placeholder('variantId')}::int`,
        userId: sql`${sql.placeholder('userId')}::int`,
      }),
    })
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .leftJoin(
      chosen,
      and(
        sql`${chosen.id} = ${sql.placeholder('variantId')}::int`,
        eq(chosen.productId, products.id),
        eq(chosen.deleted, false),
      ),
    )
    .where(eq(products.id, sql.placeholder('productId')))
    .prepare('cart_product_to_add'),
);

/**
 * In one statement, the product of add-to-cart when its business is open, with its live
 * options, and what the cart line shows of it with `variantId` (when that is one of them).
 */
export async function findProductToAdd(
  db: Db,
  userId: number,
  productId: number,
  variantId: number | null,
) {
  const [row] = await productToAdd(db).execute({ productId, variantId, userId });
  return row;
}

const addToCartLine = preparedSql<{ id: number; quantity: number }>(
  'cart_add_to_line',
  sql`with cart as (
    insert into ${carts} (${sql.identifier(carts.userId.name)})
    values (${sql.placeholder('userId')})
    on conflict (${sql.identifier(carts.userId.name)})
    do update set ${sql.identifier(carts.updatedAt.name)} = now()
    returning ${sql.identifier(carts.id.name)} as id
  )
  insert into ${cartItems} (${sql.identifier(cartItems.cartId.name)}, ${sql.identifier(cartItems.productId.name)}, ${sql.identifier(cartItems.variantId.name)}, ${sql.identifier(cartItems.quantity.name)})
  select cart.id, ${sql.placeholder('productId')}::int, ${sql.placeholder('variantId')}::int,
    ${sql.placeholder('quantity')}::int
  from cart
  on conflict (${sql.identifier(cartItems.cartId.name)}, ${sql.identifier(cartItems.productId.name)}, ${sql.identifier(cartItems.variantId.name)})
  do update set ${sql.identifier(cartItems.quantity.name)} = ${cartItems.quantity} + excluded.${sql.identifier(cartItems.quantity.name)}
  where ${cartItems.quantity} + excluded.${sql.identifier(cartItems.quantity.name)} <= ${sql.placeholder('limit')}::int
  returning ${sql.identifier(cartItems.id.name)} as id, ${sql.identifier(cartItems.quantity.name)} as quantity`,
);

/**
 * Adds `quantity` to the line of (product, variant) of the user's cart, creating the cart and
 * the line if needed, in one statement: the unique keys (the cart's user; the line's cart,
 * product, variant, nulls not distinct) make two adds at once one cart and one line.
 * Undefined when the line would pass `limit` (MAX_CART_QUANTITY, or less when fewer are left;
 * nothing is changed then).
 */
export async function addToUserCart(
  db: Db,
  line: { userId: number; productId: number; variantId: number | null; quantity: number },
  limit: number = MAX_CART_QUANTITY,
): Promise<{ id: number; quantity: number } | undefined> {
  const [row] = await addToCartLine(db, { ...line, limit });
  return row;
}

/** The lines of a user's cart only: every query below goes through the user's cart. */
const ofUser = (userId: number | Placeholder) =>
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
  /** The product's option names, for the order item's variant_options at checkout. */
  optionNames?: string[];
  businessId: number;
  businessName: string;
  image: string | null;
  /** What the buyer can have of the line's unit now (issue 26); null: not counted. */
  available: number | null;
}

const lineFields = {
  id: cartItems.id,
  productId: cartItems.productId,
  variantId: cartItems.variantId,
  quantity: cartItems.quantity,
  productName: products.name,
  productPriceCents: products.priceCents,
  variantPriceCents: variants.priceCents,
  option1: variants.option1,
  option2: variants.option2,
  optionNames: products.optionNames,
  businessId: products.businessId,
  businessName: businesses.name,
  // The variant's picture (its own, else the product's tied to its option value), else the product's.
  image: lineImage(cartItems.variantId, cartItems.productId),
  available: unitAvailableForBuyerSql({
    productId: cartItems.productId,
    variantId: cartItems.variantId,
    userId: sql`${sql.placeholder('userId')}::int`,
  }),
};

/** The lines of one user (a placeholder) the cart can show, with more conditions. */
const linesWhere = (...more: SQL[]) =>
  and(
    ofUser(sql.placeholder('userId')),
    or(isNull(cartItems.variantId), eq(variants.deleted, false)),
    ...more,
  );
const linesOrder = [asc(cartItems.createdAt), asc(cartItems.id)];

const linesQuery = (db: Db, ...more: SQL[]) =>
  db
    .select(lineFields)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(businesses, activeProductsJoin)
    .leftJoin(variants, eq(variants.id, cartItems.variantId))
    .where(linesWhere(...more))
    .orderBy(...linesOrder);

const oneLine = perDb((db) =>
  linesQuery(db, eq(cartItems.id, sql.placeholder('itemId'))).prepare('cart_line'),
);

/**
 * One line of the user's cart as the cart shows it, with prices read now; none when it is not
 * theirs, or when its business closed or its variant was deleted (the line is kept then).
 */
export async function findCartLine(
  db: Db,
  userId: number,
  itemId: number,
): Promise<CartLineRow | undefined> {
  const [row] = await oneLine(db).execute({ userId, itemId });
  return row;
}

/** The default address's country, for the user of the statement (null when none is saved). */
const savedCountryOf = sql<string | null>`(select ${addresses.country}
  from ${addresses} where ${addresses.userId} = ${sql.placeholder('userId')}
  and ${addresses.isDefault})`;

const pricedLines = perDb((db) =>
  db
    .select({
      ...lineFields,
      // The saved address's country (the same on every line), read with the lines.
      savedCountry: savedCountryOf,
      // The line's business's shipping setting, with its fee for the country shipped to.
      shippingConfigured: sql<boolean>`${shippingFeeConfigs.id} is not null`,
      worldwideFeeCents: shippingFeeConfigs.worldwideShippingFeeCents,
      allExceptSelectedFeeCents: shippingFeeConfigs.allExceptSelectedFeeCents,
      thresholdFreeCents: shippingFeeConfigs.thresholdFreeCents,
      countryFeeCents: sql<number | null>`(select ${shippingCountryFees.feeCents}
        from ${shippingCountryFees}
        where ${shippingCountryFees.configId} = ${shippingFeeConfigs.id}
          and ${shippingCountryFees.countryCode} = upper(btrim(coalesce(${savedCountryOf},
            ${sql.placeholder('defaultCountry')}::text))))`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(businesses, activeProductsJoin)
    .leftJoin(variants, eq(variants.id, cartItems.variantId))
    .leftJoin(shippingFeeConfigs, eq(shippingFeeConfigs.businessId, products.businessId))
    .where(linesWhere())
    .orderBy(...linesOrder)
    .prepare('cart_lines_priced'),
);

/**
 * The lines of the user's cart that can be bought now (a line whose business closed or whose
 * variant was deleted is left out, and kept), oldest first, with prices read now; in the same
 * statement, the country of the user's saved
 * address (undefined when none is saved, or when the cart has no line) and the shipping
 * setting of each line's business for that country (else `defaultCountry`): a business
 * without a setting has null `rates`.
 */
export async function listCartLinesWithShipping(
  db: Db,
  userId: number,
  defaultCountry: string,
): Promise<{
  lines: CartLineRow[];
  savedCountry: string | undefined;
  rates: Map<number, ShippingRates | null>;
}> {
  const rows = await pricedLines(db).execute({ userId, defaultCountry });
  const rates = new Map<number, ShippingRates | null>();
  const lines: CartLineRow[] = [];
  const savedCountry = rows[0]?.savedCountry ?? undefined;
  const country = (savedCountry ?? defaultCountry).trim().toUpperCase();
  for (const row of rows) {
    const {
      savedCountry: _,
      shippingConfigured,
      worldwideFeeCents,
      allExceptSelectedFeeCents,
      thresholdFreeCents,
      countryFeeCents,
      ...line
    } = row;
    lines.push(line);
    if (!rates.has(line.businessId)) {
      rates.set(
        line.businessId,
        shippingConfigured
          ? {
              worldwideFeeCents,
              allExceptSelectedFeeCents,
              thresholdFreeCents,
              countryFeesCents: new Map(
                countryFeeCents === null ? [] : [[country, countryFeeCents]],
              ),
            }
          : null,
      );
    }
  }
  return { lines, savedCountry, rates };
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

/**
 * Locks the user's cart row for the rest of the transaction: checkouts of one cart and the
 * payment that empties it take turns (always the cart first, then the checkout).
 */
export async function lockCart(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, userId))
    .for('update');
  return row?.id;
}

/** Takes bought quantities out of a cart: a line bought only in part keeps the rest. */
export async function removeBoughtLines(
  tx: Db,
  cartId: number,
  bought: readonly { productId: number; variantId: number | null; quantity: number }[],
): Promise<void> {
  if (!bought.length) return;
  const b = sql`(values ${sql.join(
    bought.map((l) => sql`(${l.productId}::int, ${l.variantId}::int, ${l.quantity}::int)`),
    sql`, `,
  )}) as b(product_id, variant_id, quantity)`;
  const sameLine = sql`${cartItems.cartId} = ${cartId} and ${cartItems.productId} = b.product_id
    and ${cartItems.variantId} is not distinct from b.variant_id`;
  await tx.execute(
    sql`delete from ${cartItems} using ${b} where ${sameLine} and ${cartItems.quantity} <= b.quantity`,
  );
  await tx.execute(
    sql`update ${cartItems} set quantity = ${cartItems.quantity} - b.quantity from ${b}
      where ${sameLine} and ${cartItems.quantity} > b.quantity`,
  );
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
