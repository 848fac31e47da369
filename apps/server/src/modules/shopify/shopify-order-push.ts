import { CURRENCY, centsToPrice, SHOPIFY_ORDER_TAG } from '@leafline/contract';
import type { Db } from '../../db/client';
import {
  type JobContext,
  type JobRunner,
  ParkJobError,
  RetryLaterError,
} from '../../jobs/job-runner';
import { saveShopifyOrderId } from '../orders';
import { ShopifyAdminError } from './shopify-admin';
import { type ShopifyDeps, shopifyAdminForBusiness } from './shopify-connection';
import { SHOPIFY_ORDER_PUSH_QUEUE } from './shopify-jobs';
import { findOrderToPush, listOrdersToPush, type OrderToPush } from './shopify-orders.repo';

/**
 * Paid orders sent to their brand's Shopify store (issue 13 Build 4; SPEC §4 order sync).
 *
 * - When: in the transaction that makes an order Paid (the payment, or its seller by hand),
 *   `queueShopifyOrderPushes` sends one SHOPIFY_ORDER_PUSH_QUEUE job per order of a business
 *   with order sync on and a store connected, the first time the order is Paid; the caller
 *   wakes the queue after the commit.
 * - The job creates the order with `orderCreate` exactly once, whatever the retries: an order
 *   that has its Shopify id is done; else the store is first searched for the order an earlier
 *   attempt may have created (its tag `leafline-order-<id>`, checked by its source identifier)
 *   — Shopify may have created it while its answer was lost — and only then created.
 * - Shopify unreachable or rate limiting: thrown, retried with backoff. The token refused, or
 *   an order Shopify will not take: parked at once (a failed job, visible, replayable).
 * - Order sync turned off or the store disconnected before the job ran, or the order no longer
 *   paid (refunded, canceled, set back to Pending) when it runs: nothing is sent.
 * - One attempt at a time per order: the job runner's (an attempt is told to end, its calls
 *   aborted, before its job expires and is given again). After a create whose answer was lost
 *   (or cut short), the next attempt comes no sooner than a minute later (`RetryLaterError`),
 *   so that Shopify's order search has the order before that attempt looks for it.
 * - Shopify's `userErrors`: a line whose variant the store no longer has is sent again as a
 *   custom line; a phone number Shopify refuses is left out; anything else parks the job.
 *
 * Nothing here logs the token, the buyer's address or e-mail.
 */

/** What Shopify shows as the order's source, and the prefix of its source identifier. */
export const SHOPIFY_ORDER_SOURCE_NAME = 'leafline';
export const shopifySourceIdentifier = (orderId: number) => `leafline-${orderId}`;
/** The per-order tag an earlier attempt's order is found by (Shopify's `tag:` search). */
export const shopifyOrderTagOf = (orderId: number) => `leafline-order-${orderId}`;

/** Sends the push jobs of the orders just made Paid, in that transaction (see above). */
export async function queueShopifyOrderPushes(
  jobs: Pick<JobRunner, 'sendEach'>,
  tx: Db,
  orderIds: readonly number[],
): Promise<number> {
  const ids = await listOrdersToPush(tx, orderIds);
  await jobs.sendEach(
    tx,
    SHOPIFY_ORDER_PUSH_QUEUE,
    ids.map((orderId) => ({ orderId })),
  );
  return ids.length;
}

const FIND_ORDER = `#graphql
  query LeaflineFindPushedOrder($query: String!) {
    orders(first: 5, query: $query) {
      nodes {
        id
        name
        sourceIdentifier
      }
    }
  }
`;

const ORDER_CREATE = `#graphql
  mutation LeaflineOrderCreate($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
    orderCreate(order: $order, options: $options) {
      order {
        id
        name
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

interface FindOrderData {
  orders: { nodes: Array<{ id: string; name: string; sourceIdentifier: string | null }> };
}

interface OrderCreateData {
  orderCreate: {
    order: { id: string; name: string } | null;
    userErrors: Array<{ field: string[] | null; message: string; code: string | null }>;
  } | null;
}

const money = (cents: number) => ({
  shopMoney: { amount: centsToPrice(cents), currencyCode: CURRENCY.toUpperCase() },
});

const variantGid = (id: string) =>
  id.startsWith('gid://') ? id : `gid://shopify/ProductVariant/${id}`;

interface StoredAddress {
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  phone?: string;
}

/** Our order address (orders.shipping_address) as Shopify's MailingAddressInput. */
function mailingAddress(stored: unknown, fallbackName: string, withPhone: boolean) {
  if (!stored || typeof stored !== 'object') return undefined;
  const a = stored as StoredAddress;
  const name = (a.name || fallbackName).trim();
  const space = name.indexOf(' ');
  const country = (a.country ?? '').trim();
  return {
    firstName: space > 0 ? name.slice(0, space) : name,
    lastName: space > 0 ? name.slice(space + 1) : '',
    address1: a.line1 ?? '',
    ...(a.line2 ? { address2: a.line2 } : {}),
    city: a.city ?? '',
    ...(a.state ? { provinceCode: a.state } : {}),
    zip: a.postal_code ?? '',
    ...(country.length === 2 ? { countryCode: country.toUpperCase() } : {}),
    ...(a.phone && withPhone ? { phone: a.phone } : {}),
  };
}

function discountCodeOf(order: OrderToPush): string {
  try {
    const notes = JSON.parse(order.notes || '{}') as { discount_code?: unknown };
    if (typeof notes.discount_code === 'string' && notes.discount_code) return notes.discount_code;
  } catch {
    // Notes that are not JSON carry no code.
  }
  return SHOPIFY_ORDER_TAG;
}

/**
 * The `OrderCreateOrderInput` of an order: lines matched to the store's variants (a line
 * whose product did not come from the store, or `customLines`, is a custom line with its
 * title and price), the buyer, the shipping address and fee, paid with one successful sale
 * of the order's total, tagged and named by Leafline.
 */
export interface CreateAdjustments {
  /** Every line as a custom line (title and price), not as the store's variant. */
  customLines?: boolean;
  /** No phone number in the address. */
  noPhone?: boolean;
}

export function orderCreateInput(order: OrderToPush, options: CreateAdjustments = {}) {
  const lineItems = order.items.map((item) => {
    const common = { quantity: item.quantity, priceSet: money(item.productPriceCents) };
    if (item.shopifyVariantId && !options.customLines) {
      return { ...common, variantId: variantGid(item.shopifyVariantId) };
    }
    const label = Object.values(item.variantOptions ?? {})
      .filter(Boolean)
      .join(' / ');
    return {
      ...common,
      title: label ? `${item.productName} (${label})` : item.productName,
      requiresShipping: true,
    };
  });
  const address = mailingAddress(order.shippingAddress, order.userFullName, !options.noPhone);
  return {
    lineItems,
    ...(order.userEmail ? { email: order.userEmail } : {}),
    ...(address ? { shippingAddress: address } : {}),
    shippingLines: [{ title: 'Shipping', priceSet: money(order.shippingFeeCents) }],
    ...(order.discountCents > 0
      ? {
          discountCode: {
            itemFixedDiscountCode: {
              code: discountCodeOf(order),
              amountSet: money(order.discountCents),
            },
          },
        }
      : {}),
    currency: CURRENCY.toUpperCase(),
    financialStatus: 'PAID',
    transactions: [
      {
        kind: 'SALE',
        status: 'SUCCESS',
        gateway: SHOPIFY_ORDER_TAG,
        amountSet: money(order.totalCents),
      },
    ],
    tags: [SHOPIFY_ORDER_TAG, shopifyOrderTagOf(order.id)],
    sourceName: SHOPIFY_ORDER_SOURCE_NAME,
    sourceIdentifier: shopifySourceIdentifier(order.id),
    note: `${SHOPIFY_ORDER_TAG} order #${order.id}`,
    processedAt: order.createdAt.toISOString(),
  };
}

/**
 * The order lowers the store's stock of its variants (issue 26, rule 6): sold here already, it
 * is taken off whatever the store's policy says (a custom line, with no variant, takes none).
 */
const CREATE_OPTIONS = {
  inventoryBehaviour: 'DECREMENT_IGNORING_POLICY',
  sendReceipt: false,
  sendFulfillmentReceipt: false,
};

/** Statuses of an order that is (still) paid: the push goes ahead only with one of them. */
const PAID_STATUSES = new Set(['Paid', 'Shipped', 'Delivered']);

/** After a create whose answer was lost: how long before another attempt searches for it. */
const LOST_ANSWER_SECONDS = 60;

/** Adjustments that answer these `userErrors`, or undefined when none would help. */
function adjustmentsFor(
  errors: ReadonlyArray<{ field: string[] | null }>,
  current: CreateAdjustments,
  order: OrderToPush,
): CreateAdjustments | undefined {
  const next = { ...current };
  for (const error of errors) {
    const field = (error.field ?? []).join('.');
    if (/lineItems/.test(field) && order.items.some((i) => i.shopifyVariantId)) {
      next.customLines = true;
    } else if (/phone/i.test(field)) {
      next.noPhone = true;
    }
  }
  return next.customLines !== current.customLines || next.noPhone !== current.noPhone
    ? next
    : undefined;
}

export type OrderPushOutcome =
  | 'created'
  | 'skipped_not_paid'
  | 'found'
  | 'already_pushed'
  | 'skipped_not_marketplace'
  | 'skipped_sync_off'
  | 'skipped_not_found';

/** The job: one order pushed to its store, exactly once (see the top of this file). */
export async function pushOrderToShopify(
  deps: ShopifyDeps,
  orderId: number,
  job?: Pick<JobContext, 'id' | 'retryCount'> & { signal?: AbortSignal },
): Promise<OrderPushOutcome> {
  const order = await findOrderToPush(deps.db, orderId);
  if (!order) return 'skipped_not_found';
  if (order.shopifyOrderId) return 'already_pushed';
  if (order.source !== 'marketplace') return 'skipped_not_marketplace';
  if (!order.orderSync || !order.connected) {
    deps.log.info({ orderId, businessId: order.businessId }, 'Shopify order push: sync off');
    return 'skipped_sync_off';
  }
  if (!PAID_STATUSES.has(order.status)) {
    deps.log.info(
      { orderId, businessId: order.businessId, status: order.status },
      'Shopify order push: the order is no longer paid; not sent',
    );
    return 'skipped_not_paid';
  }
  const store = await shopifyAdminForBusiness(deps, order.businessId, {
    expectedCost: 20,
    maxWaitMs: 20_000,
    ...(job?.signal ? { signal: job.signal } : {}),
  });
  if (!store) return 'skipped_sync_off';
  const where = { orderId, businessId: order.businessId, store: store.storeUrl, job: job?.id };
  let createSent = false;
  try {
    // An attempt before this one may have created it (its answer lost).
    const found = await store.admin.request<FindOrderData>(FIND_ORDER, {
      query: `tag:'${shopifyOrderTagOf(orderId)}'`,
    });
    const earlier = found.orders.nodes.find(
      (o) => o.sourceIdentifier === shopifySourceIdentifier(orderId),
    );
    if (earlier) {
      await saveShopifyOrderId(deps.db, orderId, earlier.id);
      deps.log.info({ ...where, shopifyOrderId: earlier.id }, 'Shopify order push: found');
      return 'found';
    }
    let adjustments: CreateAdjustments = {};
    for (;;) {
      createSent = true;
      const created = await createOrder(store.admin, order, adjustments);
      if (created.order) {
        await saveShopifyOrderId(deps.db, orderId, created.order.id);
        deps.log.info(
          { ...where, shopifyOrderId: created.order.id },
          'Shopify order push: created',
        );
        return 'created';
      }
      const next = adjustmentsFor(created.userErrors, adjustments, order);
      const reasons = created.userErrors.map((e) => e.message).join('; ') || 'no order answered';
      if (!next) {
        deps.log.error({ ...where, reasons }, 'Shopify order push: refused by Shopify: parked');
        throw new ParkJobError(`Shopify refused the order: ${reasons}`);
      }
      // Shopify took nothing (userErrors): sent again with what it objected to changed.
      deps.log.warn(
        { ...where, reasons, next },
        'Shopify order push: refused; sent again adjusted',
      );
      adjustments = next;
    }
  } catch (error) {
    if (error instanceof ParkJobError) throw error;
    if (error instanceof ShopifyAdminError && error.kind === 'refused') {
      deps.log.error(
        { ...where, status: error.status },
        'Shopify order push: the store refused the token: parked',
      );
      throw new ParkJobError(`Shopify refused the store's token (${error.status ?? 'GraphQL'})`);
    }
    // A create was sent and its answer lost (no answer, an error, the attempt cut short):
    // Shopify may have made the order. The next attempt searches for it, a minute later.
    if (createSent) {
      deps.log.warn(where, 'Shopify order push: the create has no answer; looked for later');
      throw new RetryLaterError(
        `Shopify's answer to the order's create was lost: ${(error as Error)?.message ?? error}`,
        LOST_ANSWER_SECONDS,
      );
    }
    if (!(error instanceof ShopifyAdminError)) throw error;
    deps.log.warn(
      { ...where, status: error.status, retryCount: job?.retryCount },
      'Shopify order push: Shopify unavailable; retried',
    );
    throw new Error(`Shopify unavailable (${error.status ?? 'no answer'})`);
  }
}

async function createOrder(
  admin: { request<T>(q: string, v?: Record<string, unknown>): Promise<T> },
  order: OrderToPush,
  adjustments: CreateAdjustments,
) {
  const data = await admin.request<OrderCreateData>(ORDER_CREATE, {
    order: orderCreateInput(order, adjustments),
    options: CREATE_OPTIONS,
  });
  return data.orderCreate ?? { order: null, userErrors: [] };
}
