import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, orderItems, orders, products, variants } from '../../db/schema/index';

/** The rows of the order push to Shopify (issue 13 Build 4; shopify-order-push.ts). */

/**
 * Of these orders, those to push now, read in the transaction that made them Paid: marketplace
 * orders not pushed yet, of a business with order sync on and a store connected, Paid for the
 * first time ever (one `paid`/`status` event with status Paid: the one just recorded), so an
 * order set back and forth by its seller is pushed once.
 */
export async function listOrdersToPush(tx: Db, orderIds: readonly number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(
      and(
        inArray(orders.id, [...orderIds]),
        eq(orders.status, 'Paid'),
        eq(orders.source, 'marketplace'),
        isNull(orders.shopifyOrderId),
        eq(businesses.shopifyOrderSync, true),
        isNotNull(businesses.shopifyAccessToken),
        isNotNull(businesses.shopifyStoreUrl),
        sql`(select count(*) from order_events e
              where e.order_id = ${orders.id} and e.type in ('paid', 'status')
                and e.status = 'Paid') <= 1`,
      ),
    );
  return rows.map((r) => r.id);
}

export interface OrderToPush {
  id: number;
  businessId: number;
  status: string;
  source: 'marketplace' | 'shopify';
  shopifyOrderId: string | null;
  userEmail: string;
  userFullName: string;
  shippingAddress: unknown;
  subtotalCents: number;
  shippingFeeCents: number;
  discountCents: number;
  totalCents: number;
  notes: string;
  createdAt: Date;
  /** The business's toggle and connection now (the job runs later than the payment). */
  orderSync: boolean;
  connected: boolean;
  items: Array<{
    productName: string;
    productPriceCents: number;
    quantity: number;
    variantOptions: Record<string, string> | null;
    shopifyVariantId: string | null;
  }>;
}

export async function findOrderToPush(db: Db, orderId: number): Promise<OrderToPush | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      businessId: orders.businessId,
      status: orders.status,
      source: orders.source,
      shopifyOrderId: orders.shopifyOrderId,
      userEmail: orders.userEmail,
      userFullName: orders.userFullName,
      shippingAddress: orders.shippingAddress,
      subtotalCents: orders.subtotalCents,
      shippingFeeCents: orders.shippingFeeCents,
      discountCents: orders.discountCents,
      totalCents: orders.totalCents,
      notes: orders.notes,
      createdAt: orders.createdAt,
      orderSync: businesses.shopifyOrderSync,
      token: businesses.shopifyAccessToken,
      storeUrl: businesses.shopifyStoreUrl,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  const items = await db
    .select({
      productName: orderItems.productName,
      productPriceCents: orderItems.productPriceCents,
      quantity: orderItems.quantity,
      variantOptions: orderItems.variantOptions,
      // The line's variant's, or — a product without options — the product's one Shopify
      // variant (products.shopify_variant_id).
      shopifyVariantId: sql<string | null>`case when ${orderItems.variantId} is null
        then ${products.shopifyVariantId} else ${variants.shopifyVariantId} end`,
    })
    .from(orderItems)
    .leftJoin(variants, eq(variants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const { token, storeUrl, ...order } = row;
  return { ...order, connected: Boolean(token && storeUrl), items };
}
