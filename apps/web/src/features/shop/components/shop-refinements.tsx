import type { SearchFacets } from '@leafline/contract/catalog';
import { SHOP_FACET_TEXTS } from '@leafline/contract/shop-facets-texts';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import type { ShopRefinements } from '@/lib/shop-cache';
import {
  brandIdsOf,
  customPriceLabel,
  PRICE_RANGES,
  priceRangeIndex,
  priceRangeLabel,
  priceRangeParams,
  withBrand,
} from '../lib/refinements';
import { BrandFacet } from './brand-facet';
import { CheckOption } from './check-option';
import { countedName, FacetCount, type OptionProps } from './facet-count';

export const REFINEMENT_LABELS = {
  showOnly: 'Show only',
  secondHand: 'Second-hand only',
  inStock: 'In stock only',
  verified: 'Verified brands only',
  freeShipping: 'Ships free with your cart',
  shipsFreeToMe: SHOP_FACET_TEXTS.shipsFreeToMe,
  price: 'Price',
  anyPrice: 'Any price',
} as const;

function RadioChip({
  name,
  label,
  count,
  checked,
  onChange,
}: OptionProps & { name: string; onChange: () => void }) {
  return (
    <label
      className={cx(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3.5 text-sm transition-colors',
        checked
          ? 'border-forest-700 bg-sage-50 font-medium text-forest-900'
          : 'border-sand-300 bg-white text-ink hover:border-sage-400',
      )}
    >
      <input
        type="radio"
        name={name}
        aria-label={count === undefined ? undefined : countedName(label, count)}
        checked={checked}
        onChange={onChange}
        className="size-4 shrink-0 cursor-pointer accent-forest-800"
      />
      <span className="flex items-baseline gap-x-1.5">
        {label}
        <FacetCount count={count} />
      </span>
    </label>
  );
}

export interface ShopRefinementsProps {
  refinements: ShopRefinements;
  /** The facet counts of the current search; undefined while unknown (no counts shown). */
  facets: SearchFacets | undefined;
  /** The counts are those of the last choices, the new ones on their way. */
  stale?: boolean;
  onChange: (changes: Partial<Omit<ShopRefinements, 'freeShippingAt'>>) => void;
  onFreeShippingChange: (on: boolean) => void;
}

/**
 * The shop's filters beside category and sort (issue 15): second-hand only, verified brands
 * only, free US shipping at the shopper's cart amount, and a price range; (issue 30) ships free
 * to me and the brands; each choice with how many products it would list.
 */
export function ShopRefinementsPanel({
  refinements,
  facets,
  stale = false,
  onChange,
  onFreeShippingChange,
}: ShopRefinementsProps) {
  const priceName = useId();
  const { secondHand, inStock, verified, freeShippingAt, minPrice, maxPrice, shipsFree, brands } =
    refinements;
  const chosenBrands = brandIdsOf(brands);
  const rangeIndex = priceRangeIndex(minPrice, maxPrice);
  const rangeCounts = facets?.price_ranges.map((range) => range.count);
  const anyPriceCount = rangeCounts?.reduce((sum, count) => sum + count, 0);

  return (
    <div
      // The counts of the last choices are on screen until the new ones arrive.
      aria-busy={stale || undefined}
      className="flex flex-col gap-4"
    >
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-forest-900">
          {REFINEMENT_LABELS.showOnly}
        </legend>
        <div className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-5">
          <CheckOption
            label={REFINEMENT_LABELS.secondHand}
            count={facets?.second_hand}
            checked={secondHand}
            onChange={(on) => onChange({ secondHand: on })}
          />
          <CheckOption
            label={REFINEMENT_LABELS.inStock}
            count={facets?.in_stock}
            checked={inStock}
            onChange={(on) => onChange({ inStock: on })}
          />
          <CheckOption
            label={REFINEMENT_LABELS.verified}
            count={facets?.verified}
            checked={verified}
            onChange={(on) => onChange({ verified: on })}
          />
          <CheckOption
            label={REFINEMENT_LABELS.freeShipping}
            count={facets?.free_shipping}
            checked={freeShippingAt !== ''}
            onChange={onFreeShippingChange}
          />
          <CheckOption
            label={REFINEMENT_LABELS.shipsFreeToMe}
            count={facets?.ships_free}
            checked={shipsFree}
            onChange={(on) => onChange({ shipsFree: on })}
          />
        </div>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-forest-900">
          {REFINEMENT_LABELS.price}
        </legend>
        <div className="flex flex-wrap gap-2">
          <RadioChip
            name={priceName}
            label={REFINEMENT_LABELS.anyPrice}
            count={anyPriceCount}
            checked={rangeIndex === -1}
            onChange={() => onChange({ minPrice: '', maxPrice: '' })}
          />
          {PRICE_RANGES.map((range, index) => (
            <RadioChip
              key={range[0]}
              name={priceName}
              label={priceRangeLabel(range)}
              count={rangeCounts?.[index]}
              checked={rangeIndex === index}
              onChange={() => onChange(priceRangeParams(range))}
            />
          ))}
          {rangeIndex === null ? (
            // A range the shop does not offer (from a shared address): shown as chosen.
            <RadioChip
              name={priceName}
              label={customPriceLabel(minPrice, maxPrice)}
              count={undefined}
              checked
              onChange={() => {}}
            />
          ) : null}
        </div>
      </fieldset>
      <BrandFacet
        brands={facets?.brands ?? []}
        chosen={chosenBrands}
        onToggle={(id, on) => onChange({ brands: withBrand(brands, id, on) })}
      />
    </div>
  );
}
