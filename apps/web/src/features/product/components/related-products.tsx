import { RELATED_PRODUCTS_COUNT } from '@leafline/contract/constants';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Leaf from 'lucide-react/icons/leaf';
import { Link } from 'react-router';
import { ProductCard } from '@/components/product/product-card';
import { toProductCard } from '@/components/product/product-card-data';
import { ProductCardSkeleton } from '@/components/product/product-grid';
import { useRelatedProducts } from '../api/get-related-products';

const CARD_SIZES = '(min-width: 1024px) 270px, 46vw';
// As the shop's grid, but four across from lg: three products and the View All card in a row.
const listClasses = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4';

/**
 * Up to 3 other products of the same business (SPEC §2, §9), then a 'View All Products'
 * card to the shop. A failed load leaves only the View All card: the page stays useful.
 */
export function RelatedProducts({
  productId,
  businessId,
  businessName,
}: {
  productId: number;
  businessId: number;
  businessName: string;
}) {
  const related = useRelatedProducts(businessId);
  const others = (related.data?.results ?? [])
    .filter((product) => product.id !== productId)
    .slice(0, RELATED_PRODUCTS_COUNT);

  return (
    <section aria-labelledby="related-heading" className="mt-16 sm:mt-20">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="related-heading" className="text-2xl font-semibold sm:text-3xl">
          {related.isPending || others.length > 0 ? `More from ${businessName}` : 'Keep exploring'}
        </h2>
        <Link
          to={`/businessproducts/${businessId}`}
          className="text-sm font-medium text-clay-800 hover:underline"
        >
          Visit the storefront
        </Link>
      </div>
      {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics without it */}
      <ul role="list" className={`mt-6 ${listClasses}`}>
        {related.isPending
          ? Array.from({ length: RELATED_PRODUCTS_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} aria-hidden="true">
                <ProductCardSkeleton />
              </li>
            ))
          : others.map((product) => (
              <li key={product.id}>
                <ProductCard
                  {...toProductCard(product, { [businessId]: businessName })}
                  sizes={CARD_SIZES}
                />
              </li>
            ))}
        <li>
          <Link
            to="/shop"
            className="group flex h-full min-h-56 flex-col items-center justify-center gap-3 rounded-card border border-dashed border-sage-400 bg-sage-50 p-4 sm:p-6 text-center no-underline transition-colors hover:border-forest-900 hover:bg-sage-100"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-forest-900 text-cream">
              <Leaf aria-hidden="true" className="size-6" />
            </span>
            <span className="font-display text-xl font-semibold text-forest-900">
              View All Products
            </span>
            <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
              Browse every small brand
              <ArrowRight
                aria-hidden="true"
                className="size-4 transition-transform group-hover:translate-x-0.5"
              />
            </span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
