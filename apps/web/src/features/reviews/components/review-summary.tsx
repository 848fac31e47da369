import type { ReviewSummary as Summary } from '@leafline/contract/reviews';
import { formatRating, RatingStars } from '@/components/product/rating-stars';
import { REVIEWS_TEXTS as TEXTS } from '../lib/reviews-texts';

const ROWS = [5, 4, 3, 2, 1] as const;

/**
 * The product's ratings: the average with its stars, how many reviews, and a bar for each
 * number of stars (5 to 1), each read out as "5 stars: 12 reviews".
 */
export function ReviewSummary({ summary }: { summary: Summary }) {
  const { average, count, histogram } = summary;
  return (
    <div className="flex flex-col gap-4" data-testid="review-summary">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {average !== null ? (
          <>
            <RatingStars value={average} size="md" />
            <p className="text-2xl font-semibold text-ink tabular-nums">
              {formatRating(average)}
              <span className="sr-only"> {TEXTS.outOfFive}</span>
            </p>
          </>
        ) : null}
        <p className="text-ink-muted">{TEXTS.count(count)}</p>
      </div>
      <ul className="flex flex-col gap-1.5">
        {ROWS.map((stars) => {
          const n = histogram[String(stars) as keyof Summary['histogram']];
          const share = count > 0 ? Math.round((n / count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span aria-hidden="true" className="w-14 shrink-0 text-ink-muted">
                {TEXTS.starsShort(stars)}
              </span>
              <span
                role="img"
                aria-label={TEXTS.bar(stars, n)}
                className="h-2.5 flex-1 overflow-hidden rounded-full bg-sand-200"
              >
                <span
                  className="block h-full rounded-full bg-clay-500"
                  style={{ width: `${share}%` }}
                />
              </span>
              <span
                aria-hidden="true"
                className="w-8 shrink-0 text-right text-ink-muted tabular-nums"
              >
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
