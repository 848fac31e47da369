/**
 * The reviews module's face (issue 27, docs/decisions/0043): its routes, and what the live
 * stream reads of new reviews (their events share the orders' channel and ids). The catalogue
 * reads the ratings it keeps (`product_ratings`) itself. Nothing else in this folder is imported from
 * outside it.
 */

export {
  latestReviewEventId,
  listReviewEventsAfter,
  type ReviewNotice,
} from './reviews.repo';
export { REVIEW_WRITES_PER_MINUTE, reviewsRoutes } from './reviews.routes';
export { recentReviews, sellerReviewsByIds } from './reviews.service';
