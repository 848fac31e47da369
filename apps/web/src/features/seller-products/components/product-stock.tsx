import type { ProductVariant } from '@leafline/contract/catalog';
import type { SellerProduct, StockUpdateBody } from '@leafline/contract/seller-products';
import { LOW_STOCK_THRESHOLD, stockInput } from '@leafline/contract/stock';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useUpdateProductStock } from '../api/update-product-stock';
import { SELLER_PRODUCTS_TEXTS as TEXTS } from '../lib/seller-products-texts';

/** The variants the shop sells (deleted ones stay for old orders only). */
export const liveVariants = (product: SellerProduct) =>
  product.variants.filter((variant) => !variant.deleted);

/** A variant as the list names it: its option values, 'Small / Ecru'. */
export function variantName(variant: Pick<ProductVariant, 'option1' | 'option2'>, n: number) {
  return [variant.option1, variant.option2].filter((v) => v?.trim()).join(' / ') || `Variant ${n}`;
}

/**
 * A count as the list says it (issue 26): not counted, sold out or how many, and the units
 * held by open checkouts (part of the count until those shoppers pay or leave).
 */
export function stockText(stock: number | null, reserved: number): string {
  const count =
    stock === null ? TEXTS.notCounted : stock === 0 ? TEXTS.soldOut : TEXTS.inStock(stock);
  return reserved > 0 ? `${count} ${TEXTS.inCheckouts(reserved)}` : count;
}

/** One count, coloured when nothing or little is left to buy. */
function StockCount({ stock, reserved }: { stock: number | null; reserved: number }) {
  const left = stock === null ? null : stock - reserved;
  return (
    <span
      className={cx(
        'tabular-nums',
        stock === 0 && 'font-medium text-error-fg',
        stock !== 0 &&
          left !== null &&
          left <= LOW_STOCK_THRESHOLD &&
          'font-medium text-warning-fg',
      )}
    >
      {stockText(stock, reserved)}
    </span>
  );
}

/** The product's stock: its own count, or each live variant's, compactly. */
export function StockSummary({ product }: { product: SellerProduct }) {
  const variants = liveVariants(product);
  if (variants.length === 0) {
    return <StockCount stock={product.stock} reserved={product.reserved} />;
  }
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
      {variants.map((variant, i) => (
        <li key={variant.id}>
          <span className="text-ink-muted">{variantName(variant, i + 1)}:</span>{' '}
          <StockCount stock={variant.stock} reserved={variant.reserved} />
        </li>
      ))}
    </ul>
  );
}

/** One count the quick edit changes: the product's own (id null) or a variant's. */
interface StockEntry {
  key: string;
  id: number | null;
  label: string;
  current: number | null;
}

function stockEntries(product: SellerProduct): StockEntry[] {
  const variants = liveVariants(product);
  if (variants.length === 0) {
    return [
      { key: 'product', id: null, label: TEXTS.stockOf(product.name), current: product.stock },
    ];
  }
  return variants.map((variant, i) => ({
    key: `variant-${variant.id}`,
    id: variant.id,
    label: variantName(variant, i + 1),
    current: variant.stock,
  }));
}

/**
 * The body of the quick edit: only the counts the seller changed, so a count that moved
 * meanwhile (a sale) and was not touched here is not written back over. null: nothing changed.
 */
function changedStock(
  product: SellerProduct,
  counts: ReadonlyArray<{ entry: StockEntry; stock: number | null }>,
): StockUpdateBody | null {
  const changed = counts.filter(({ entry, stock }) => stock !== entry.current);
  if (changed.length === 0) return null;
  if (liveVariants(product).length === 0) return { stock: changed[0]!.stock };
  return { variants: changed.map(({ entry, stock }) => ({ id: entry.id!, stock })) };
}

/**
 * The list's quick stock edit (issue 26): a count per live variant, or the product's own,
 * each checked with the contract's rule (a whole number 0..MAX_STOCK, or empty: not counted),
 * saved with PATCH. A refusal stays in the form with the server's reason; a save closes it.
 */
export function StockEditor({
  businessId,
  product,
  onClose,
}: {
  businessId: number;
  product: SellerProduct;
  onClose: () => void;
}) {
  const toast = useToast();
  const updateStock = useUpdateProductStock(businessId);
  const [entries] = useState(() => stockEntries(product));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(entries.map((e) => [e.key, e.current === null ? '' : String(e.current)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  // Opened from its button: the keyboard goes to the first count; after a refusal, to the
  // first refused one.
  useEffect(() => {
    const form = formRef.current;
    const target =
      focusTick === 0 ? null : form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (target ?? form?.querySelector<HTMLElement>('input'))?.focus();
  }, [focusTick]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (updateStock.isPending) return;
    setFailure(null);
    const counts = entries.map((entry) => ({
      entry,
      result: stockInput.safeParse(values[entry.key] ?? ''),
    }));
    const refused = Object.fromEntries(
      counts
        .filter(({ result }) => !result.success)
        .map(({ entry }) => [entry.key, TEXTS.stockInvalid]),
    );
    setErrors(refused);
    if (Object.keys(refused).length > 0) {
      setFocusTick((t) => t + 1);
      return;
    }
    const body = changedStock(
      product,
      counts.map(({ entry, result }) => ({ entry, stock: result.data ?? null })),
    );
    if (!body) {
      onClose();
      return;
    }
    updateStock.mutate(
      { productId: product.id, body },
      {
        onSuccess: () => {
          toast.success(TEXTS.stockSaved);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error, TEXTS.stockSaveFailed)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !updateStock.isPending) {
      event.preventDefault();
      onClose();
    }
  };

  const idPrefix = `product-${product.id}-stock`;
  const single = entries.length === 1 && entries[0]!.id === null;
  const fields = entries.map((entry) => (
    <TextField
      key={entry.key}
      id={`${idPrefix}-${entry.key}`}
      label={entry.label}
      hint={single ? TEXTS.stockEditHint : undefined}
      inputMode="numeric"
      autoComplete="off"
      placeholder={TEXTS.notCounted}
      value={values[entry.key] ?? ''}
      onChange={(event) => {
        const text = event.target.value;
        setValues((current) => ({ ...current, [entry.key]: text }));
      }}
      error={errors[entry.key]}
    />
  ));
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label={TEXTS.stockOf(product.name)}
      className="mt-3 flex flex-col gap-3 rounded-xl border border-sand-300 bg-sand-100/60 p-3"
    >
      {single ? (
        fields
      ) : (
        <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${idPrefix}-hint`}>
          <legend className="text-sm font-medium text-forest-900">
            {TEXTS.stockOf(product.name)}
          </legend>
          <p id={`${idPrefix}-hint`} className="text-sm text-ink-muted">
            {TEXTS.stockEditHint}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">{fields}</div>
        </fieldset>
      )}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={onClose}
          disabled={updateStock.isPending}
          aria-label={TEXTS.cancelStockOf(product.name)}
        >
          {TEXTS.cancelStock}
        </Button>
        <Button
          type="submit"
          size="sm"
          loading={updateStock.isPending}
          aria-label={TEXTS.saveStockOf(product.name)}
        >
          {TEXTS.saveStock}
        </Button>
      </div>
    </form>
  );
}
