/** The dashboard's Reviews section (issue 27). */
export const SELLER_REVIEWS_TEXTS = {
  failed: 'We could not load your reviews. Please try again.',
  loading: 'Loading your reviews…',
  pagesLabel: 'Reviews pages',
  empty: 'No reviews yet.',
  emptyHint:
    'Buyers can review a product once it has shipped to them. Their reviews will show up here, for you to answer.',
  count: (n: number) => (n === 1 ? '1 review' : `${n} reviews`),
  orderLabel: 'Show first',
  orders: { newest: 'Newest', lowest: 'Lowest rating' },
  verified: 'Verified purchase',
  reply: 'Reply',
  editReply: 'Edit reply',
  replyLabel: (author: string) => `Your reply to ${author}`,
  yourReply: 'Your reply',
  saveReply: 'Save reply',
  cancel: 'Cancel',
  replySaved: 'Your reply was saved.',
  replyFailed: 'Your reply could not be saved.',
} as const;
