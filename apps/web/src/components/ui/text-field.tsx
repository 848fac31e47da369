import { type ComponentProps, useId } from 'react';
import { cx } from '@/lib/cx';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={inputId} className="text-sm font-medium text-forest-900">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly the label text. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-clay-700">
            *
          </span>
        ) : null}
      </div>
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'min-h-11 w-full rounded-xl border bg-white px-3.5 py-2 text-base text-ink shadow-sm',
          'placeholder:text-ink-muted/70 transition-colors',
          'focus-visible:border-forest-700 focus-visible:outline-2 focus-visible:outline-offset-1',
          error ? 'border-error-fg' : 'border-sand-300 hover:border-sage-400',
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error-fg">
          {error}
        </p>
      ) : null}
    </div>
  );
}
