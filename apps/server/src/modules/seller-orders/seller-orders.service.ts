import type { sellerOrderUpdateBody } from '@leafline/contract';
import {
  BUSINESS_MESSAGES,
  centsToPrice,
  type PartialRefundRequest,
  type PayoutState,
  REVIEW_LIMITS,
  SELLER_PAGE_SIZE,
  type SellerOrder,
} from '@leafline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { conflict, notFound } from '../../lib/errors';
import {
  type BusinessOrderFilter,
  commissionCents,
  findBusinessOrder,
  isPaidOrLater,
  ORDER_EMAILS_QUEUE,
  type OrderRow,
  ordersOf,
  partialRefundSource,
  payoutCents,
  queueOrderEmails,
  refundEntriesOf,
  updateOrderBySeller,
} from '../orders';
import { payoutsReady } from '../payouts';
import {
  type RefundDeps,
  refundOrderIfPaid,
  refundPartOfOrder,
  statusChangeRefusal,
} from '../refunds';
import { queueShopifyOrderPushes, SHOPIFY_ORDER_PUSH_QUEUE } from '../shopify';
import {
  listSellerOrderDetails,
  listSellerOrderPage,
  type OrderPayoutRow,
  type PayoutSetup,
  type SellerOrderDetailRows,
} from './seller-orders.repo';

/**
 * The seller's orders (SPEC §2 dashboard orders, §3 Order, §4 Order status; DESIGN 2.16): the
 * business's orders with the brand's money, and the seller's edit of status, tracking number
 * and notes. The business id always comes from the seller guard.
 */

/** What the seller's order calls need: those of a refund (paid orders set to Refunded or Canceled). */
export type SellerOrdersDeps = RefundDeps & { jobs: Pick<JobRunner, 'send' | 'sendEach' | 'wake'> };

/**
 * Where the brand's money for the order stands (PAYOUT_STATES): the one mapping of the seller's
 * order list, its live orders and its CSV export.
 */
export function payoutState(
  payout: OrderPayoutRow | null | undefined,
  setup: PayoutSetup,
): PayoutState {
  if (!payout) return 'not_due';
  if (payout.status === 'pending') {
    if (!payoutsReady({ accountId: setup.stripeAccountId, stripeStatus: setup.stripeStatus })) {
      return 'waiting_for_onboarding';
    }
    return payout.lastError ? 'retrying' : 'pending';
  }
  if (payout.status === 'canceled' && payout.transferId && !payout.reversalId) return 'reversing';
  return payout.status;
}

/**
 * Orders as their seller sees them: the buyer's order mapping (one mapping, extended), with
 * `notes` the seller's own notes (the discount details stay in `notes_data`) and the brand's
 * money — from the payout row once there is one, else what it would be after the commission.
 */
export async function toSellerOrders(
  db: Db,
  businessId: number,
  rows: readonly OrderRow[],
): Promise<SellerOrder[]> {
  if (!rows.length) return [];
  const { setup, details } = await listSellerOrderDetails(
    db,
    businessId,
    rows.map((r) => r.id),
  );
  return sellerOrdersOf(rows, details, setup);
}

/** `toSellerOrders` of rows whose details were read (with the page, or by id). */
function sellerOrdersOf(
  rows: readonly OrderRow[],
  details: ReadonlyMap<number, SellerOrderDetailRows>,
  setup: PayoutSetup,
): SellerOrder[] {
  const orders = ordersOf(rows, details);
  return rows.map((row, i) => {
    const own = details.get(row.id);
    const payout = own?.payout ?? undefined;
    const refund = own?.refund ?? undefined;
    const order = orders[i]!;
    const sources = [
      ...(own?.partials ?? []).map(partialRefundSource),
      ...(refund
        ? [
            {
              kind: 'full' as const,
              amountCents: refund.amountCents,
              reason: refund.reason,
              createdAt: refund.createdAt,
              lines: null,
              status: refund.status,
              error: refund.lastError,
            },
          ]
        : []),
    ];
    return {
      ...order,
      refunds: refundEntriesOf(
        sources,
        order.order_items.map((item) => ({ id: item.id, productName: item.product_name })),
      ).map(({ source, ...entry }) => ({ ...entry, status: source.status, error: source.error })),
      notes: row.sellerNotes,
      free_shipping_reason: row.shippingFreeReason,
      payout: centsToPrice(payout?.amountCents ?? payoutCents(row.totalCents)),
      commission: centsToPrice(payout?.commissionCents ?? commissionCents(row.totalCents)),
      payout_status: payoutState(payout, setup),
      refund: refund
        ? {
            status: refund.status,
            amount: centsToPrice(refund.amountCents),
            created_at: refund.createdAt.toISOString(),
            error: refund.lastError,
          }
        : null,
      stock_movements: (own?.movements ?? []).map((m) => ({
        product_id: m.productId,
        variant_id: m.variantId,
        kind: m.kind,
        change: m.delta,
        stock_after: m.stockAfter,
        created_at: m.createdAt.toISOString(),
      })),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** GET api/business/orders/{businessId}/: a page of the business's orders, newest first. */
export async function listSellerOrders(
  deps: Pick<SellerOrdersDeps, 'db'>,
  businessId: number,
  page: number,
  filter: BusinessOrderFilter = {},
): Promise<{ orders: SellerOrder[]; total: number }> {
  const slice = { limit: SELLER_PAGE_SIZE, offset: (page - 1) * SELLER_PAGE_SIZE };
  const { total, page: read } = await listSellerOrderPage(deps.db, businessId, slice, filter);
  if (!read) return { orders: [], total };
  return { orders: sellerOrdersOf(read.rows, read.details, read.setup), total };
}

/** The checked body (`sellerOrderUpdateBody`): what is absent stays as it is. */
export type SellerOrderUpdate = z.output<typeof sellerOrderUpdateBody>;

/**
 * PATCH api/business/orders/edit/{orderId}/: the seller sets any of status, tracking number
 * and notes; any status may follow any other (SPEC §4). The first time the order becomes
 * Shipped the buyer gets one e-mail, sent after the commit.
 *
 * Refunded or Canceled on a paid order whose money was not given back yet refunds the buyer and
 * settles the brand's payout first (refunds.service.ts, exactly once); the status changes only
 * when that succeeded (a refusal is a 502 with the provider's reason). Afterwards, and for an
 * order never paid, a status change changes only the status.
 *
 * An order whose checkout is not paid (the buyer is still on the payment page, or left it) is
 * nobody's order yet (`paidOrLater`): nothing of it changes, 409 (issue 24 point 1).
 *
 * Two limits the shopper's cancel brought (decision 0053), checked under the order's row lock:
 * no status change while a full refund is at work (its completion sets the status), none once
 * the buyer cancelled the order (409 each; tracking and notes may still be edited).
 */
export async function updateSellerOrder(
  deps: SellerOrdersDeps,
  scope: { businessId: number; orderId: number },
  body: SellerOrderUpdate,
): Promise<SellerOrder> {
  const { businessId, orderId } = scope;
  const current = await findBusinessOrder(deps.db, businessId, orderId);
  if (!current) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  if (!isPaidOrLater(current)) throw conflict(BUSINESS_MESSAGES.orderAwaitingPayment);
  if (body.status === 'Refunded' || body.status === 'Canceled') {
    const refund = await refundOrderIfPaid(deps, scope, body.status, {
      trackingNumber: body.tracking_number,
      sellerNotes: body.notes,
      restock: body.restock ?? true,
    });
    if (refund === 'updated') {
      // The carrier is no part of the refund: set beside it.
      if (body.carrier !== undefined) {
        await deps.db.transaction((tx) =>
          updateOrderBySeller(tx, businessId, orderId, { carrier: body.carrier }),
        );
      }
      return sellerOrderAfterEdit(deps, scope);
    }
  }
  const result = await deps.db.transaction(async (tx) => {
    // Under the order's lock: not while a full refund is at work, never once the buyer cancelled.
    if (body.status !== undefined) {
      const refusal = await statusChangeRefusal(tx, scope, body.status);
      if (refusal) throw conflict(refusal);
    }
    const updated = await updateOrderBySeller(tx, businessId, orderId, {
      status: body.status,
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      sellerNotes: body.notes,
    });
    // Paid by hand, the first time: pushed to the brand's Shopify store like a payment's.
    if (updated && updated.status === 'Paid' && updated.previousStatus !== 'Paid') {
      await queueShopifyOrderPushes(deps.jobs, tx, [orderId]);
    }
    // The first time it ships: the buyer's e-mail, committed with the status.
    if (updated?.shippedEmail) await queueOrderEmails(deps.jobs, tx, { kind: 'shipped', orderId });
    // The first time it is Delivered: "How was it?", a week later (issue 27).
    if (updated?.reviewEmail) {
      await queueOrderEmails(
        deps.jobs,
        tx,
        { kind: 'review_request', orderId },
        { startAfterSeconds: REVIEW_LIMITS.requestAfterDays * 86_400 },
      );
    }
    return updated;
  });
  if (result?.status === 'Paid') deps.jobs.wake(SHOPIFY_ORDER_PUSH_QUEUE);
  if (!result) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  if (result.shippedEmail) deps.jobs.wake(ORDER_EMAILS_QUEUE);
  return sellerOrderAfterEdit(deps, scope);
}

/**
 * POST api/business/orders/{orderId}/refund/ (issue 29 point 3): lines and quantities, or an
 * amount, given back once per request key (refunds/partial-refunds.service.ts); the order
 * after, with its `refunds`. An order whose checkout is not paid is a 409, as for the PATCH.
 */
export async function refundSellerOrder(
  deps: SellerOrdersDeps,
  scope: { businessId: number; orderId: number },
  body: PartialRefundRequest,
  requestKey: string,
): Promise<SellerOrder> {
  const current = await findBusinessOrder(deps.db, scope.businessId, scope.orderId);
  if (!current) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  if (!isPaidOrLater(current)) throw conflict(BUSINESS_MESSAGES.orderAwaitingPayment);
  await refundPartOfOrder(deps, scope, body, requestKey);
  return sellerOrderAfterEdit(deps, scope);
}

/** The PATCH answer (and any change's): the order as the seller's list shows it now. */
export async function sellerOrderAfterEdit(
  deps: Pick<SellerOrdersDeps, 'db'>,
  scope: { businessId: number; orderId: number },
): Promise<SellerOrder> {
  const row = await findBusinessOrder(deps.db, scope.businessId, scope.orderId);
  if (!row) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  const [order] = await toSellerOrders(deps.db, scope.businessId, [row]);
  return order!;
}
