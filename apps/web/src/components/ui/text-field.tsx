import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';
import { FieldFrame, fieldControlClass, useFieldIds } from './field-frame';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  hint?: string;
  id?: string;
}

/** A labelled input with an optional hint and error message. */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  required,
  ...props
}: TextFieldProps) {
  const { controlId: inputId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <FieldFrame
      controlId={inputId}
      label={label}
      required={required}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      className={className}
    >
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          fieldControlClass(Boolean(error)),
          'placeholder:text-ink-muted/70 transition-colors',
        )}
        {...props}
      />
    </FieldFrame>
  );
}
