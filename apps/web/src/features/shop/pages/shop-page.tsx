import { CURATED_LISTS, FAVORITES_COUNT } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CARD_IMAGE_SIZES } from '@/components/product/product-card';
import type { ProductCardData } from '@/components/product/product-card-data';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { FreeShippingBanner } from '@/components/ui/free-shipping-banner';
import { Notice } from '@/components/ui/notice';
import { curatedProductsQueryOptions, useCuratedCards } from '@/lib/api/get-curated-products';
import { searchFacetsQueryOptions, useSearchFacets } from '@/lib/api/search-facets';
import { searchQueryOptions, useSearchProducts } from '@/lib/api/search-products';
import { ApiError, NetworkError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/document-title';
import { keepShopCache } from '@/lib/query-persist';
import type { PrepareContext } from '@/lib/route-prepare';
import { hasRefinements, type ShopFilters } from '@/lib/shop-cache';
import { ShopControls } from '../components/shop-controls';
import { ShopResults } from '../components/shop-results';
import { useCartAmount } from '../hooks/use-cart-amount';
import { FAVORITES_CATEGORY, initialShopFilters, useShopFilters } from '../hooks/use-shop-filters';

export const SEARCH_TIMEOUT_TEXT = MESSAGES.searchTimedOut;
const LOAD_FAILED_TEXT = 'We could not load the products. Please try again.';

/** The hand-picked list, in its order or sorted by the chosen price or rating filter. */
function sortedFavorites(products: ProductCardData[], sort: string): ProductCardData[] {
  if (sort === 'rating_high_to_low') {
    // As the search sorts (issue 27): the average, then how many rated it; unrated last.
    return [...products].sort(
      (a, b) =>
        (b.ratingAverage ?? 0) - (a.ratingAverage ?? 0) ||
        (b.ratingCount ?? 0) - (a.ratingCount ?? 0) ||
        b.id - a.id,
    );
  }
  if (sort === 'price_low_to_high' || sort === 'price_high_to_low') {
    const sign = sort === 'price_low_to_high' ? 1 : -1;
    return [...products].sort((a, b) => sign * (Number(a.price) - Number(b.price)) || a.id - b.id);
  }
  return products;
}

// On a phone the landing's favorites scroll sideways, so the catalogue is not 8 cards down.
// The strip runs to the screen's edges, but its cards rest at the page margin (scroll-px-4:
// snapping aligns them to the padding, not to the edge) and are as wide as the grid's cards,
// with the third one peeking in.
const STRIP_ON_PHONES =
  'max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-2 max-sm:[&>li]:w-[43%] max-sm:[&>li]:shrink-0 max-sm:[&>li]:snap-start';
const STRIP_IMAGE_SIZES = CARD_IMAGE_SIZES.replace(/46vw$/, '43vw');

function CurrentFavorites({
  sort,
  headingLevel,
  strip = false,
}: {
  sort: string;
  headingLevel: 2 | 3;
  /** A sideways strip on phones (the landing); a grid everywhere otherwise. */
  strip?: boolean;
}) {
  const {
    data = [],
    isPending,
    isError,
  } = useCuratedCards(CURATED_LISTS.currentFavorites, FAVORITES_COUNT);
  const products = sortedFavorites(data, sort);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="favorites-heading" className="flex flex-col gap-5">
      <div>
        <Heading id="favorites-heading" className="text-2xl font-semibold">
          Current Favorites
        </Heading>
        <p className="mt-1 text-ink-muted">Hand-picked this week by our team.</p>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={4} label="Loading favorites…" />
      ) : isError ? (
        <Notice tone="error">{LOAD_FAILED_TEXT}</Notice>
      ) : (
        <ProductGrid
          products={products}
          // The first screen of a phone shows one or two of them (the strip scrolls sideways).
          priorityCount={strip ? 2 : 4}
          headingLevel={headingLevel === 2 ? 3 : 4}
          label="Current favorites"
          className={strip ? STRIP_ON_PHONES : undefined}
          sizes={strip ? STRIP_IMAGE_SIZES : undefined}
        />
      )}
    </section>
  );
}

/**
 * What the page shows for the filters: the landing (All Products, no search, no refinement,
 * page 1) has the favorites on top; the Current Favorites category is the fixed list, fetched
 * as a search only when refinements narrow it (the server applies them to the list).
 */
function shopView(filters: ShopFilters) {
  const refined = hasRefinements(filters);
  const favoritesList = filters.selectedCategory === FAVORITES_CATEGORY && !refined;
  const landing =
    filters.selectedCategory === '' &&
    filters.searchTerm === '' &&
    filters.currentPage === 1 &&
    !refined;
  return { favoritesList, landing };
}

/** At start-up on /shop: the results for the address's (or saved) filters, the favorites. */
export async function prepareShopPage({ queryClient, searchParams }: PrepareContext) {
  keepShopCache(queryClient);
  const filters = initialShopFilters(searchParams);
  const { favoritesList, landing } = shopView(filters);
  // The counts are not waited for: the page can be shown without them.
  void queryClient.prefetchQuery(searchFacetsQueryOptions(filters));
  await Promise.all([
    landing || favoritesList
      ? queryClient.prefetchQuery(curatedProductsQueryOptions(CURATED_LISTS.currentFavorites))
      : undefined,
    favoritesList ? undefined : queryClient.prefetchQuery(searchQueryOptions(filters)),
  ]);
}

/**
 * The shop (SPEC §2 Shop, §4 Shop): search, category, price filter, Clear All, one page of
 * 20 results with the pager. All Products with no search (the default) shows the whole
 * catalogue with the Current Favorites on top; the Current Favorites category shows only
 * that fixed list. Issue 15 adds second-hand, verified brands, free US shipping and price
 * range filters with their counts, and suggestions as one types.
 */
export function ShopPage() {
  useDocumentTitle('Shop Sustainable Brands');
  // The search page saved in this browser (SPEC §3) is in the query cache before the search.
  keepShopCache(useQueryClient());
  // "Ships free with your cart" asks at the shopper's cart subtotal.
  const cartAmount = useCartAmount();
  const shop = useShopFilters(cartAmount);
  const { filters } = shop;
  const { favoritesList, landing } = shopView(filters);
  const search = useSearchProducts(filters, !favoritesList);
  const facets = useSearchFacets(filters);

  const error = search.error;
  const timedOut = error instanceof NetworkError && error.timedOut;
  const pastTheEnd = error instanceof ApiError && error.status === 404 && filters.currentPage > 1;
  const { setPage } = shop;
  // A saved or shared page that no longer exists (the catalogue shrank): back to page 1.
  useEffect(() => {
    if (pastTheEnd) setPage(1, { replace: true });
  }, [pastTheEnd, setPage]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-5">
        <div>
          <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">
            Shop Sustainable Brands
          </h1>
          <p className="mt-2 max-w-prose text-lg text-ink-muted">
            Everyday goods from small makers who care how things are made.
          </p>
        </div>
        <FreeShippingBanner />
      </div>

      <ShopControls shop={shop} facets={facets.data} facetsStale={facets.isPlaceholderData} />

      {timedOut ? <Notice tone="error">{SEARCH_TIMEOUT_TEXT}</Notice> : null}

      {favoritesList ? (
        <CurrentFavorites sort={filters.selectedFilter} headingLevel={2} />
      ) : (
        <>
          {landing ? <CurrentFavorites sort="" headingLevel={2} strip /> : null}
          <SearchResults
            search={search}
            landing={landing}
            // The timeout has its notice above; a page past the end goes back to page 1.
            quietError={timedOut || pastTheEnd}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}

/** The results of the search: its page of products, its skeleton, or why it failed. */
function SearchResults({
  search,
  landing,
  quietError,
  onPageChange,
}: {
  search: ReturnType<typeof useSearchProducts>;
  /** Below the favorites on the landing, as All Products. */
  landing: boolean;
  /** The search's failure is told elsewhere, or mended: no notice here. */
  quietError: boolean;
  onPageChange: (page: number) => void;
}) {
  const resultsRef = useRef<HTMLDivElement>(null);
  const changePage = (page: number) => {
    onPageChange(page);
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <section
      ref={resultsRef}
      aria-labelledby="results-heading"
      // Below the favorites on the landing: rendered as it nears the screen.
      className={cx('flex scroll-mt-6 flex-col gap-5', landing && 'render-lazily')}
    >
      <h2 id="results-heading" className={landing ? 'text-2xl font-semibold' : 'sr-only'}>
        {landing ? 'All Products' : 'Search results'}
      </h2>
      {search.data ? (
        <ShopResults
          page={search.data}
          updating={search.isPlaceholderData && search.isFetching}
          onPageChange={changePage}
          // On the landing the favorites fill the first screen.
          priorityCount={landing ? 0 : 4}
        />
      ) : search.isError ? (
        quietError ? null : (
          <Notice tone="error">
            {LOAD_FAILED_TEXT}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => void search.refetch()}
            >
              Retry
            </button>
          </Notice>
        )
      ) : (
        <ProductGridSkeleton count={8} />
      )}
    </section>
  );
}
