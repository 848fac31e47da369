import type { Review } from '@leafline/contract/reviews';
import BadgeCheck from 'lucide-react/icons/badge-check';
import type { ReactNode } from 'react';
import { RatingStars } from '@/components/product/rating-stars';
import { reviewDate, REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';

/** "Size: M, Color: Forest": the options of the variant bought. */
function variantText(options: Review['variant_options']): string {
  return Object.entries(options ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/**
 * One review as the product page shows it: stars, title, who and when, the variant bought,
 * the body and the brand's reply. Every text is the buyer's as written, rendered as text
 * (line breaks kept), never as HTML.
 */
export function ReviewItem({
  review,
  businessName,
  actions,
}: {
  review: Review;
  businessName: string;
  /** Edit and Delete for one's own review, Report for another's. */
  actions?: ReactNode;
}) {
  const variant = variantText(review.variant_options);
  const headingId = `review-${review.id}-title`;
  return (
    <article
      aria-labelledby={review.title ? headingId : undefined}
      aria-label={review.title ? undefined : TEXTS.starsShort(review.rating)}
      className="flex flex-col gap-2"
      data-testid="review"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars value={review.rating} />
        {review.title ? (
          <h3 id={headingId} className="font-sans text-base font-semibold text-forest-900">
            {review.title}
          </h3>
        ) : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
        <span className="font-medium text-ink">{review.author_name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
        {review.verified_purchase ? (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1 font-medium text-forest-800">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {TEXTS.verified}
            </span>
          </>
        ) : null}
        {variant ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{variant}</span>
          </>
        ) : null}
      </p>
      <p className="leading-relaxed break-words whitespace-pre-line text-ink/90">{review.body}</p>
      {review.reply ? (
        <div className="mt-1 rounded-xl border-l-4 border-sage-400 bg-sage-50 px-4 py-3 text-sm">
          <p className="font-semibold text-forest-900">{TEXTS.response(businessName)}</p>
          <p className="mt-1 leading-relaxed break-words whitespace-pre-line">
            {review.reply.body}
          </p>
        </div>
      ) : null}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
