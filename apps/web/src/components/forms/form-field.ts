import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import {
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

type ContractSchema = { _zod: { output: unknown } };
type ZodSchema = Parameters<typeof zodResolver>[0];

/**
 * The zod resolver of a contract schema, for a form whose values hold what the schema reads
 * and may hold more (the chosen files, which the schema leaves out of its output). The form
 * is sent with the schema's output.
 */
export function contractResolver<T extends FieldValues, S extends ContractSchema>(
  schema: S,
): Resolver<T, unknown, S['_zod']['output']> {
  return zodResolver(schema as unknown as ZodSchema) as unknown as Resolver<
    T,
    unknown,
    S['_zod']['output']
  >;
}

/**
 * The same check for a form that is sent as typed (the contract's schema reads the body the
 * server is sent: the form's values pass it unchanged).
 */
export function contractCheck<T extends FieldValues>(schema: ContractSchema): Resolver<T> {
  return zodResolver(schema as unknown as ZodSchema, undefined, {
    raw: true,
  }) as unknown as Resolver<T>;
}

/**
 * A text field's wiring to its react-hook-form form (`<TextField {...formField(form, 'email')} />`):
 * the registration (name, ref, change and blur) and the field's error message, if any.
 */
export function formField<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  name: FieldPath<T>,
) {
  return { ...form.register(name), error: errorText(get(form.formState.errors, name)) };
}

/**
 * The message of a field's error, or the first one nested under it (a list's error is on its
 * rows: `country_fees.1`, `variants.0.price`).
 */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const nested of Object.values(error)) {
    const text = errorText(nested);
    if (text) return text;
  }
  return undefined;
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

/**
 * A form's submit: first `before` (the last outcome goes), then the check, then `onValid` with
 * the checked values.
 */
export function submitWith<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  onValid: SubmitHandler<O>,
  before: () => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    before();
    void form.handleSubmit(onValid)(event);
  };
}
