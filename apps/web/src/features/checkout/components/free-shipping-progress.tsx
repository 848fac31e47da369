import Truck from 'lucide-react/icons/truck';
import { useId } from 'react';
import { formatMoney } from '@/lib/money';
import { awayFromFreeShipping, CHECKOUT_TEXTS } from '../lib/checkout-texts';

export interface FreeShippingProgressProps {
  /** The cart's item subtotal, '12.00'. */
  subtotal: string;
  /** The marketplace's free-shipping subtotal, '75.00' (SPEC §9). */
  threshold: string;
  /** What is left to reach it, '63.00'; '0.00' once reached. */
  remaining: string;
}

/** SPEC §2 Checkout: how far the item subtotal is from free shipping at $75. */
export function FreeShippingProgress({
  subtotal,
  threshold,
  remaining,
}: FreeShippingProgressProps) {
  const labelId = useId();
  const max = Number.parseFloat(threshold) || 0;
  const value = Math.min(Number.parseFloat(subtotal) || 0, max);
  const left = Number.parseFloat(remaining) || 0;
  const unlocked = left <= 0;
  const text = unlocked
    ? CHECKOUT_TEXTS.freeShippingUnlocked
    : awayFromFreeShipping(formatMoney(remaining));
  const percent = max > 0 ? Math.round((value / max) * 100) : 100;

  return (
    <div className="rounded-2xl border border-sage-200 bg-sage-50 p-4">
      <p id={labelId} className="flex items-center gap-2 text-sm font-semibold text-forest-900">
        <Truck aria-hidden="true" className="size-4 shrink-0 text-sage-700" />
        <span data-testid="free-shipping-text">{text}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Progress toward free shipping"
        aria-describedby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={`${formatMoney(value)} of ${formatMoney(max)}: ${text}`}
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-white"
      >
        <div
          className="h-full rounded-full bg-forest-700 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
