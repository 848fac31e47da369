import { CONDITION_LABELS, SOLD_OUT } from '@leafline/contract/constants';
import { Link } from 'react-router';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { FavoriteButton } from './favorite-button';
import type { ProductCardData } from './product-card-data';

/** Image widths of a card in the 2 / 3 / 4 column grid (the page is at most 72rem). */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 270px, (min-width: 1024px) 31vw, 46vw';

export interface ProductCardProps extends ProductCardData {
  /** Above the fold: load the image at once. */
  priority?: boolean;
  /** The card title's heading level: one below the section's heading. */
  headingLevel?: 2 | 3 | 4;
  sizes?: string;
  className?: string;
}

/**
 * A product in a grid (SPEC §2 Shop): image or 'No Image', name, business name (or
 * 'Loading...'), price and condition. The name is the product's one link, stretched over
 * the whole card so the card is one click target; the business name is a second, separate
 * link on top of it — never a link inside a link. The heart saves it to the Favourites.
 */
export function ProductCard({
  id,
  name,
  price,
  primaryImage,
  businessId,
  businessName,
  condition,
  soldOut = false,
  ratingAverage = null,
  ratingCount = 0,
  priority = false,
  headingLevel = 3,
  sizes = CARD_IMAGE_SIZES,
  className,
}: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={cx(
        'group relative flex h-full flex-col overflow-hidden rounded-card border border-sand-300 bg-white/70 shadow-soft',
        'transition-colors hover:border-sage-400',
        className,
      )}
    >
      <div className="overflow-hidden bg-sand-100">
        {/* Decorative here: the name right below says what the product is. */}
        <ResponsiveImage
          src={primaryImage}
          alt=""
          width={640}
          height={640}
          sizes={sizes}
          priority={priority}
          className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      {/* The heart (decision 0050), above the name's stretched link like the brand's link. */}
      <FavoriteButton productId={id} productName={name} className="absolute top-2 right-2 z-10" />
      {/* Half a phone wide: smaller type and padding there, so names wrap less. */}
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <Heading className="text-base leading-snug font-semibold sm:text-lg">
          <Link
            to={`/shop/products/${id}`}
            className="no-underline after:absolute after:inset-0 after:rounded-card hover:underline"
          >
            {name}
          </Link>
        </Heading>
        <p className="text-sm break-words text-ink-muted">
          {businessName === undefined ? (
            <span>Loading...</span>
          ) : (
            <Link
              to={`/businessproducts/${businessId}`}
              className="relative z-10 font-medium text-clay-800 no-underline hover:underline"
            >
              {businessName}
            </Link>
          )}
        </p>
        {ratingAverage !== null && ratingCount > 0 ? (
          // Its buyers' rating (issue 27): one star and the figures, read out in words.
          <p className="text-sm text-ink-muted" data-testid="card-rating">
            <span aria-hidden="true">
              <span className="text-clay-700">★</span> {ratingAverage.toFixed(1)} ({ratingCount})
            </span>
            <span className="sr-only">
              {`Rated ${ratingAverage.toFixed(1)} out of 5 by ${ratingCount} ${ratingCount === 1 ? 'buyer' : 'buyers'}`}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2 sm:pt-3">
          <p className="text-base font-semibold text-ink tabular-nums">{formatMoney(price)}</p>
          {/* Its condition, or (issue 26) that none is left: what matters first then. */}
          <p
            className={cx(
              'rounded-full px-2.5 py-0.5 text-xs font-medium',
              condition === 'new' && !soldOut
                ? 'bg-sage-100 text-forest-900'
                : 'bg-clay-100 text-clay-800',
            )}
          >
            {soldOut ? SOLD_OUT : CONDITION_LABELS[condition]}
          </p>
        </div>
      </div>
    </article>
  );
}
