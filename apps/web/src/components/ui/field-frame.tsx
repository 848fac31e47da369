import { type ReactNode, useId } from 'react';
import { cx } from '@/lib/cx';

/** The look of a form control (input, select), with its invalid state. */
export function fieldControlClass(invalid: boolean): string {
  return cx(
    'min-h-11 w-full rounded-xl border bg-white px-3.5 py-2 text-base text-ink shadow-sm',
    'focus-visible:border-forest-700 focus-visible:outline-2 focus-visible:outline-offset-1',
    invalid ? 'border-error-fg' : 'border-sand-300 hover:border-sage-400',
  );
}

/**
 * The ids that tie a control to its label, hint and error: the given id or a generated one,
 * and `aria-describedby` naming the hint and the error that are shown.
 */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

interface FieldFrameProps {
  controlId: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** The label (with its required mark), then the control, its hint and its error message. */
export function FieldFrame({
  controlId,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={controlId} className="text-sm font-medium text-forest-900">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly the label text. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-clay-700">
            *
          </span>
        ) : null}
      </div>
      {children}
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
