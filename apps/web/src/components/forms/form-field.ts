import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * The zod resolver of a contract schema, for a form whose values hold what the schema reads
 * and may hold more (the chosen files, which the schema leaves out of its output).
 */
export function contractResolver<T extends FieldValues, S extends { _zod: { output: unknown } }>(
  schema: S,
): Resolver<T, unknown, S['_zod']['output']> {
  return zodResolver(schema as unknown as Parameters<typeof zodResolver>[0]) as unknown as Resolver<
    T,
    unknown,
    S['_zod']['output']
  >;
}

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

/** The server's field errors (`{ email: '…' }`) put on the form's fields of those names. */
export function setServerErrors<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  fields: Record<string, string> | undefined,
) {
  for (const [name, message] of Object.entries(fields ?? {})) {
    form.setError(name as FieldPath<T>, { type: 'server', message });
  }
}
