import { z } from 'zod';

/**
 * Order messages (decision 0051): a short thread per paid order between its buyer and its brand,
 * each message e-mailed to the other side. Text only: stored as written (trimmed) and shown as
 * text, never as HTML.
 */

export * from './order-messages-texts';

import {
  ORDER_MESSAGE_LIMITS,
  ORDER_MESSAGE_MESSAGES,
  ORDER_MESSAGE_SIDES,
} from './order-messages-texts';
import { hasControl } from './reviews';

/** `POST api/orders/{orderId}/messages/` and `POST api/business/orders/{orderId}/messages/`. */
export const orderMessageBody = z.object({
  body: z
    .string({ error: ORDER_MESSAGE_MESSAGES.body })
    .refine((v) => !hasControl(v), ORDER_MESSAGE_MESSAGES.controlCharacters)
    .transform((v) => v.trim())
    .refine((v) => {
      const length = Array.from(v).length;
      return length >= 1 && length <= ORDER_MESSAGE_LIMITS.body;
    }, ORDER_MESSAGE_MESSAGES.body),
});
export type OrderMessageBody = z.input<typeof orderMessageBody>;

export const orderMessage = z.object({
  id: z.number().int(),
  side: z.enum(ORDER_MESSAGE_SIDES),
  /** The buyer's name on the order, or the brand's name. */
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type OrderMessage = z.infer<typeof orderMessage>;

/** One order's thread, oldest first. */
export const orderMessagesResponse = z.object({
  order_id: z.number().int(),
  messages: z.array(orderMessage),
});
export type OrderMessagesResponse = z.infer<typeof orderMessagesResponse>;

/** 201: the message as saved. */
export const orderMessageSentResponse = z.object({
  message: z.string(),
  order_message: orderMessage,
});
export type OrderMessageSentResponse = z.infer<typeof orderMessageSentResponse>;

/** How many messages an order has, when the last came and from whom (the collapsed sections). */
export const orderMessageSummary = z.object({
  order_id: z.number().int(),
  count: z.number().int(),
  last_at: z.string(),
  last_side: z.enum(ORDER_MESSAGE_SIDES),
});
export type OrderMessageSummary = z.infer<typeof orderMessageSummary>;

/** The orders that have messages (of the buyer, or of the business), with their counts. */
export const orderMessageSummariesResponse = z.array(orderMessageSummary);
export type OrderMessageSummariesResponse = z.infer<typeof orderMessageSummariesResponse>;
