import { z } from 'zod';

/**
 * Returns (issue 30 point 4, decision 0055): the buyer of a Delivered order asks, within the
 * brand's returns window, to send back chosen lines, each with a quantity and a reason; the
 * brand accepts (the lines are refunded through its partial refund, once) or declines with a
 * reason; each side is e-mailed. Texts stored as written (trimmed) and shown as text.
 */

export * from './returns-texts';

import { RETURN_LIMITS, RETURN_MESSAGES, RETURN_STATUSES } from './returns-texts';
import { hasControl } from './reviews';

const reasonText = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => !hasControl(v), RETURN_MESSAGES.controlCharacters)
    .transform((v) => v.trim())
    .refine((v) => {
      const length = Array.from(v).length;
      return length >= 1 && length <= RETURN_LIMITS.reason;
    }, message);

const returnLine = z.object(
  {
    order_item_id: z
      .number({ error: RETURN_MESSAGES.line })
      .int(RETURN_MESSAGES.line)
      .min(1, RETURN_MESSAGES.line)
      .max(2_147_483_647, RETURN_MESSAGES.line),
    quantity: z
      .number({ error: RETURN_MESSAGES.quantity })
      .int(RETURN_MESSAGES.quantity)
      .min(1, RETURN_MESSAGES.quantity)
      .max(100_000, RETURN_MESSAGES.quantity),
    reason: reasonText(RETURN_MESSAGES.reason),
  },
  { error: RETURN_MESSAGES.lines },
);

/** `POST api/orders/{orderId}/returns/`: the lines sent back, each with a quantity and reason. */
export const returnRequestBody = z.object(
  {
    items: z
      .array(returnLine, { error: RETURN_MESSAGES.lines })
      .min(1, RETURN_MESSAGES.lines)
      .max(500, RETURN_MESSAGES.lineTwice)
      .refine(
        (lines) => new Set(lines.map((l) => l.order_item_id)).size === lines.length,
        RETURN_MESSAGES.lineTwice,
      ),
  },
  { error: RETURN_MESSAGES.lines },
);
export type ReturnRequestBody = z.input<typeof returnRequestBody>;
export type ReturnRequest = z.output<typeof returnRequestBody>;

/** `POST api/business/orders/{orderId}/returns/{returnId}/decline/`: the buyer reads the reason. */
export const returnDeclineBody = z.object(
  { reason: reasonText(RETURN_MESSAGES.declineReason) },
  { error: RETURN_MESSAGES.declineReason },
);
export type ReturnDeclineBody = z.input<typeof returnDeclineBody>;

export const returnIdParams = z.object({ orderId: z.string(), returnId: z.string() });

/** One return of an order, as both sides see it. */
export const orderReturn = z.object({
  id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  /** The brand's reason when declined ('' otherwise). */
  decline_reason: z.string(),
  created_at: z.string(),
  /** When the brand accepted or declined it (null while requested). */
  decided_at: z.string().nullable(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      reason: z.string(),
    }),
  ),
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** An order's returns, oldest first. */
export const orderReturnsResponse = z.array(orderReturn);
