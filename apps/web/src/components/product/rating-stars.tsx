import Star from 'lucide-react/icons/star';
import { cx } from '@/lib/cx';
import { groupThousands } from '@/lib/plain-format';

const STARS = [0, 1, 2, 3, 4] as const;

/** A rating as people read it: one decimal at most (4.3, 4, 4.5). */
export function formatRating(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "Rated 4.3 out of 5": the stars' accessible name. */
export const ratingLabel = (value: number) => `Rated ${formatRating(value)} out of 5`;

/** "1 review", "12 reviews", "1,204 reviews". */
export const reviewCount = (count: number) =>
  `${groupThousands(count)} ${count === 1 ? 'review' : 'reviews'}`;

const sizes = { sm: 'size-4', md: 'size-5' } as const;

/**
 * An average rating (issue 27) as five stars, partly filled (4.3: four stars and a third of
 * the fifth). Read as one image named "Rated 4.3 out of 5"; the stars themselves are hidden.
 * On the product page and, later, on product cards.
 */
export function RatingStars({
  value,
  size = 'sm',
  className,
}: {
  /** From 0 to 5; an average may have a decimal. */
  value: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const rating = Math.min(5, Math.max(0, value));
  return (
    <span
      role="img"
      aria-label={ratingLabel(rating)}
      className={cx('inline-flex shrink-0 items-center gap-0.5', className)}
    >
      {STARS.map((i) => {
        const filled = Math.min(1, Math.max(0, rating - i));
        return (
          <span key={i} aria-hidden="true" className="relative inline-flex">
            <Star className={cx(sizes[size], 'text-sage-400')} />
            {filled > 0 ? (
              <span
                className="absolute inset-y-0 left-0 overflow-hidden"
                style={{ width: `${Math.round(filled * 100)}%` }}
                data-fill={Math.round(filled * 100)}
              >
                <Star className={cx(sizes[size], 'max-w-none fill-clay-500 text-clay-700')} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
