import {
  type AwaitingPayment,
  CHECKOUT_MESSAGES,
  centsToPrice,
  type Order,
  type OrderAddress,
  type OrderItem,
  type OrderNotes,
  type OrderRefundEntry,
  type OrderReturn,
  orderAddress,
  orderNotes,
} from '@leafline/contract';
import { trackingUrl } from '@leafline/contract/carriers';
import { parseId } from '@leafline/contract/ids';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { payoutCents } from './commission';
import {
  brandNewOrderEmail,
  buyerCancelledBrandEmail,
  buyerConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  reviewRequestEmail,
  soldOutBrandEmail,
  soldOutBuyerEmail,
} from './order-emails';
import {
  findBuyerFirstName,
  findOrderEmailTargets,
  findOrdersByIds,
  findProductsToReview,
  findUserOrder,
  listAwaitingCheckouts,
  listOrderDetails,
  listOrderItems,
  listOrdersOfCheckouts,
  listUserOrders,
  type OrderDetailRows,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderReturnViewRow,
  type OrderRow,
  type PartialRefundViewRow,
  type StatusChangeRow,
} from './orders.repo';

/** The buyer's orders (SPEC §2 Orders and Order confirmation, §3 Order, §7 `api/orders/`). */

export interface OrdersDeps {
  db: Db;
}

const orderNotFound = () => new AppError(404, CHECKOUT_MESSAGES.orderNotFound);

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    product_name: row.productName,
    product_price: centsToPrice(row.productPriceCents),
    quantity: row.quantity,
    total_price: centsToPrice(row.totalPriceCents),
    variant_options: row.variantOptions ?? {},
    image: mediaUrl(row.image),
  };
}

/** An address as stored (jsonb), or null when it is not a whole address. */
export function readAddress(value: unknown): OrderAddress | null {
  const parsed = orderAddress.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readNotes(notes: string): OrderNotes | null {
  if (!notes.trim().startsWith('{')) return null;
  try {
    const parsed = orderNotes.safeParse(JSON.parse(notes));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The status change that the refund made (its target status, the first one since the refund
 * was asked for), so the history says the amount there; -1 when there is none.
 */
function refundChangeIndex(
  history: readonly StatusChangeRow[],
  refund: OrderRefundRow | undefined,
): number {
  if (!refund) return -1;
  return history.findIndex(
    (h) => h.status === refund.targetStatus && h.at.getTime() >= refund.createdAt.getTime(),
  );
}

/** A refund as the order views list it (issue 29): what, how much, why, which lines. */
export interface RefundEntrySource {
  kind: OrderRefundEntry['kind'];
  amountCents: number;
  reason: string;
  createdAt: Date;
  lines: readonly { orderItemId: number; quantity: number }[] | null;
}

/**
 * An order's refunds, oldest first, as `refunds` lists them: the lines named with their
 * product's name (a line no longer known keeps its id, named '').
 */
export function refundEntriesOf<T extends RefundEntrySource>(
  sources: readonly T[],
  items: readonly Pick<OrderItemRow, 'id' | 'productName'>[],
): (OrderRefundEntry & { source: T })[] {
  const nameOf = new Map(items.map((i) => [i.id, i.productName]));
  return [...sources]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((source) => ({
      source,
      kind: source.kind,
      amount: centsToPrice(source.amountCents),
      reason: source.reason,
      created_at: source.createdAt.toISOString(),
      items: (source.lines ?? []).map((l) => ({
        order_item_id: l.orderItemId,
        product_name: nameOf.get(l.orderItemId) ?? '',
        quantity: l.quantity,
      })),
    }));
}

/** A partial refund row as a refund entry's source. */
export const partialRefundSource = (row: PartialRefundViewRow) => ({
  kind: 'partial' as const,
  amountCents: row.amountCents,
  reason: row.reason,
  createdAt: row.createdAt,
  lines: row.lines,
  status: row.status,
  error: row.lastError,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the order last became Delivered (the first of the history's last run of Delivered
 * entries: a later entry of the same status is not a new delivery), or undefined while it is not
 * Delivered: the returns window counts from it (decision 0055).
 */
function deliveredAt(
  status: OrderRow['status'],
  history: readonly Pick<StatusChangeRow, 'status' | 'at'>[],
): Date | undefined {
  if (status !== 'Delivered') return undefined;
  let at: Date | undefined;
  for (let i = history.length - 1; i >= 0 && history[i]!.status === 'Delivered'; i -= 1) {
    at = history[i]!.at;
  }
  return at;
}

/**
 * The last moment the order's buyer may request a return: Delivered + the brand's returns days
 * (its policy today), or undefined — not Delivered, or the brand takes no returns.
 */
export function returnsOpenUntil(
  status: OrderRow['status'],
  history: readonly Pick<StatusChangeRow, 'status' | 'at'>[],
  returnsDays: number | null,
): Date | undefined {
  const at = deliveredAt(status, history);
  if (!at || returnsDays === null) return undefined;
  return new Date(at.getTime() + returnsDays * DAY_MS);
}

/** An order's returns as both views list them, each line named by its product. */
export function returnsOf(
  returns: readonly OrderReturnViewRow[],
  items: readonly Pick<OrderItemRow, 'id' | 'productName'>[],
): OrderReturn[] {
  const nameOf = new Map(items.map((i) => [i.id, i.productName]));
  return returns.map((r) => ({
    id: r.id,
    status: r.status,
    decline_reason: r.declineReason,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    items: r.lines.map((l) => ({
      order_item_id: l.orderItemId,
      product_name: nameOf.get(l.orderItemId) ?? '',
      quantity: l.quantity,
      reason: l.reason,
    })),
  }));
}

/** The buyer's view of one order, from its own lines, history, refunds and returns. */
export function toOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  history: readonly StatusChangeRow[] = [],
  /** The order's full refund when it succeeded (what went through only). */
  refund?: OrderRefundRow,
  partials: readonly PartialRefundViewRow[] = [],
  returns: { rows: readonly OrderReturnViewRow[]; days: number | null } = { rows: [], days: null },
): Order {
  const refundAt = refundChangeIndex(history, refund);
  return {
    id: row.id,
    business: row.businessId,
    business_name: row.businessName,
    user_full_name: row.userFullName,
    user_email: row.userEmail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    total_price: centsToPrice(row.totalCents),
    items_subtotal: centsToPrice(row.subtotalCents),
    order_total_shipping_fees: centsToPrice(row.shippingFeeCents),
    discount_amount: centsToPrice(row.discountCents),
    tracking_number: row.trackingNumber,
    carrier: row.carrier,
    tracking_url: trackingUrl(row.carrier, row.trackingNumber),
    notes: row.notes,
    notes_data: readNotes(row.notes),
    card_brand: row.cardBrand,
    billing_address: readAddress(row.billingAddress),
    shipping_address: readAddress(row.shippingAddress),
    order_items: items.map(toOrderItem),
    status_history: history.map((h, i) => ({
      status: h.status,
      at: h.at.toISOString(),
      tracking_number: h.status === 'Shipped' ? h.trackingNumber : '',
      ...(i === refundAt && refund ? { refund_amount: centsToPrice(refund.amountCents) } : {}),
    })),
    refunded: refund
      ? { amount: centsToPrice(refund.amountCents), at: refund.updatedAt.toISOString() }
      : null,
    // What went through only: partial refunds that succeeded, and the full one.
    refunds: refundEntriesOf(
      [
        ...partials.filter((p) => p.status === 'succeeded').map(partialRefundSource),
        ...(refund
          ? [
              {
                kind: 'full' as const,
                amountCents: refund.amountCents,
                reason: refund.reason,
                // A succeeded refund is never written again: its last write is when it succeeded.
                createdAt: refund.updatedAt,
                lines: null,
              },
            ]
          : []),
      ],
      items,
    ).map(({ source: _, ...entry }) => entry),
    returns: returnsOf(returns.rows, items),
    returns_open_until: returnsOpenUntil(row.status, history, returns.days)?.toISOString() ?? null,
  };
}

/**
 * Orders with their items, in the order given: one read of their lines, history and refunds
 * (`listOrderDetails`).
 */
export async function withItems(db: Db, rows: readonly OrderRow[]): Promise<Order[]> {
  return ordersOf(
    rows,
    await listOrderDetails(
      db,
      rows.map((r) => r.id),
    ),
  );
}

/** The orders as the buyer sees them, from their rows and what was read of each. */
export function ordersOf(
  rows: readonly OrderRow[],
  details: ReadonlyMap<number, OrderDetailRows>,
): Order[] {
  return rows.map((row) => {
    const own = details.get(row.id);
    // What went through only: the full refund once it succeeded.
    const refund = own?.refund?.status === 'succeeded' ? own.refund : undefined;
    return toOrder(row, own?.items ?? [], own?.history ?? [], refund, own?.partials ?? [], {
      rows: own?.returns ?? [],
      days: own?.returnsDays ?? null,
    });
  });
}

/** GET api/orders/: the user's own orders, newest first. */
export async function listOrders(deps: OrdersDeps, userId: number): Promise<Order[]> {
  return withItems(deps.db, await listUserOrders(deps.db, userId));
}

/**
 * GET api/orders/awaiting-payment/: the user's checkout waiting for payment, as one entry
 * (all its brands together) with the way back to its payment page; [] when there is none.
 */
export async function listAwaitingPayments(
  deps: OrdersDeps,
  userId: number,
): Promise<AwaitingPayment[]> {
  const checkouts = await listAwaitingCheckouts(deps.db, userId);
  if (!checkouts.length) return [];
  const rows = await listOrdersOfCheckouts(
    deps.db,
    checkouts.map((c) => c.id),
  );
  const items = await listOrderItems(
    deps.db,
    rows.map((r) => r.id),
  );
  return checkouts.map((checkout) => {
    const brandOrders = rows.filter((r) => r.checkoutId === checkout.id);
    const ids = new Set(brandOrders.map((r) => r.id));
    return {
      checkout_id: checkout.id,
      created_at: checkout.createdAt.toISOString(),
      expires_at: checkout.expiresAt!.toISOString(),
      payment_url: checkout.paymentUrl!,
      items_subtotal: centsToPrice(checkout.subtotalCents),
      shipping_fees: centsToPrice(checkout.shippingCents),
      total_price: centsToPrice(checkout.totalCents),
      business_names: brandOrders.map((r) => r.businessName),
      order_items: items.filter((i) => ids.has(i.orderId)).map(toOrderItem),
    };
  });
}

/** GET api/orders/{orderId}/: one of the user's own orders; anything else is 404. */
export async function getOrder(deps: OrdersDeps, userId: number, rawId: string): Promise<Order> {
  const orderId = parseId(rawId);
  const row = orderId === null ? undefined : await findUserOrder(deps.db, userId, orderId);
  if (!row) throw orderNotFound();
  const [order] = await withItems(deps.db, [row]);
  return order!;
}

export interface OrderEmailDeps {
  db: Db;
  config: Config;
}

/**
 * The e-mails of a paid checkout: the buyer's confirmation and each brand's new order. Built
 * by the order e-mail job and each sent by a mail job of its own (durable, retried: decision
 * 0018).
 */
export async function orderPaidEmails(
  deps: OrderEmailDeps,
  orderIds: readonly number[],
): Promise<MailMessage[]> {
  const rows = (await findOrdersByIds(deps.db, orderIds)).sort((a, b) => a.id - b.id);
  const first = rows[0];
  if (!first) return [];
  const list: Order[] = await withItems(deps.db, rows);
  const firstName = first.userId ? await findBuyerFirstName(deps.db, first.userId) : undefined;
  // The brand's new order goes to its owner (or the address it set), not its public e-mail.
  const brandTo = await findOrderEmailTargets(
    deps.db,
    rows.map((r) => r.businessId),
  );
  const publicUrl = deps.config.publicUrl;
  return [
    buyerConfirmationEmail({
      to: first.userEmail,
      firstName: firstName ?? '',
      orders: list,
      publicUrl,
    }),
    ...rows
      .map((row, i) => ({ row, order: list[i]!, to: brandTo.get(row.businessId) }))
      .filter((brand): brand is typeof brand & { to: string } => brand.to !== undefined)
      .map(({ row, order, to }) =>
        brandNewOrderEmail({
          to,
          order,
          payoutCents: payoutCents(row.totalCents),
          publicUrl,
        }),
      ),
  ];
}

/** The buyer's e-mail once the brand shipped the order, with the order as it is now. */
export async function orderShippedEmailOf(
  deps: OrderEmailDeps,
  orderId: number,
): Promise<MailMessage[]> {
  const [row] = await findOrdersByIds(deps.db, [orderId]);
  if (!row || row.userEmail.trim() === '') return [];
  const [order] = await withItems(deps.db, [row]);
  const firstName = row.userId ? await findBuyerFirstName(deps.db, row.userId) : undefined;
  return [
    orderShippedEmail({
      to: row.userEmail,
      firstName: firstName ?? '',
      order: order!,
      publicUrl: deps.config.publicUrl,
    }),
  ];
}

/**
 * "How was it?" (issue 27), when its week has passed: nothing when the order is no longer
 * Delivered (refunded meanwhile), has no e-mail, or every product of it is reviewed or gone.
 */
export async function reviewRequestEmailOf(
  deps: OrderEmailDeps,
  orderId: number,
): Promise<MailMessage[]> {
  const [row] = await findOrdersByIds(deps.db, [orderId]);
  if (row?.status !== 'Delivered' || row.userEmail.trim() === '' || !row.userId) return [];
  const products = await findProductsToReview(deps.db, orderId, row.userId);
  if (products.length === 0) return [];
  const [order] = await withItems(deps.db, [row]);
  const firstName = await findBuyerFirstName(deps.db, row.userId);
  return [
    reviewRequestEmail({
      to: row.userEmail,
      firstName: firstName ?? '',
      orderId,
      businessName: order!.business_name,
      products,
      publicUrl: deps.config.publicUrl,
    }),
  ];
}

/**
 * The buyer's e-mail after the brand refunded or cancelled a paid order; after the shopper's own
 * cancel (issue 30 point 4), theirs and the brand's.
 */
export async function orderRefundedEmailOf(
  deps: OrderEmailDeps,
  orderId: number,
  refund: {
    amountCents: number;
    status: 'Refunded' | 'Canceled' | 'Partial';
    reason?: string;
    byBuyer?: boolean;
  },
): Promise<MailMessage[]> {
  const [row] = await findOrdersByIds(deps.db, [orderId]);
  if (!row) return [];
  const [order] = await withItems(deps.db, [row]);
  const messages: MailMessage[] = [];
  if (row.userEmail.trim() !== '') {
    const firstName = row.userId ? await findBuyerFirstName(deps.db, row.userId) : undefined;
    messages.push(
      orderRefundedEmail({
        to: row.userEmail,
        firstName: firstName ?? '',
        order: order!,
        refundedCents: refund.amountCents,
        status: refund.status,
        ...(refund.reason ? { reason: refund.reason } : {}),
        ...(refund.byBuyer ? { byBuyer: true } : {}),
        publicUrl: deps.config.publicUrl,
      }),
    );
  }
  if (refund.byBuyer) {
    const brandTo = (await findOrderEmailTargets(deps.db, [row.businessId])).get(row.businessId);
    if (brandTo) {
      messages.push(
        buyerCancelledBrandEmail({
          to: brandTo,
          order: order!,
          refundedCents: refund.amountCents,
          publicUrl: deps.config.publicUrl,
        }),
      );
    }
  }
  return messages;
}

/**
 * The e-mails of a brand order refunded because its stock was gone when the payment came
 * (issue 26): the buyer's and the brand's.
 */
export async function orderSoldOutEmailsOf(
  deps: OrderEmailDeps,
  orderId: number,
): Promise<MailMessage[]> {
  const [row] = await findOrdersByIds(deps.db, [orderId]);
  if (!row) return [];
  const [order] = await withItems(deps.db, [row]);
  const firstName = row.userId ? await findBuyerFirstName(deps.db, row.userId) : undefined;
  const brandTo = (await findOrderEmailTargets(deps.db, [row.businessId])).get(row.businessId);
  const publicUrl = deps.config.publicUrl;
  const messages: MailMessage[] = [];
  if (row.userEmail.trim() !== '') {
    messages.push(
      soldOutBuyerEmail({
        to: row.userEmail,
        firstName: firstName ?? '',
        order: order!,
        publicUrl,
      }),
    );
  }
  if (brandTo) messages.push(soldOutBrandEmail({ to: brandTo, order: order!, publicUrl }));
  return messages;
}
