import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import { formatCents } from '@/lib/money';

/**
 * One row of the amounts under a cart, a checkout summary or an order (inside a `dl`): the
 * label on the left, the amount on the right in even figures.
 */
export function AmountRow({
  label,
  children,
  className,
  valueClassName,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={cx('flex justify-between gap-4', className)}>
      <dt>{label}</dt>
      <dd className={cx('tabular-nums', valueClassName)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Shipping as the summaries say it: 'Free' at no cost, else the amount. */
export function shippingAmount(cents: number): string {
  return cents === 0 ? 'Free' : formatCents(cents);
}
