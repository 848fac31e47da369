import { FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract/constants';
import Truck from 'lucide-react/icons/truck';
import { cx } from '@/lib/cx';
import { formatCents } from '@/lib/money';

/** '$75', from the threshold of SPEC §9 (whole dollars lose their '.00'). */
export function freeShippingAmount(): string {
  return formatCents(FREE_SHIPPING_THRESHOLD_CENTS).replace(/\.00$/, '');
}

/**
 * The marketplace's free-shipping promotion (SPEC §1, §9; DESIGN 2.6): orders of $75 and
 * over ship free, counted over the whole cart, whichever brands it mixes.
 */
export function FreeShippingBanner({ className }: { className?: string }) {
  return (
    <div
      className={cx(
        'flex items-center justify-center gap-3 rounded-card border border-sage-200 bg-sage-50 px-4 py-3 text-center text-sm text-forest-900 sm:text-base',
        className,
      )}
    >
      <Truck aria-hidden="true" className="size-5 shrink-0 text-sage-700" />
      <p>
        <strong className="font-semibold">
          Free shipping on orders of {freeShippingAmount()} and over
        </strong>
        <span className="text-ink-muted"> — mix and match across brands.</span>
      </p>
    </div>
  );
}
