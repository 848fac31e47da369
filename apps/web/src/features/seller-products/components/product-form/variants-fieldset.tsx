import { PRODUCT_LIMITS } from '@leafline/contract/seller-products';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import Wand from 'lucide-react/icons/wand-sparkles';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { errorText } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { PicturesField } from './pictures-field';
import {
  emptyVariant,
  optionValuesOf,
  type ProductDraft,
  type VariantDraft,
  withEveryCombination,
} from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';
import { StockField } from './stock-field';

/**
 * Options and variants (SPEC §3, §5): up to two option names, then a row per variant (options,
 * price, stock); a row without an option value or a price is not sent.
 */
export function VariantsFieldset({ idPrefix }: { idPrefix: string }) {
  const { control, register, formState } = useFormContext<ProductDraft>();
  const variants = useFieldArray({ control, name: 'variants' });
  const optionNamesError = errorText(formState.errors.optionNames);
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-card border border-sand-300 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-forest-900">Options and variants</legend>
      <p className="-mt-2 text-sm text-ink-muted">
        Optional. Name up to two options (e.g. Size and Colour), then give their values to make a
        row for every combination, or add rows one by one. A row without an option value or a price
        is not saved.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {([0, 1] as const).map((i) => (
          <TextField
            key={i}
            id={`${idPrefix}-option-name-${i}`}
            label={`Option ${i + 1} name`}
            placeholder={i === 0 ? 'Size' : 'Colour'}
            maxLength={PRODUCT_LIMITS.optionName}
            {...register(`optionNames.${i}`)}
            error={optionNamesError}
          />
        ))}
      </div>
      <OptionValues idPrefix={idPrefix} onRows={(rows) => variants.replace(rows)} />
      {variants.fields.length > 0 ? (
        <ol className="flex flex-col gap-4">
          {variants.fields.map((variant, index) => (
            <VariantRow
              key={variant.key}
              idPrefix={`${idPrefix}-${variant.key}`}
              index={index}
              onRemove={() => variants.remove(index)}
            />
          ))}
        </ol>
      ) : null}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => variants.append(emptyVariant())}
          disabled={variants.fields.length >= PRODUCT_LIMITS.variants}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add variant
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * Variants from options (issue 29, point 6): each option's values, comma separated, and one
 * button that makes a row for every combination (the rows the form has for one are kept). On
 * edit the fields start from the values the variants have.
 */
function OptionValues({
  idPrefix,
  onRows,
}: {
  idPrefix: string;
  onRows: (rows: VariantDraft[]) => void;
}) {
  const { control, getValues, register } = useFormContext<ProductDraft>();
  const optionNames = useWatch({ control, name: 'optionNames' });
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const statusId = useId();
  const make = () => {
    const values = getValues('optionValues');
    const first = optionValuesOf(values[0]);
    if (!first.length) {
      setSaid({ text: PRODUCT_FORM_TEXTS.noOptionValues, error: true });
      return;
    }
    const made = withEveryCombination(getValues('variants'), first, optionValuesOf(values[1]));
    if ('tooMany' in made) {
      setSaid({ text: PRODUCT_FORM_TEXTS.tooManyCombinations(made.tooMany), error: true });
      return;
    }
    onRows(made.rows);
    setSaid({
      text: made.added
        ? PRODUCT_FORM_TEXTS.madeVariants(made.added, made.kept)
        : PRODUCT_FORM_TEXTS.noNewVariants,
      error: false,
    });
  };
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-sand-100/70 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {([0, 1] as const).map((i) => (
          <TextField
            key={i}
            id={`${idPrefix}-option-values-${i}`}
            label={PRODUCT_FORM_TEXTS.optionValues(optionNames[i].trim() || `Option ${i + 1}`)}
            hint={PRODUCT_FORM_TEXTS.optionValuesHint}
            autoComplete="off"
            {...register(`optionValues.${i}`)}
            onKeyDown={(event) => {
              // Enter makes the rows rather than sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                make();
              }
            }}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={make} aria-describedby={statusId}>
          <Wand aria-hidden="true" className="size-4" />
          {PRODUCT_FORM_TEXTS.makeVariants}
        </Button>
        <p
          id={statusId}
          role="status"
          className={said?.error ? 'text-sm text-error-fg' : 'text-sm text-ink-muted'}
        >
          {said?.text ?? ''}
        </p>
      </div>
    </div>
  );
}

function VariantRow({
  idPrefix,
  index,
  onRemove,
}: {
  idPrefix: string;
  index: number;
  onRemove: () => void;
}) {
  const { control, register, formState } = useFormContext<ProductDraft>();
  const optionNames = useWatch({ control, name: 'optionNames' });
  const number = index + 1;
  const name = `Variant ${number}`;
  const field = (key: 'option1' | 'option2' | 'price' | 'compare_at_price' | 'sku') => ({
    id: `${idPrefix}-${key}`,
    ...register(`variants.${index}.${key}`),
    error: errorText(formState.errors.variants?.[index]?.[key]),
  });
  return (
    <li className="rounded-xl border border-sand-300 bg-white/60 p-4">
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="sr-only">{name}</legend>
        <div className="flex items-center justify-between gap-3">
          <p aria-hidden="true" className="font-semibold text-forest-900">
            {name}
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove variant ${number}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span aria-hidden="true">Remove</span>
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${optionNames[0].trim() || 'Option 1'} (variant ${number})`}
            maxLength={PRODUCT_LIMITS.option}
            {...field('option1')}
          />
          <TextField
            label={`${optionNames[1].trim() || 'Option 2'} (variant ${number})`}
            hint="Optional"
            maxLength={PRODUCT_LIMITS.option}
            {...field('option2')}
          />
          <TextField
            label={`Price (variant ${number})`}
            hint="Empty: the product's price"
            inputMode="decimal"
            autoComplete="off"
            {...field('price')}
          />
          <TextField
            label={PRODUCT_FORM_TEXTS.variantCompareAt(number)}
            hint="Optional, more than its price"
            inputMode="decimal"
            autoComplete="off"
            {...field('compare_at_price')}
          />
          <TextField
            label={PRODUCT_FORM_TEXTS.variantSku(number)}
            hint="Optional"
            maxLength={PRODUCT_LIMITS.sku}
            autoComplete="off"
            {...field('sku')}
          />
          <StockField
            id={`${idPrefix}-stock`}
            name={`variants.${index}.stock`}
            label={PRODUCT_FORM_TEXTS.variantStock(number)}
            hint={PRODUCT_FORM_TEXTS.variantStockHint}
          />
        </div>
        <PicturesField
          compact
          name={`variants.${index}.pictures`}
          label={`Images of variant ${number}`}
        />
      </fieldset>
    </li>
  );
}
