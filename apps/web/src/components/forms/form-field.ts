import { type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form';

/**
 * A text field's wiring to its react-hook-form form (`<TextField {...formField(form, 'email')} />`):
 * the registration (name, ref, change and blur) and the field's error message, if any.
 */
export function formField<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  name: FieldPath<T>,
) {
  const error: { message?: unknown } | undefined = get(form.formState.errors, name);
  return {
    ...form.register(name),
    error: typeof error?.message === 'string' && error.message ? error.message : undefined,
  };
}
