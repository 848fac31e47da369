import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

export type Tone = 'success' | 'error' | 'warning' | 'info';

export const toneClasses: Record<Tone, string> = {
  success: 'border-sage-200 bg-success-bg text-success-fg',
  error: 'border-error-fg/25 bg-error-bg text-error-fg',
  warning: 'border-warning-fg/25 bg-warning-bg text-warning-fg',
  info: 'border-info-fg/25 bg-info-bg text-info-fg',
};

export const toneIcons = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
} as const;

/**
 * A message shown in the page. Errors are `role="alert"` (announced at once), the rest
 * `role="status"`.
 */
export function Notice({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = toneIcons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium',
        toneClasses[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
