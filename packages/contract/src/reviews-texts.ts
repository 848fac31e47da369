/**
 * Reviews' constants and texts (issue 27, docs/decisions/0043), without zod: the shop's pages
 * import these and keep their JavaScript small. reviews.ts adds the shapes and re-exports these.
 */

export const REVIEW_LIMITS = {
  minRating: 1,
  maxRating: 5,
  title: 120,
  bodyMin: 10,
  body: 5000,
  reply: 5000,
  /** A Paid order (not yet Shipped) makes its buyer eligible this many days after payment. */
  paidDays: 14,
  reportsToHide: 3,
  /** The "How was it?" e-mail: this many days after an order is first Delivered. */
  requestAfterDays: 7,
  pageSize: 10,
  maxPageSize: 50,
} as const;

export const REVIEW_SORTS = ['recent', 'highest', 'lowest'] as const;

/** My Orders' way to a product's reviews (a Shipped or Delivered order's lines). */
export const REVIEW_LINK_TEXTS = {
  link: 'Review this product',
  /** Where it leads: the product page's reviews section. */
  path: (productId: number) => `/shop/products/${productId}#reviews`,
} as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_MESSAGES = {
  notBuyer: 'Only customers who bought this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  reviewNotFound: 'Review not found',
  rating: `Choose a rating from ${REVIEW_LIMITS.minRating} to ${REVIEW_LIMITS.maxRating} stars.`,
  body: `Write your review in ${REVIEW_LIMITS.bodyMin} to ${REVIEW_LIMITS.body} characters.`,
  title: `The title can be at most ${REVIEW_LIMITS.title} characters.`,
  reply: `Write your reply in 1 to ${REVIEW_LIMITS.reply} characters.`,
  controlCharacters: 'Text cannot contain control characters.',
  nothingToChange: 'Send a rating, a title or a body to change.',
  created: 'Thank you for your review.',
  updated: 'Your review was updated.',
  deleted: 'Your review was deleted.',
  replied: 'Your reply was saved.',
  reported: 'Thank you. The marketplace team will look at this review.',
  ownReview: 'You cannot report your own review.',
  sort: 'sort must be recent, highest or lowest.',
} as const;
