/**
 * The order messages' constants and texts (decision 0051), without zod: a short thread per order
 * between its buyer and its brand. order-messages.ts adds the shapes and re-exports these.
 */

export const ORDER_MESSAGE_LIMITS = {
  /** Characters of one message, after trimming. */
  body: 2000,
  /** Messages one account may send about one order in a minute… */
  perMinute: 5,
  /** …and in a day (the last 24 hours). */
  perDay: 30,
} as const;

/** Who wrote a message: the order's buyer, or its brand (the business's owner). */
export const ORDER_MESSAGE_SIDES = ['buyer', 'brand'] as const;
export type OrderMessageSide = (typeof ORDER_MESSAGE_SIDES)[number];

export const ORDER_MESSAGE_MESSAGES = {
  body: `Write your message in 1 to ${ORDER_MESSAGE_LIMITS.body} characters.`,
  controlCharacters: 'Text cannot contain control characters.',
  tooMany: `You have sent many messages about this order. Please wait a minute and try again (at most ${ORDER_MESSAGE_LIMITS.perMinute} a minute and ${ORDER_MESSAGE_LIMITS.perDay} a day).`,
  sent: 'Your message was sent.',
} as const;

/** What My Orders and the dashboard's order card show of a thread. */
export const ORDER_MESSAGE_TEXTS = {
  /** The buyer's section on My Orders. */
  buyerTitle: 'Contact the brand',
  /** The brand's section on the order card. */
  brandTitle: 'Message the buyer',
  /** "2 messages"; none: "No messages yet". */
  count: (n: number) => (n === 0 ? 'No messages yet' : n === 1 ? '1 message' : `${n} messages`),
  /** The last message is the other side's: an answer may be due. */
  awaitingReply: 'New',
  threadLabel: (orderId: number) => `Messages about order #${orderId}`,
  empty: 'No messages yet. Write the first one below.',
  you: 'You',
  /** The buyer's name on the brand's card when the order has none. */
  buyer: 'Buyer',
  label: 'Your message',
  buyerHint: 'The brand gets your message by e-mail and answers here.',
  brandHint: 'The buyer gets your message by e-mail and answers here.',
  send: 'Send',
  loading: 'Loading the messages…',
  loadFailed: 'The messages could not be loaded.',
  sendFailed: 'Your message could not be sent. Please try again.',
  retry: 'Try again',
} as const;

/** The e-mails of a new message (plain text as written; the HTML part escapes it). */
export const ORDER_MESSAGE_EMAIL_TEXTS = {
  toBrandSubject: (orderId: number) => `New message about order #${orderId}`,
  toBuyerSubject: (orderId: number, brand: string) =>
    `${brand} answered about your order #${orderId}`,
  toBrandIntro: (orderId: number, buyer: string) => `${buyer} wrote about order #${orderId}:`,
  toBuyerIntro: (orderId: number, brand: string) => `${brand} wrote about your order #${orderId}:`,
  toBrandAction: 'Answer on your dashboard',
  toBuyerAction: 'Answer in My Orders',
  noReply: 'Please answer on the site, not by replying to this e-mail.',
} as const;
