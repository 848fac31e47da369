import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { CARD_IMAGE_SIZES, ProductCard } from './product-card';
import type { ProductCardData } from './product-card-data';

export type GridColumns = 3 | 4;

// Two columns from the narrowest phone (as shop themes do: one column made 20 products a
// 12,000 px page), three from lg, four from xl when allowed.
const productGridClasses: Record<GridColumns, string> = {
  4: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4',
  3: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3',
};

const gridSizes: Record<GridColumns, string> = {
  4: CARD_IMAGE_SIZES,
  3: '(min-width: 1024px) 360px, 46vw',
};

export interface ProductGridProps {
  products: readonly ProductCardData[];
  /** How many cards, from the first, load their image at once (the first row). */
  priorityCount?: number;
  /** Columns on wide screens: 4 for a full page of results, 3 for short lists. */
  maxColumns?: GridColumns;
  headingLevel?: 2 | 3 | 4;
  /** Names the list for assistive technology, e.g. 'Search results'. */
  label?: string;
  className?: string;
  /** The images' `sizes`, when a `className` changes the cards' widths. */
  sizes?: string;
}

/** Product cards in a responsive grid, as a list (screen readers announce the count). */
export function ProductGrid({
  products,
  priorityCount = 0,
  maxColumns = 4,
  headingLevel = 3,
  label,
  className,
  sizes = gridSizes[maxColumns],
}: ProductGridProps) {
  return (
    // role="list" because Safari drops list semantics when list-style is none.
    // biome-ignore lint/a11y/noRedundantRoles: see above
    <ul role="list" aria-label={label} className={cx(productGridClasses[maxColumns], className)}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard
            {...product}
            priority={i < priorityCount}
            headingLevel={headingLevel}
            sizes={sizes}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while products load. */
export function ProductGridSkeleton({
  count = 8,
  maxColumns = 4,
  label = 'Loading products…',
  className,
}: {
  count?: number;
  maxColumns?: GridColumns;
  label?: string;
  className?: string;
}) {
  return (
    <LoadingRegion label={label} className={className}>
      <div aria-hidden="true" className={productGridClasses[maxColumns]}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** One card's shape while its product loads. */
export function ProductCardSkeleton() {
  return (
    <div
      data-testid="product-card-skeleton"
      className="flex flex-col overflow-hidden rounded-card border border-sand-300 bg-white/70"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3.5 w-1/2" />
        <div className="flex items-center justify-between pt-3">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      </div>
    </div>
  );
}
