import { STOREFRONT_PAGE_SIZE } from '@leafline/contract/constants';
import { Link } from 'react-router';
import { toProductCard } from '@/components/product/product-card-data';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { cx } from '@/lib/cx';
import { useBusinessProducts } from '../api/get-business-products';
import { STOREFRONT_TEXTS } from '../lib/storefront-texts';

/** The business's products, 10 a page, with the shared pager (SPEC §2, §4 Pagination). */
export function StorefrontProducts({
  businessId,
  businessName,
  page,
  onPageChange,
}: {
  businessId: number;
  businessName: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const products = useBusinessProducts(businessId, page);
  const data = products.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.count / STOREFRONT_PAGE_SIZE)) : 1;
  const first = data && data.count > 0 ? (page - 1) * STOREFRONT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(first + data.results.length - 1, data.count) : 0;

  let body: React.ReactNode;
  if (products.isPending) {
    body = <ProductGridSkeleton count={4} />;
  } else if (products.isError && !products.isPlaceholderData) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="error">{STOREFRONT_TEXTS.productsFailed}</Notice>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void products.refetch()}
            loading={products.isFetching}
          >
            Try again
          </Button>
          {page > 1 ? (
            <Button variant="ghost" size="sm" onClick={() => onPageChange(1)}>
              Back to the first page
            </Button>
          ) : null}
        </div>
      </div>
    );
  } else if (!data || data.count === 0 || data.results.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-sand-300 bg-white/50 p-6">
        <p className="text-ink-muted">{STOREFRONT_TEXTS.noProducts}</p>
        <Link to="/shop" className={buttonClasses('secondary', 'sm')}>
          Discover other brands in the shop
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-8">
        <ProductGrid
          products={data.results.map((product) => ({
            // The one mapping of a listed product to a card: sold out and rated included.
            ...toProductCard(product),
            businessName: product.business_name || businessName,
          }))}
          label={`Products from ${businessName}`}
          className={cx(products.isPlaceholderData && 'opacity-60 transition-opacity')}
        />
        <Pagination
          page={page}
          pageCount={pageCount}
          hasPrevious={data.previous !== null}
          hasNext={data.next !== null}
          onPageChange={onPageChange}
          label="Product pages"
        />
      </div>
    );
  }

  return (
    <section id="products" aria-labelledby="products-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="products-heading" className="text-2xl font-semibold sm:text-3xl">
          Products
        </h2>
        {data && data.count > 0 && !products.isError ? (
          <p className="text-sm text-ink-muted tabular-nums" aria-live="polite">
            Showing {first}-{last} of {data.count} products
          </p>
        ) : null}
      </div>
      <div className="mt-6" aria-busy={products.isFetching || undefined}>
        {body}
      </div>
    </section>
  );
}
