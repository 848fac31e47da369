import {
  CONDITION_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
} from '@leafline/contract/constants';
import { PRODUCT_LIMITS } from '@leafline/contract/seller-products';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { ProductDraft } from './product-form-state';

const CONDITION_OPTIONS = PRODUCT_CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}));
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: value }));
/** Name and description: required, the form's whole width. */
const wide = { required: true, className: 'sm:col-span-2' } as const;

/** The product's own fields (SPEC §3 Product form): name, description, price, condition, categories. */
export function ProductFields({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<ProductDraft>();
  const field = (
    name: 'name' | 'description' | 'price' | 'condition' | 'category' | 'product_category',
  ) => ({
    id: `${idPrefix}-${name === 'product_category' ? 'product-category' : name}`,
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
      <SelectField label="Condition" required options={CONDITION_OPTIONS} {...field('condition')} />
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
