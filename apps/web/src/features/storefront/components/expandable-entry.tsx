import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/**
 * An entry that opens and closes (SPEC §2: Production, Shipping, each note). Native
 * <details>/<summary>: keyboard, screen readers and find-in-page work without script.
 */
export function ExpandableEntry({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details
      className={cx(
        'group rounded-2xl border border-sand-300 bg-white/70 transition-colors open:border-sage-400 open:bg-white',
        className,
      )}
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 font-semibold text-forest-900 marker:hidden hover:bg-sage-50 [&::-webkit-details-marker]:hidden">
        {icon ? (
          <span aria-hidden="true" className="text-sage-700">
            {icon}
          </span>
        ) : null}
        <span className="flex-1">{title}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-sage-700 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="px-4 pb-4 leading-relaxed whitespace-pre-line text-ink/90">{children}</div>
    </details>
  );
}
