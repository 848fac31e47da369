import type { ProductVariant } from '@leafline/contract/catalog';
import { VARIANT_DROPDOWN_ABOVE } from '@leafline/contract/constants';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import { PRODUCT_TEXTS } from '../lib/product-texts';
import {
  isValueAvailable,
  isValueSoldOut,
  optionValue,
  type VariantOption,
  variantOptions,
  variantWith,
} from '../lib/variants';

export interface VariantPickerProps {
  variants: readonly ProductVariant[];
  /** The product's option names, in order ("Size", "Color"). */
  optionNames?: readonly string[];
  selectedId: number | null;
  onSelect: (variantId: number) => void;
}

/**
 * The variant choice (SPEC §2, §9), one control per option named by the option ("Size",
 * "Color"): a radio group of up to 9 values, a labelled dropdown for more. A value that makes
 * no existing variant with the options before it cannot be chosen.
 */
export function VariantPicker({
  variants,
  optionNames = [],
  selectedId,
  onSelect,
}: VariantPickerProps) {
  const current = variants.find((v) => v.id === selectedId);
  const options = variantOptions(variants, optionNames);
  const choose = (index: number, value: string) => {
    const next = variantWith(variants, current, index, value);
    if (next) onSelect(next.id);
  };
  return (
    <div className="flex flex-col gap-5">
      {options.map((option, index) => (
        <OptionControl
          key={option.name}
          option={option}
          selected={current ? optionValue(current, index) : ''}
          available={(value) => isValueAvailable(variants, current, index, value)}
          soldOut={(value) => isValueSoldOut(variants, current, index, value)}
          onChoose={(value) => choose(index, value)}
        />
      ))}
    </div>
  );
}

function OptionControl({
  option,
  selected,
  available,
  soldOut,
  onChoose,
}: {
  option: VariantOption;
  selected: string;
  available: (value: string) => boolean;
  /** Values whose every variant is sold out (issue 26): shown, not chosen. */
  soldOut: (value: string) => boolean;
  onChoose: (value: string) => void;
}) {
  const id = useId();
  if (option.values.length > VARIANT_DROPDOWN_ABOVE) {
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-forest-900">
          {option.name}
        </label>
        <select
          id={id}
          value={selected}
          onChange={(event) => onChoose(event.target.value)}
          className="min-h-11 w-full rounded-xl border border-forest-900/25 bg-white px-3 text-base text-ink shadow-sm hover:border-forest-900/50 sm:max-w-sm"
        >
          {option.values.map((value) => (
            <option
              key={value}
              value={value}
              disabled={(!available(value) || soldOut(value)) && value !== selected}
            >
              {value}
              {!available(value)
                ? ' (unavailable)'
                : soldOut(value)
                  ? PRODUCT_TEXTS.soldOutSuffix
                  : ''}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-forest-900">
        {option.name}
        {/* Shown, not part of the group's name: the checked radio already says it. */}
        {selected ? (
          <span aria-hidden="true" className="font-normal text-ink-muted">
            : {selected}
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map((value) => {
          const gone = available(value) && soldOut(value);
          // The picked value stays checked even when it sold out since (the page says so).
          const disabled = (!available(value) || gone) && value !== selected;
          return (
            // A native radio per value: arrow keys move the choice, screen readers count them.
            <label key={value} className={cx('relative', disabled && 'cursor-not-allowed')}>
              <input
                type="radio"
                name={id}
                value={value}
                checked={value === selected}
                disabled={disabled}
                onChange={() => onChoose(value)}
                className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed"
              />
              <span
                className={cx(
                  'pointer-events-none inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-forest-700 peer-focus-visible:ring-offset-2',
                  value === selected
                    ? 'border-forest-900 bg-forest-900 text-cream'
                    : disabled
                      ? 'border-dashed border-forest-900/20 bg-white/40 text-ink-muted line-through'
                      : 'border-forest-900/25 bg-white/70 text-forest-900 peer-hover:border-forest-900/60 peer-hover:bg-sage-50',
                )}
              >
                {value}
                {gone ? <span className="sr-only">{PRODUCT_TEXTS.soldOutSuffix}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
