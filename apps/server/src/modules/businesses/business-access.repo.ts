import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, orders, products, reviews } from '../../db/schema';

/** The lookups of the seller guard (DESIGN 2.16): each answers the owning business, if open. */

export async function findOwnedBusinessId(
  db: Db,
  userId: number,
  businessId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        eq(businesses.id, businessId),
        eq(businesses.ownerId, userId),
        eq(businesses.isActive, true),
      ),
    );
  return row?.id;
}

export async function findOwnedProduct(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ productId: number; businessId: number } | undefined> {
  const [row] = await db
    .select({ productId: products.id, businessId: products.businessId })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(
        eq(products.id, productId),
        eq(businesses.ownerId, userId),
        eq(businesses.isActive, true),
      ),
    );
  return row;
}

export async function findOwnedOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<{ orderId: number; businessId: number } | undefined> {
  const [row] = await db
    .select({ orderId: orders.id, businessId: orders.businessId })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(
      and(eq(orders.id, orderId), eq(businesses.ownerId, userId), eq(businesses.isActive, true)),
    );
  return row;
}

/** The review's business when the user owns the business that sells the reviewed product. */
export async function findOwnedReview(
  db: Db,
  userId: number,
  reviewId: number,
): Promise<{ reviewId: number; productId: number; businessId: number } | undefined> {
  const [row] = await db
    .select({ reviewId: reviews.id, productId: products.id, businessId: products.businessId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(eq(reviews.id, reviewId), eq(businesses.ownerId, userId), eq(businesses.isActive, true)),
    );
  return row;
}
