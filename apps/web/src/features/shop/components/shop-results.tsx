import { SEARCH_PAGE_SIZE } from '@leafline/contract/constants';
import SearchX from 'lucide-react/icons/search-x';
import { type ProductCardData, toProductCard } from '@/components/product/product-card-data';
import { ProductGrid } from '@/components/product/product-grid';
import { Pagination } from '@/components/ui/pagination';
import { cx } from '@/lib/cx';
import type { ShopProductsPage } from '@/lib/shop-cache';
import { SuggestedProducts } from './suggested-products';

/** 'Showing 21-40 of 217 products' (SPEC §2 Shop). */
export function resultsSummary(page: number, count: number, pageSize = SEARCH_PAGE_SIZE): string {
  if (count === 0) return 'Showing 0 of 0 products';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);
  return `Showing ${first}-${last} of ${count} products`;
}

/** One page of search results with its summary and pager; the suggestions when empty. */
export function ShopResults({
  page,
  updating,
  onPageChange,
  priorityCount = 4,
}: {
  page: ShopProductsPage;
  /** The next page is on its way; the last one stays on screen meanwhile. */
  updating: boolean;
  onPageChange: (page: number) => void;
  /** How many of the first pictures load at once, in the first screen. */
  priorityCount?: number;
}) {
  if (page.totalProducts === 0 || page.products.length === 0) {
    return (
      <div className="flex flex-col gap-12">
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-sand-300 bg-sand-100/60 px-6 py-10 text-center">
          <SearchX aria-hidden="true" className="size-8 text-sage-700" />
          <p className="text-lg font-semibold text-forest-900">No products match your search.</p>
          <p className="text-ink-muted">Try another word or category, or press Clear All.</p>
        </div>
        <SuggestedProducts />
      </div>
    );
  }
  const products: ProductCardData[] = page.products.map((p) =>
    toProductCard(p, page.businessNames),
  );
  const pageCount = Math.ceil(page.totalProducts / SEARCH_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-6">
      <p aria-live="polite" className="text-sm font-medium text-ink-muted">
        {resultsSummary(page.currentPage, page.totalProducts)}
      </p>
      <div
        aria-busy={updating || undefined}
        className={cx('transition-opacity', updating && 'opacity-60')}
      >
        <ProductGrid products={products} priorityCount={priorityCount} label="Search results" />
      </div>
      <Pagination
        page={page.currentPage}
        pageCount={pageCount}
        hasPrevious={page.prevPageUrl !== null}
        hasNext={page.nextPageUrl !== null}
        onPageChange={onPageChange}
        label="Search results pages"
      />
    </div>
  );
}
