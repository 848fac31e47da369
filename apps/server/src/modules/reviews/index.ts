/**
 * The reviews module's face (issue 27, docs/decisions/0043): its routes. The catalogue reads
 * the ratings it keeps (`product_ratings`) itself. Nothing else in this folder is imported from
 * outside it.
 */
export { REVIEW_WRITES_PER_MINUTE, reviewsRoutes } from './reviews.routes';
export { recentReviews } from './reviews.service';
