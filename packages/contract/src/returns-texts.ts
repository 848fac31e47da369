/**
 * Returns (issue 30 point 4, decision 0055): the constants and texts, without zod (the server's
 * schema imports them). returns.ts adds the shapes and re-exports these.
 */

export const RETURN_LIMITS = {
  /** Characters of a line's reason and of the brand's reason to decline, after trimming. */
  reason: 500,
} as const;

/** Where a return stands: asked by the buyer, then accepted (and refunded) or declined. */
export const RETURN_STATUSES = ['requested', 'accepted', 'declined'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The reason an accepted return's refund records (the refund e-mail and both views show it). */
export const RETURN_REFUND_REASON = 'returned by the buyer';

export const RETURN_MESSAGES = {
  lines: 'Pick at least one item to return, each with a quantity of at least 1.',
  line: 'Each item needs the order_item_id of one of the order’s lines.',
  lineTwice: 'Each line can be named once.',
  quantity: 'Each quantity must be a whole number of at least 1.',
  reason: `Give a reason for each item in 1 to ${RETURN_LIMITS.reason} characters.`,
  declineReason: `Give the buyer a reason in 1 to ${RETURN_LIMITS.reason} characters.`,
  controlCharacters: 'Text cannot contain control characters.',
  /** 400 on `items`: a line not of this order. */
  unknownLine: (id: number) => `Line ${id} is not part of this order.`,
  /** 400 on `items`: more units than bought and not refunded or returned yet. */
  lineQuantity: (name: string, left: number) =>
    left === 0
      ? `“${name}” cannot be returned: it has been refunded or returned already.`
      : `Only ${left} of “${name}” can be returned.`,
  /** 409: the order is not Delivered (not yet, or refunded or cancelled). */
  notDelivered: 'Only a delivered order can be returned.',
  /** 409: the brand does not take returns. */
  notAccepted: 'This brand does not accept returns.',
  /** 409: past the brand's returns window. */
  windowClosed: (days: number) =>
    `The returns window of this order has closed: the brand accepts returns within ${days} days of delivery.`,
  /** 409: a return of this order is waiting for the brand. */
  alreadyOpen: 'A return of this order is already waiting for the brand’s answer.',
  /** 409 to the brand: accepted or declined already (the other answer cannot follow). */
  alreadyDecided: (status: 'accepted' | 'declined') => `This return has been ${status} already.`,
  /** 404: not a return of this order. */
  notFound: 'Return not found.',
  requested: 'Your return request was sent to the brand.',
} as const;

/** What My Orders and the dashboard's order card show of returns. */
export const RETURN_TEXTS = {
  request: 'Request a return',
  title: (orderId: number) => `Return items of order #${orderId}`,
  intro: (until: string) =>
    `Choose what you are sending back and why. The brand answers by e-mail. You can ask until ${until}.`,
  quantityLabel: (name: string) => `Quantity of ${name} to return`,
  reasonLabel: (name: string) => `Why are you returning ${name}?`,
  submit: 'Send return request',
  working: 'Sending…',
  close: 'Close',
  nothingPicked: 'Choose at least one item to return.',
  reasonMissing: 'Give a reason for each item you return.',
  failed: 'The return could not be sent. Please try again.',
  sectionLabel: 'Returns',
  status: {
    requested: 'Return requested — waiting for the brand',
    accepted: 'Return accepted and refunded',
    declined: 'Return declined',
  } satisfies Record<ReturnStatus, string>,
  /** The brand's card. */
  brandStatus: {
    requested: 'Return requested by the buyer',
    accepted: 'Return accepted',
    declined: 'Return declined',
  } satisfies Record<ReturnStatus, string>,
  line: (quantity: number, name: string, reason: string) => `${quantity} × ${name} — “${reason}”`,
  declinedBecause: (reason: string) => `The brand’s reason: ${reason}`,
  /** Before the request's date. */
  requestedOn: 'Requested',
  accept: 'Accept and refund',
  accepting: 'Refunding…',
  decline: 'Decline…',
  declineTitle: (orderId: number) => `Decline the return of order #${orderId}`,
  declineReasonLabel: 'Reason (the buyer sees it)',
  declineConfirm: 'Decline return',
  keep: 'Back',
  accepted: 'Return accepted: the buyer is refunded and e-mailed.',
  declined: 'Return declined: the buyer is e-mailed.',
  actionFailed: 'The return could not be answered. Please try again.',
} as const;

/** The e-mails of a return. */
export const RETURN_EMAIL_TEXTS = {
  toBrandSubject: (orderId: number) => `Return requested for order #${orderId}`,
  toBrandIntro: (orderId: number, buyer: string) =>
    `${buyer} asks to return items of order #${orderId}:`,
  toBrandAction: 'Accept or decline on your dashboard',
  declinedSubject: (orderId: number, brand: string) =>
    `${brand} declined your return of order #${orderId}`,
  declinedIntro: (orderId: number, brand: string) =>
    `${brand} declined your return request for order #${orderId}. Their reason:`,
  declinedAction: 'See your orders',
  buyer: 'The buyer',
} as const;
