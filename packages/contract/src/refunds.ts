import { z } from 'zod';
import { priceInput } from './seller-products';

/**
 * A brand's partial refund of a paid order (issue 29 point 3, decision 0047):
 * `POST api/business/orders/{orderId}/refund/` with chosen lines and quantities, or an amount up
 * to what is left, and a reason. Each request key (the `Idempotency-Key` header) refunds once;
 * several refunds add up to the order's total at most; one for all that is left is the order's
 * full refund (the order becomes Refunded, the brand's payout settled as for any refund).
 */

export const REFUND_LIMITS = { reason: 500, requestKey: 200 } as const;

/** The header that makes a refund request once-only (any text up to REFUND_LIMITS.requestKey). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The reason a brand's "Cancel order" gives (issue 29 point 3). */
export const CANCEL_REASON = 'cancelled by the brand';

export const PARTIAL_REFUND_MESSAGES = {
  itemsOrAmount: 'Send either the items to refund or an amount, not both.',
  amount: 'The amount must be like 12.50, more than 0, with at most two decimal places.',
  quantity: 'Each quantity must be a whole number of at least 1.',
  line: 'Each item needs the order_item_id of one of the order’s lines.',
  lineTwice: 'Each line can be named once.',
  reason: `The reason must be at most ${REFUND_LIMITS.reason} characters.`,
  reasonText: 'The reason must be text.',
  requestKey: `The Idempotency-Key header must be at most ${REFUND_LIMITS.requestKey} characters.`,
  /** 409: not paid (nothing to give back), or refunded or cancelled already. */
  notPaid: 'Only a paid order can be refunded.',
  nothingLeft: 'This order has been refunded in full already.',
  /** 400 on `amount`: more than what the buyer has not been given back yet. */
  tooMuch: (left: string) => `That is more than is left to refund on this order ($${left}).`,
  /** 400 on `items`: a line not of this order. */
  unknownLine: (id: number) => `Line ${id} is not part of this order.`,
  /** 400 on `items`: more units than bought and not refunded yet. */
  lineQuantity: (name: string, left: number) =>
    left === 0
      ? `“${name}” has been refunded in full already.`
      : `Only ${left} of “${name}” can still be refunded.`,
  /** 409: the same request key sent again while its refund is still at work. */
  inProgress: 'This refund is already in progress. Try again in a moment.',
} as const;

const reason = z
  .string({ error: PARTIAL_REFUND_MESSAGES.reasonText })
  .nullish()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(REFUND_LIMITS.reason, PARTIAL_REFUND_MESSAGES.reason));

const refundLine = z.object(
  {
    order_item_id: z
      .number({ error: PARTIAL_REFUND_MESSAGES.line })
      .int(PARTIAL_REFUND_MESSAGES.line)
      .min(1, PARTIAL_REFUND_MESSAGES.line)
      .max(2_147_483_647, PARTIAL_REFUND_MESSAGES.line),
    quantity: z
      .number({ error: PARTIAL_REFUND_MESSAGES.quantity })
      .int(PARTIAL_REFUND_MESSAGES.quantity)
      .min(1, PARTIAL_REFUND_MESSAGES.quantity)
      .max(100_000, PARTIAL_REFUND_MESSAGES.quantity),
  },
  { error: PARTIAL_REFUND_MESSAGES.line },
);

/** The refund asked for: `items` (lines and quantities) or `amount` (text, like "12.50"). */
export const partialRefundBody = z
  .object(
    {
      items: z
        .array(refundLine, { error: PARTIAL_REFUND_MESSAGES.itemsOrAmount })
        .min(1, PARTIAL_REFUND_MESSAGES.itemsOrAmount)
        .max(500, PARTIAL_REFUND_MESSAGES.lineTwice)
        .refine(
          (lines) => new Set(lines.map((l) => l.order_item_id)).size === lines.length,
          PARTIAL_REFUND_MESSAGES.lineTwice,
        )
        .optional(),
      amount: z
        .union([z.string(), z.number()], { error: PARTIAL_REFUND_MESSAGES.amount })
        .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v))
        .pipe(priceInput(PARTIAL_REFUND_MESSAGES.amount))
        .optional(),
      reason,
    },
    { error: PARTIAL_REFUND_MESSAGES.itemsOrAmount },
  )
  .refine((v) => (v.items === undefined) !== (v.amount === undefined), {
    message: PARTIAL_REFUND_MESSAGES.itemsOrAmount,
    path: ['items'],
  });
export type PartialRefundBody = z.input<typeof partialRefundBody>;
export type PartialRefundRequest = z.output<typeof partialRefundBody>;

/**
 * The brand's share of a refund, in cents: its payout `net` of an order of `total`, taken back
 * in the proportion refunded so far (`refundedBefore` → `refundedAfter`), rounded down
 * cumulatively: the shares of refunds adding up to the total add up to `net`.
 */
export function shareOf(
  net: number,
  total: number,
  refundedBefore: number,
  refundedAfter: number,
): number {
  if (total <= 0) return 0;
  const upTo = (cents: number) => Math.floor((net * Math.min(cents, total)) / total);
  return upTo(refundedAfter) - upTo(refundedBefore);
}

/**
 * What lines cost the buyer, in cents: each line's units at their price, less their share of
 * the order's discount (in proportion to the items' subtotal, rounded to the cent).
 */
export function linesCents(
  order: { subtotalCents: number; discountCents: number },
  lines: readonly { priceCents: number; quantity: number }[],
): number {
  let cents = 0;
  for (const line of lines) {
    const gross = line.priceCents * line.quantity;
    const discount =
      order.subtotalCents > 0 ? Math.round((order.discountCents * gross) / order.subtotalCents) : 0;
    cents += gross - discount;
  }
  return cents;
}

/** The dashboard's refund dialog. */
export const PARTIAL_REFUND_TEXTS = {
  open: 'Refund…',
  title: (orderId: number) => `Refund part of order #${orderId}`,
  byItems: 'Items',
  byAmount: 'An amount',
  quantityLabel: (name: string) => `Quantity of ${name} to refund`,
  amountLabel: 'Amount to refund',
  reasonLabel: 'Reason (the buyer sees it)',
  left: (left: string) => `Left to refund: $${left}`,
  submit: (amount: string) => `Refund $${amount}`,
  done: (amount: string) => `Refunded $${amount} to the buyer.`,
  nothingPicked: 'Pick at least one item, or enter an amount.',
  cancelOrder: 'Cancel order',
  cancelTitle: 'Cancel this order?',
  cancelBody: (total: string) =>
    `The buyer gets $${total} back and is e-mailed; the payout is taken back. This cannot be undone.`,
  cancelConfirm: 'Cancel and refund',
  keep: 'Keep the order',
} as const;
