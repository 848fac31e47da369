import type { SearchFacets } from '@leafline/contract/catalog';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import type { ShopRefinements } from '@/lib/shop-cache';
import {
  customPriceLabel,
  PRICE_RANGES,
  priceRangeIndex,
  priceRangeLabel,
  priceRangeParams,
} from '../lib/refinements';

export const REFINEMENT_LABELS = {
  showOnly: 'Show only',
  secondHand: 'Second-hand only',
  inStock: 'In stock only',
  verified: 'Verified brands only',
  freeShipping: 'Ships free to the US',
  price: 'Price',
  anyPrice: 'Any price',
} as const;

/** The name a screen reader says of a choice: 'Second-hand only, 12 products' once counted. */
export function countedName(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label}, ${count} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * A facet count beside a choice: '(12)' in a muted tone (the choice's name says it). Counts
 * of the last choices stay as they are until the new ones arrive (the panel is aria-busy
 * meanwhile): dimmed, the muted tone would fall below AA contrast.
 */
function FacetCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span aria-hidden="true" className="text-sm text-ink-muted tabular-nums">
      ({count})
    </span>
  );
}

interface OptionProps {
  label: string;
  count: number | undefined;
  checked: boolean;
}

function CheckOption({
  label,
  count,
  checked,
  onChange,
}: OptionProps & { onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl px-2 text-base text-ink transition-colors hover:bg-sage-50 -ml-2">
      <input
        type="checkbox"
        aria-label={count === undefined ? undefined : countedName(label, count)}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 shrink-0 cursor-pointer accent-forest-800"
      />
      <span className="flex flex-wrap items-baseline gap-x-1.5">
        {label}
        <FacetCount count={count} />
      </span>
    </label>
  );
}

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
 * only, free US shipping at the shopper's cart amount, and a price range; each choice with how
 * many products it would list.
 */
export function ShopRefinementsPanel({
  refinements,
  facets,
  stale = false,
  onChange,
  onFreeShippingChange,
}: ShopRefinementsProps) {
  const priceName = useId();
  const { secondHand, inStock, verified, freeShippingAt, minPrice, maxPrice } = refinements;
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
    </div>
  );
}
