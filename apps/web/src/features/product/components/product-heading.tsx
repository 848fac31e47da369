import type { ProductDetail } from '@leafline/contract/catalog';
import { CONDITION_LABELS } from '@leafline/contract/constants';
import Store from 'lucide-react/icons/store';
import { Link } from 'react-router';
import { formatRating, RatingStars, reviewCount } from '@/components/product/rating-stars';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { PRODUCT_TEXTS } from '../lib/product-texts';

/** The brand (a link to its storefront), the product's name, its price and its condition. */
export function ProductHeading({
  product,
  price,
  compareAt = null,
}: {
  product: ProductDetail;
  /** The picked variant's price, else the product's. */
  price: string;
  /** What it sold for before (issue 29, point 6), struck through beside the price; null: none. */
  compareAt?: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Link
        to={`/businessproducts/${product.business}`}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold tracking-wide text-clay-800 uppercase no-underline hover:underline"
      >
        <Store aria-hidden="true" className="size-4" />
        {product.business_name}
      </Link>
      <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{product.name}</h1>
      {product.rating_average !== null && product.rating_count > 0 ? (
        // Its buyers' rating (issue 27), a way down to the Reviews section.
        <Link
          to="#reviews"
          className="inline-flex w-fit flex-wrap items-center gap-2 text-sm text-ink-muted no-underline hover:underline"
          data-testid="product-rating"
        >
          <RatingStars value={product.rating_average} />
          <span aria-hidden="true" className="font-semibold text-ink tabular-nums">
            {formatRating(product.rating_average)}
          </span>
          <span>({reviewCount(product.rating_count)})</span>
        </Link>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <p
          className="text-2xl font-semibold text-ink tabular-nums"
          aria-live="polite"
          data-testid="product-price"
        >
          {formatMoney(price)}
        </p>
        {compareAt ? (
          <p className="text-lg text-ink-muted tabular-nums">
            <span className="sr-only">{PRODUCT_TEXTS.compareAt}</span>
            <s data-testid="product-compare-at">{formatMoney(compareAt)}</s>
          </p>
        ) : null}
        <p
          className={cx(
            'rounded-full px-3 py-1 text-sm font-medium',
            product.condition === 'new'
              ? 'bg-sage-100 text-forest-900'
              : 'bg-clay-100 text-clay-800',
          )}
        >
          {CONDITION_LABELS[product.condition]}
        </p>
      </div>
    </div>
  );
}
