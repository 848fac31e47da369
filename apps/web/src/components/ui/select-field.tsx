import type { ComponentProps } from 'react';
import { FieldFrame, fieldControlClass, useFieldIds } from './field-frame';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  /** The choices, in the order shown; the value is what the form sends. */
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ("Choose…"), for a field that starts unset. */
  placeholder?: string;
  id?: string;
}

/** A labelled select with an optional error message, styled as TextField. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id,
  className,
  required,
  ...props
}: SelectFieldProps) {
  const { controlId: selectId, errorId } = useFieldIds(id, undefined, error);
  return (
    <FieldFrame
      controlId={selectId}
      label={label}
      required={required}
      error={error}
      errorId={errorId}
      className={className}
    >
      <select
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={fieldControlClass(Boolean(error))}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
