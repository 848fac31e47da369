import type { SearchFacets, SearchSuggestion } from '@leafline/contract/catalog';
import { CATEGORY_OPTIONS, SORT_OPTIONS } from '@leafline/contract/constants';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { refinementsOf, type ShopFilters, type ShopRefinements } from '@/lib/shop-cache';
import { CATEGORY_VALUES, type useShopFilters } from '../hooks/use-shop-filters';
import { CATEGORY_ALIASES } from '../lib/refinements';
import { ShopRefinementsPanel } from './shop-refinements';
import { ShopSearchBar, selectChevron, selectClasses } from './shop-search-bar';

/** The shop's filters and what the shopper can do with them (see useShopFilters). */
export type ShopState = ReturnType<typeof useShopFilters>;

/** The page a suggestion opens: a product's page, a brand's storefront; null for a category. */
function suggestionPage({ kind, id }: SearchSuggestion): string | null {
  if (id === null) return null;
  if (kind === 'product') return `/shop/products/${id}`;
  if (kind === 'brand') return `/businessproducts/${id}`;
  return null;
}

/** The facet counts of the categories by option value ('Stationary' counts Art Supplies). */
function categoryCountsOf(facets: SearchFacets | undefined) {
  if (!facets) return undefined;
  const byCategory = new Map(facets.categories.map((c) => [c.category, c.count]));
  const counts: Record<string, number> = {};
  for (const { value } of CATEGORY_OPTIONS) {
    const count = byCategory.get(CATEGORY_ALIASES[value] ?? value);
    if (count !== undefined) counts[value] = count;
  }
  return counts;
}

/** How many of the filters behind the phone's Filters button are set (the price range is one). */
function activeFilterCount(filters: ShopFilters, refinements: ShopRefinements): number {
  return (
    Number(filters.selectedCategory !== '') +
    Number(filters.selectedFilter !== '') +
    Number(refinements.secondHand) +
    Number(refinements.inStock) +
    Number(refinements.verified) +
    Number(refinements.freeShippingAt !== '') +
    Number(refinements.shipsFree) +
    Number(refinements.brands !== '') +
    Number(refinements.minPrice !== '' || refinements.maxPrice !== '')
  );
}

/**
 * The shop's controls: the search bar, the refinements, the price filter and Clear All.
 * On a phone the category, the filters and Clear All wait behind one button, so the first
 * products are on the first screen; from sm they are always shown.
 */
export function ShopControls({
  shop,
  facets,
  facetsStale,
}: {
  shop: ShopState;
  /** The counts of the filters' values (undefined while they load). */
  facets: SearchFacets | undefined;
  /** The counts are those of the previous filters while the new ones load. */
  facetsStale: boolean;
}) {
  const navigate = useNavigate();
  const { filters } = shop;
  const refinements = refinementsOf(filters);
  const categoryPanelId = useId();
  const refinePanelId = useId();
  const sortPanelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  /** A suggestion: a product's page, a brand's storefront, or the shop in that category. */
  const pickSuggestion = (suggestion: SearchSuggestion) => {
    const page = suggestionPage(suggestion);
    if (page) {
      // The typed words are not searched on the way out.
      shop.leave();
      void navigate(page);
    } else if (suggestion.category !== null && CATEGORY_VALUES.has(suggestion.category))
      shop.pickCategory(suggestion.category);
    else shop.searchFor(suggestion.label);
  };

  return (
    <div className="flex flex-col gap-4 rounded-card border border-sand-300 bg-white/70 p-4 shadow-soft sm:p-5">
      <ShopSearchBar
        category={filters.selectedCategory}
        onCategoryChange={shop.setCategory}
        searchInput={shop.searchInput}
        onSearchInputChange={shop.setSearchInput}
        onSubmit={shop.submitSearch}
        categoryHiddenOnPhones={!filtersOpen}
        categoryPanelId={categoryPanelId}
        categoryCounts={categoryCountsOf(facets)}
        onPickSuggestion={pickSuggestion}
      />
      <FiltersButton
        open={filtersOpen}
        onToggle={() => setFiltersOpen((open) => !open)}
        controls={`${categoryPanelId} ${refinePanelId} ${sortPanelId}`}
        activeFilters={activeFilterCount(filters, refinements)}
      />
      <div
        id={refinePanelId}
        className={cx('border-t border-sand-200 pt-4', !filtersOpen && 'max-sm:hidden')}
      >
        <ShopRefinementsPanel
          refinements={refinements}
          facets={facets}
          stale={facetsStale}
          onChange={shop.setRefinements}
          onFreeShippingChange={shop.setFreeShipping}
        />
      </div>
      <SortAndClear
        id={sortPanelId}
        hiddenOnPhones={!filtersOpen}
        sort={filters.selectedFilter}
        onSortChange={shop.setSort}
        onClearAll={shop.clearAll}
      />
    </div>
  );
}

/** The phone's Filters button, with how many filters are set. */
function FiltersButton({
  open,
  onToggle,
  controls,
  activeFilters,
}: {
  open: boolean;
  onToggle: () => void;
  /** The ids of the panels it shows and hides. */
  controls: string;
  activeFilters: number;
}) {
  return (
    <Button
      variant="secondary"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="self-start sm:hidden"
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      Filters
      {activeFilters > 0 ? (
        <>
          <span aria-hidden="true" className="tabular-nums">
            ({activeFilters})
          </span>
          <span className="sr-only">{`(${activeFilters} active)`}</span>
        </>
      ) : null}
    </Button>
  );
}

/** The price filter (a sort by price, labelled Filter as the spec has it) and Clear All. */
function SortAndClear({
  id,
  hiddenOnPhones,
  sort,
  onSortChange,
  onClearAll,
}: {
  id: string;
  hiddenOnPhones: boolean;
  sort: string;
  onSortChange: (sort: string) => void;
  onClearAll: () => void;
}) {
  const sortId = useId();
  return (
    <div
      id={id}
      className={cx(
        'grid grid-cols-2 items-end gap-3 border-t border-sand-200 pt-4 sm:flex sm:justify-between',
        hiddenOnPhones && 'max-sm:hidden',
      )}
    >
      <div className="flex flex-col gap-1.5 sm:w-[12rem]">
        <label htmlFor={sortId} className="text-sm font-medium text-forest-900">
          Filter
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onSortChange(e.target.value)}
          className={selectClasses}
          style={selectChevron}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={onClearAll} className="w-full px-3 sm:w-auto sm:px-5">
        <RotateCcw aria-hidden="true" className="size-4" />
        Clear All
      </Button>
    </div>
  );
}
