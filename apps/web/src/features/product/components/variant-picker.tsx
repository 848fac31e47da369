import type { ProductVariant } from '@leafline/contract/catalog';
import { VARIANT_DROPDOWN_ABOVE } from '@leafline/contract/constants';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/money';
import { variantLabel } from '../lib/variants';

export interface VariantPickerProps {
  variants: readonly ProductVariant[];
  selectedId: number | null;
  onSelect: (variantId: number) => void;
  /** The product's price: a variant's price is named only where it differs. */
  basePrice: string;
}

/**
 * The variant choice (SPEC §2, §9): one button per variant up to 9, a labelled dropdown for
 * more. Buttons are toggle buttons (aria-pressed) in a named group.
 */
export function VariantPicker({ variants, selectedId, onSelect, basePrice }: VariantPickerProps) {
  const selectId = useId();
  const priceNote = (variant: ProductVariant) =>
    variant.price !== basePrice ? ` — ${formatMoney(variant.price)}` : '';

  if (variants.length > VARIANT_DROPDOWN_ABOVE) {
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-forest-900">
          Choose an option
        </label>
        <select
          id={selectId}
          value={selectedId ?? ''}
          onChange={(event) => onSelect(Number(event.target.value))}
          className="min-h-11 w-full rounded-xl border border-forest-900/25 bg-white px-3 text-base text-ink shadow-sm hover:border-forest-900/50 sm:max-w-sm"
        >
          {variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {variantLabel(variant)}
              {priceNote(variant)}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-forest-900">Options</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const selected = variant.id === selectedId;
          return (
            <button
              key={variant.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(variant.id)}
              className={cx(
                'min-h-11 rounded-full border px-4 text-sm font-medium transition-colors',
                selected
                  ? 'border-forest-900 bg-forest-900 text-cream'
                  : 'border-forest-900/25 bg-white/70 text-forest-900 hover:border-forest-900/60 hover:bg-sage-50',
              )}
            >
              {variantLabel(variant)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
