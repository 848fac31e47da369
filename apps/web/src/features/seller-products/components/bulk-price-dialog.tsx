import {
  PRODUCT_BULK_MESSAGES,
  priceAfterPercent,
  productBulkPercent,
  type SellerProduct,
} from '@leafline/contract/seller-products';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { formatCents, formatMoney, priceToCents } from '@/lib/money';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';

/** "10", "-15", "+7.5 %" as the percentage the bulk route takes (the contract's rules), else null. */
export function percentOf(text: string): number | null {
  const match = /^\s*([+-]?\d+(?:\.\d+)?)\s*%?\s*$/.exec(text);
  const checked = match ? productBulkPercent.safeParse(Number(match[1])) : undefined;
  return checked?.success ? checked.data : null;
}

/**
 * Issue 29, point 7: the picked products' prices changed by a percentage, each shown before
 * and after (rounded to the cent as the server does); variants with their own price change
 * by the same.
 */
export function BulkPriceDialog({
  products,
  open,
  busy,
  error,
  onClose,
  onApply,
}: {
  products: readonly SellerProduct[];
  open: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onClose: () => void;
  onApply: (percent: number) => void;
}) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const percent = percentOf(text);
  const apply = () => {
    if (percent === null) {
      setInvalid(true);
      return;
    }
    onApply(percent);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={SELLER_PRODUCTS_TEXTS.priceDialogTitle(products.length)}
      description={SELLER_PRODUCTS_TEXTS.percentHint}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <TextField
          label={SELLER_PRODUCTS_TEXTS.percentLabel}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          error={invalid ? PRODUCT_BULK_MESSAGES.percent : (error ?? undefined)}
        />
        <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto text-sm" aria-live="polite">
          {products.map((product) => {
            const cents = priceToCents(product.price);
            return (
              <li key={product.id} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{product.name}</span>
                <span className="shrink-0 tabular-nums">
                  {formatMoney(product.price)}
                  {percent !== null ? ` → ${formatCents(priceAfterPercent(cents, percent))}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {SELLER_PRODUCTS_TEXTS.cancelStock}
          </Button>
          <Button type="submit" disabled={busy}>
            {SELLER_PRODUCTS_TEXTS.applyPrice(products.length)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
