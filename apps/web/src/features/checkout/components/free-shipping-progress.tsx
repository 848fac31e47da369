import Truck from 'lucide-react/icons/truck';
import { useId } from 'react';
import { formatCents, formatMoney, priceToCents } from '@/lib/money';
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
  const maxCents = priceToCents(threshold);
  const valueCents = Math.min(priceToCents(subtotal), maxCents);
  const unlocked = priceToCents(remaining) <= 0;
  const text = unlocked
    ? CHECKOUT_TEXTS.freeShippingUnlocked
    : awayFromFreeShipping(formatMoney(remaining));
  const percent = maxCents > 0 ? Math.round((valueCents / maxCents) * 100) : 100;

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
        aria-valuemax={maxCents / 100}
        aria-valuenow={valueCents / 100}
        aria-valuetext={`${formatCents(valueCents)} of ${formatCents(maxCents)}: ${text}`}
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
