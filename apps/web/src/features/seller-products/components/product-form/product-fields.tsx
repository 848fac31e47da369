import {
  CONDITION_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
  PRODUCT_STATUSES,
} from '@leafline/contract/constants';
import { PRODUCT_LIMITS } from '@leafline/contract/seller-products';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { type ProductDraft, sendsProductStock } from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';
import { StockField } from './stock-field';

const CONDITION_OPTIONS = PRODUCT_CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}));
const STATUS_OPTIONS = PRODUCT_STATUSES.map((value) => ({
  value,
  label: PRODUCT_FORM_TEXTS.statusOptions[value],
}));
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: value }));
/** Name and description: required, the form's whole width. */
const wide = { required: true, className: 'sm:col-span-2' } as const;

/**
 * The product's own fields (SPEC §3 Product form): name, description, price and the price it
 * sold for before (issue 29, point 6), condition, its stock and SKU while it has no variant
 * rows (each row then has its own), categories.
 */
export function ProductFields({
  idPrefix,
  editing = false,
}: {
  idPrefix: string;
  /** An edit offers Archived too; a new product is active or a draft. */
  editing?: boolean;
}) {
  const { register, formState, control } = useFormContext<ProductDraft>();
  // Re-rendered when rows come or go, not at each keystroke in them.
  const ownStock = useWatch({
    control,
    name: 'variants',
    compute: (variants) => sendsProductStock({ variants }),
  });
  const field = (
    name:
      | 'name'
      | 'description'
      | 'price'
      | 'compare_at_price'
      | 'sku'
      | 'condition'
      | 'status'
      | 'category'
      | 'product_category',
  ) => ({
    id: `${idPrefix}-${name.replaceAll('_', '-')}`,
    ...register(name),
    error: formState.errors[name]?.message,
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" maxLength={PRODUCT_LIMITS.name} {...wide} {...field('name')} />
      <TextareaField
        label="Description"
        rows={5}
        maxLength={PRODUCT_LIMITS.description}
        {...wide}
        {...field('description')}
      />
      <TextField
        label="Price"
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="12.50"
        hint="In US dollars, e.g. 12.50"
        {...field('price')}
      />
      <TextField
        label={PRODUCT_FORM_TEXTS.compareAt}
        inputMode="decimal"
        autoComplete="off"
        hint={PRODUCT_FORM_TEXTS.compareAtHint}
        {...field('compare_at_price')}
      />
      <SelectField label="Condition" required options={CONDITION_OPTIONS} {...field('condition')} />
      <SelectField
        label={PRODUCT_FORM_TEXTS.status}
        options={editing ? STATUS_OPTIONS : STATUS_OPTIONS.filter((o) => o.value !== 'archived')}
        {...field('status')}
      />
      {ownStock ? (
        <StockField
          id={`${idPrefix}-stock`}
          name="stock"
          label={PRODUCT_FORM_TEXTS.stock}
          hint={PRODUCT_FORM_TEXTS.stockHint}
        />
      ) : null}
      {ownStock ? (
        <TextField
          label={PRODUCT_FORM_TEXTS.sku}
          maxLength={PRODUCT_LIMITS.sku}
          autoComplete="off"
          hint={PRODUCT_FORM_TEXTS.skuHint}
          {...field('sku')}
        />
      ) : null}
      <SelectField
        label="Product category"
        required
        placeholder="Choose a category"
        options={CATEGORY_OPTIONS}
        {...field('product_category')}
      />
      <TextField label="Category" maxLength={PRODUCT_LIMITS.category} {...field('category')} />
    </div>
  );
}
