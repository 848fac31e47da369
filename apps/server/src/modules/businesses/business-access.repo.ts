import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDb } from '../../db/prepared';
import { businesses, orders, products, reviews } from '../../db/schema';

/**
 * The lookups of the seller guard (DESIGN 2.16): each answers the owning business, if open.
 * Every seller request runs one before anything else: each is a statement prepared once per
 * connection (`perDb`), not a query built and planned on every request.
 */

const user = sql.placeholder('user');
const owns = and(eq(businesses.ownerId, user), eq(businesses.isActive, true));

const ownedBusinessStatement = perDb((db) =>
  db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, sql.placeholder('id')), owns))
    .prepare('guard_owned_business'),
);

export async function findOwnedBusinessId(
  db: Db,
  userId: number,
  businessId: number,
): Promise<number | undefined> {
  const [row] = await ownedBusinessStatement(db).execute({ user: userId, id: businessId });
  return row?.id;
}

const ownedProductStatement = perDb((db) =>
  db
    .select({ productId: products.id, businessId: products.businessId })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(products.id, sql.placeholder('id')), owns))
    .prepare('guard_owned_product'),
);

export async function findOwnedProduct(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ productId: number; businessId: number } | undefined> {
  const [row] = await ownedProductStatement(db).execute({ user: userId, id: productId });
  return row;
}

const ownedOrderStatement = perDb((db) =>
  db
    .select({ orderId: orders.id, businessId: orders.businessId })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.id, sql.placeholder('id')), owns))
    .prepare('guard_owned_order'),
);

export async function findOwnedOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<{ orderId: number; businessId: number } | undefined> {
  const [row] = await ownedOrderStatement(db).execute({ user: userId, id: orderId });
  return row;
}

const ownedReviewStatement = perDb((db) =>
  db
    .select({ reviewId: reviews.id, productId: products.id, businessId: products.businessId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(reviews.id, sql.placeholder('id')), owns))
    .prepare('guard_owned_review'),
);

/** The review's business when the user owns the business that sells the reviewed product. */
export async function findOwnedReview(
  db: Db,
  userId: number,
  reviewId: number,
): Promise<{ reviewId: number; productId: number; businessId: number } | undefined> {
  const [row] = await ownedReviewStatement(db).execute({ user: userId, id: reviewId });
  return row;
}
