import { MAX_CART_QUANTITY } from '@leafline/contract/constants';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { type KeyboardEvent, useState } from 'react';
import { cx } from '@/lib/cx';

export interface QuantityControlProps {
  /** The product's name, so each control has its own accessible name. */
  name: string;
  quantity: number;
  /** A new quantity, 0 to 99 (0 removes the line). */
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

const stepClass =
  'inline-flex size-10 items-center justify-center rounded-full text-forest-900 transition-colors hover:bg-sage-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * − / number / +. The number can be typed too; it is sent on Enter or when the field loses
 * focus. Going below 1 removes the line (the quantity call with 0).
 */
export function QuantityControl({ name, quantity, onChange, disabled }: QuantityControlProps) {
  // What the shopper is typing; null when the field shows the cart's quantity.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const next = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(next)) return;
    const clamped = Math.min(Math.max(next, 0), MAX_CART_QUANTITY);
    if (clamped !== quantity) onChange(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  return (
    <div className="inline-flex items-center rounded-full border border-sand-300 bg-white">
      <button
        type="button"
        className={stepClass}
        aria-label={`Decrease quantity of ${name}`}
        onClick={() => onChange(quantity - 1)}
        disabled={disabled || quantity < 1}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_CART_QUANTITY}
        aria-label={`Quantity of ${name}`}
        value={draft ?? String(quantity)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        disabled={disabled}
        className={cx(
          'h-10 w-12 [appearance:textfield] bg-transparent text-center text-base font-medium tabular-nums',
          '[&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
        )}
      />
      <button
        type="button"
        className={stepClass}
        aria-label={`Increase quantity of ${name}`}
        onClick={() => onChange(quantity + 1)}
        disabled={disabled || quantity >= MAX_CART_QUANTITY}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
