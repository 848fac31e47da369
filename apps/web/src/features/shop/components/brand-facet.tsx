import type { SearchFacets } from '@leafline/contract/catalog';
import {
  BRAND_FACET_FOLDED,
  BRAND_FACET_SEARCHABLE_FROM,
  SHOP_FACET_TEXTS,
} from '@leafline/contract/shop-facets-texts';
import { useId, useState } from 'react';
import { CheckOption } from './check-option';

export interface BrandFacetProps {
  /** The facet's brands, most products first (the chosen ones among them, even at 0). */
  brands: SearchFacets['brands'];
  /** The chosen brands' ids. */
  chosen: readonly number[];
  onToggle: (id: number, chosen: boolean) => void;
}

/**
 * The brand facet (issue 30): a checkbox per brand with how many products it would list, every
 * other choice kept. From BRAND_FACET_SEARCHABLE_FROM brands a box finds one by name and the
 * list shows the first BRAND_FACET_FOLDED (and the chosen ones) until unfolded.
 */
export function BrandFacet({ brands, chosen, onToggle }: BrandFacetProps) {
  const findId = useId();
  const listId = useId();
  const [find, setFind] = useState('');
  const [unfolded, setUnfolded] = useState(false);
  if (brands.length === 0) return null;
  const isChosen = new Set(chosen);
  const searchable = brands.length >= BRAND_FACET_SEARCHABLE_FROM;
  const needle = find.trim().toLocaleLowerCase();
  const found = needle ? brands.filter((b) => b.name.toLocaleLowerCase().includes(needle)) : brands;
  const folded = searchable && !unfolded && needle === '';
  const shown = folded
    ? found.filter((b, k) => k < BRAND_FACET_FOLDED || isChosen.has(b.id))
    : found;

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-forest-900">{SHOP_FACET_TEXTS.brand}</legend>
      {searchable ? (
        <div className="mb-1 max-w-xs">
          <label htmlFor={findId} className="sr-only">
            {SHOP_FACET_TEXTS.findBrand}
          </label>
          <input
            id={findId}
            type="search"
            value={find}
            placeholder={SHOP_FACET_TEXTS.findBrand}
            onChange={(e) => setFind(e.target.value)}
            className="min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-base text-ink placeholder:text-ink-muted focus:border-forest-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-forest-700/40"
          />
        </div>
      ) : null}
      <div id={listId} className="flex flex-col sm:grid sm:grid-cols-2 sm:gap-x-5 lg:grid-cols-3">
        {shown.map((brand) => (
          <CheckOption
            key={brand.id}
            label={brand.name}
            count={brand.count}
            checked={isChosen.has(brand.id)}
            onChange={(on) => onToggle(brand.id, on)}
          />
        ))}
      </div>
      {needle !== '' && found.length === 0 ? (
        <p className="py-2 text-sm text-ink-muted">{SHOP_FACET_TEXTS.noBrandFound}</p>
      ) : null}
      {searchable && needle === '' && brands.length > BRAND_FACET_FOLDED ? (
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls={listId}
          onClick={() => setUnfolded((open) => !open)}
          className="mt-1 min-h-11 rounded-xl px-2 -ml-2 text-sm font-medium text-forest-800 underline underline-offset-2 hover:bg-sage-50"
        >
          {unfolded
            ? SHOP_FACET_TEXTS.showFewerBrands
            : SHOP_FACET_TEXTS.showAllBrands(brands.length)}
        </button>
      ) : null}
    </fieldset>
  );
}
