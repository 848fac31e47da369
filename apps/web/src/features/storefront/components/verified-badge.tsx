import BadgeCheck from 'lucide-react/icons/badge-check';
import Info from 'lucide-react/icons/info';
import { useId, useState } from 'react';
import { cx } from '@/lib/cx';
import { STOREFRONT_TEXTS } from '../lib/storefront-texts';

/**
 * The Verified badge with its info tooltip (SPEC §2 Storefront). The badge is a button
 * described by the tooltip (aria-describedby), so the explanation is read on focus; the
 * tooltip shows on hover, on keyboard focus and on tap, and Escape hides it.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);

  return (
    // On a phone the tooltip hangs from the heading row (full width, never off screen); from
    // sm it hangs from the badge itself.
    <span className={cx('inline-flex sm:relative', className)}>
      <button
        type="button"
        aria-describedby={tooltipId}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-sage-200 bg-sage-100 px-3 text-sm font-semibold text-forest-900 transition-colors hover:bg-sage-200"
      >
        <BadgeCheck aria-hidden="true" className="size-4" />
        {STOREFRONT_TEXTS.verified}
        <Info aria-hidden="true" className="size-3.5 text-sage-700" />
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className={cx(
          'absolute top-full right-0 left-0 z-20 mt-2 rounded-xl sm:right-auto sm:w-72 bg-forest-900 px-3.5 py-2.5 text-left text-sm leading-snug font-normal text-cream shadow-soft transition-opacity',
          open ? 'visible opacity-100' : 'invisible opacity-0',
        )}
      >
        {STOREFRONT_TEXTS.verifiedInfo}
      </span>
    </span>
  );
}
