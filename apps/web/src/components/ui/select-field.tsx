import { type ComponentProps, useId } from 'react';
import { cx } from '@/lib/cx';

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
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={selectId} className="text-sm font-medium text-forest-900">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly the label text. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-clay-700">
            *
          </span>
        ) : null}
      </div>
      <select
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cx(
          'min-h-11 w-full rounded-xl border bg-white px-3.5 py-2 text-base text-ink shadow-sm',
          'focus-visible:border-forest-700 focus-visible:outline-2 focus-visible:outline-offset-1',
          error ? 'border-error-fg' : 'border-sand-300 hover:border-sage-400',
        )}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error-fg">
          {error}
        </p>
      ) : null}
    </div>
  );
}
