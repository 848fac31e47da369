import { CURATED_LISTS, SUGGESTIONS_COUNT } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { useCuratedCards } from '@/lib/api/get-curated-products';

export const SUGGEST_MORE_TEXT = MESSAGES.suggestMoreProducts;

/** 'People also love...' (SPEC §2 Shop): shown when a result list is empty. */
export function SuggestedProducts() {
  const { data: products = [], isPending } = useCuratedCards(
    CURATED_LISTS.peopleAlsoLove,
    SUGGESTIONS_COUNT,
  );
  return (
    <section aria-labelledby="suggested-heading" className="flex flex-col gap-5">
      <h2 id="suggested-heading" className="text-2xl font-semibold">
        People also love...
      </h2>
      {isPending ? (
        <ProductGridSkeleton count={4} label="Loading suggestions…" />
      ) : products.length > 0 ? (
        <ProductGrid products={products} label="Suggested products" />
      ) : null}
      <p className="text-center text-ink-muted">{SUGGEST_MORE_TEXT}</p>
    </section>
  );
}
