import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';
import { FieldFrame, fieldControlClass, useFieldIds } from './field-frame';

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  id?: string;
}

/** A labelled multi-line input, styled and wired as TextField. */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  required,
  rows = 4,
  ...props
}: TextareaFieldProps) {
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
      <textarea
        id={inputId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(fieldControlClass(Boolean(error)), 'resize-y placeholder:text-ink-muted/70')}
        {...props}
      />
    </FieldFrame>
  );
}
