import { CURATED_LISTS, NEWLY_ADDED_MAX } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { buttonClasses } from '@/components/ui/button';
import { useCuratedCards } from '@/lib/api/get-curated-products';

export const NEWLY_ADDED_EMPTY_TEXT = MESSAGES.newlyAddedEmpty;

/** 'Newly Added' (SPEC §2 Home): at most 9 hand-picked products, then View All Products. */
export function NewlyAddedSection() {
  const { data: products = [], isPending } = useCuratedCards(
    CURATED_LISTS.newlyAdded,
    NEWLY_ADDED_MAX,
  );
  return (
    <section aria-labelledby="newly-added-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="newly-added-heading" className="text-2xl font-semibold sm:text-3xl">
            Newly Added
          </h2>
          <p className="mt-1 text-ink-muted">Fresh from our partner workshops.</p>
        </div>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={3} maxColumns={3} />
      ) : products.length === 0 ? (
        <p className="rounded-card border border-dashed border-sand-300 bg-sand-100/60 px-6 py-10 text-center text-ink-muted">
          {NEWLY_ADDED_EMPTY_TEXT}
        </p>
      ) : (
        <ProductGrid products={products} maxColumns={3} label="Newly added products" />
      )}
      <div className="flex justify-center">
        <Link to="/shop" className={buttonClasses('secondary', 'lg')}>
          View All Products
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
