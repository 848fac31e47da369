import { FOLLOW_TEXTS } from '@leafline/contract/favorites-texts';
import { toProductCard } from '@/components/product/product-card-data';
import { ProductGrid } from '@/components/product/product-grid';
import { useSignedIn } from '@/lib/api/favorites';
import { useFollowedNewProducts } from '../api/get-followed-new-products';

/**
 * 'From brands you follow' (decision 0050): the newest products of the brands a signed-in
 * shopper follows. Nothing at all otherwise — signed out, no brand followed, nothing new, still
 * loading or failed: the home page is the same as before for them.
 */
export function FollowedBrandsSection() {
  const signedIn = useSignedIn();
  const { data } = useFollowedNewProducts(signedIn);
  const products = signedIn ? (data?.results ?? []) : [];
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="followed-brands-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="followed-brands-heading" className="text-2xl font-semibold sm:text-3xl">
          {FOLLOW_TEXTS.rowTitle}
        </h2>
        <p className="mt-1 text-ink-muted">{FOLLOW_TEXTS.rowIntro}</p>
      </div>
      <ProductGrid products={products.map((p) => toProductCard(p))} label={FOLLOW_TEXTS.rowLabel} />
    </section>
  );
}
