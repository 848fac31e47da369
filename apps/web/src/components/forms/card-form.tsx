import type { FormEventHandler, ReactNode } from 'react';
import { cx } from '@/lib/cx';

/** A section's form on its card (`label` names it), checked by its own rules, not the browser's. */
export function CardForm({
  label,
  onSubmit,
  gap = 'gap-5',
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  gap?: 'gap-4' | 'gap-5';
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className={cx(
        'flex flex-col rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6',
        gap,
      )}
    >
      {children}
    </form>
  );
}
