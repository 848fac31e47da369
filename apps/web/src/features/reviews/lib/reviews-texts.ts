import { REVIEW_LIMITS, type ReviewSort } from '@leafline/contract/reviews-texts';
import { reviewCount } from '@/components/product/rating-stars';
import { groupThousands, mediumDate } from '@/lib/plain-format';

/** The product page's reviews (issue 27); the rules' texts are the contract's REVIEW_MESSAGES. */
export const REVIEWS_TEXTS = {
  none: 'No reviews yet.',
  count: reviewCount,
  /** One bar of the histogram, as it is read out. */
  bar: (stars: number, count: number) =>
    `${stars} ${stars === 1 ? 'star' : 'stars'}: ${reviewCount(count)}`,
  starsShort: (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`,
  outOfFive: 'out of 5',
  loading: 'Loading reviews…',
  formLoading: 'Loading the review form…',
  failed: 'We could not load the reviews just now. Please try again in a moment.',
  sortLabel: 'Sort reviews',
  sorts: {
    recent: 'Most recent',
    highest: 'Highest rating',
    lowest: 'Lowest rating',
  } satisfies Record<ReviewSort, string>,
  showMore: 'Show more reviews',
  listLabel: 'Reviews from buyers',
  verified: 'Verified purchase',
  response: (brand: string) => `Response from ${brand}`,
  // The form.
  write: 'Write a review',
  yourReview: 'Your review',
  ratingLegend: 'Your rating',
  titleLabel: 'Title',
  titleHint: `Optional, up to ${REVIEW_LIMITS.title} characters.`,
  bodyLabel: 'Review',
  bodyHint: `What did you like or not? ${REVIEW_LIMITS.bodyMin} to ${groupThousands(REVIEW_LIMITS.body)} characters.`,
  submit: 'Submit review',
  save: 'Save changes',
  cancel: 'Cancel',
  saveFailed: 'Could not save your review. Please try again.',
  // The buyer's own review.
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete your review?',
  deleteDescription: 'Your review and its rating will be removed from this product.',
  deleteConfirm: 'Delete review',
  deleteFailed: 'Could not delete your review. Please try again.',
  // Reporting another buyer's review.
  report: 'Report',
  reportLabel: (author: string) => `Report the review by ${author}`,
  reportTitle: 'Report this review?',
  reportDescription:
    'Report a review that is abusive, off-topic or not about this product. The marketplace team will look at it.',
  reportConfirm: 'Report review',
  reported: 'Reported',
  reportFailed: 'Could not report this review. Please try again.',
} as const;

/** A review's date as shown ("Mar 4, 2026"); the text as given when it cannot be read. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : mediumDate(date);
}
