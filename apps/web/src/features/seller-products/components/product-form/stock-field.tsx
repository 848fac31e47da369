import { useController, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { type ProductDraft, stockDefault } from './product-form-state';
import { PRODUCT_FORM_TEXTS } from './product-form-texts';

/**
 * A count of units in stock (issue 26): the product's own (without variants) or a variant
 * row's. Empty means not counted. A field never touched shows the condition's default (1 for
 * a second-hand product) and follows a change of condition; the first keystroke makes it the
 * seller's own. A text field with a numeric keyboard rather than `type="number"`: a browser
 * empties a number field holding "2.5e" or "abc", which would silently read as "not counted";
 * here the contract's rule refuses it with its text.
 */
export function StockField({
  id,
  name,
  label,
  hint,
}: {
  id: string;
  name: 'stock' | `variants.${number}.stock`;
  label: string;
  hint: string;
}) {
  const { control } = useFormContext<ProductDraft>();
  const condition = useWatch({ control, name: 'condition' });
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      placeholder={PRODUCT_FORM_TEXTS.stockPlaceholder}
      name={field.name}
      ref={field.ref}
      value={field.value ?? stockDefault(condition)}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
