import { SHOPIFY_TEXTS } from '@leafline/contract/shopify';
import {
  type ShopifyImportMode,
  type ShopifyImportSettings,
  type ShopifyImportStatus,
  shopifyImportSettingsBody,
  SHOPIFY_IMPORT_TEXTS as TEXTS,
} from '@leafline/contract/shopify-import';
import ListChecks from 'lucide-react/icons/list-checks';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import {
  useSaveShopifyImportSettings,
  useShopifyImportSettings,
  useShopifyStoreProducts,
} from '../api/shopify-import';
import { useStartShopifyProductSync } from '../api/sync-shopify-products';

/**
 * Choose what to import (issue 29 point 8): a line saying what the sync imports now, and
 * "Choose products…" — all active products or only those picked from the store's list, new ones
 * active or as drafts — saved, then synced at once.
 */
export function ShopifyImportChoice({
  businessId,
  disabled,
}: {
  businessId: number;
  /** While a sync runs, the choice waits for it. */
  disabled: boolean;
}) {
  const settings = useShopifyImportSettings(businessId);
  const [open, setOpen] = useState(false);
  const current = settings.data;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sand-300 bg-sand-100/60 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p data-testid="shopify-import-summary">
        {current
          ? current.mode === 'all'
            ? TEXTS.summaryAll(current.status)
            : TEXTS.summaryPicked(current.product_ids.length, current.status)
          : ' '}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={disabled || !current}
      >
        <ListChecks aria-hidden="true" className="size-4" />
        {TEXTS.open}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={TEXTS.title}
        description={TEXTS.description}
        className="sm:max-w-2xl"
      >
        {current ? (
          <ChoiceForm businessId={businessId} current={current} onClose={() => setOpen(false)} />
        ) : null}
      </Dialog>
    </div>
  );
}

function ChoiceForm({
  businessId,
  current,
  onClose,
}: {
  businessId: number;
  current: ShopifyImportSettings;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<ShopifyImportMode>(current.mode);
  const [status, setStatus] = useState<ShopifyImportStatus>(current.status);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(current.product_ids));
  const [error, setError] = useState<string | null>(null);
  const products = useShopifyStoreProducts(businessId, mode === 'picked');
  const save = useSaveShopifyImportSettings(businessId);
  const sync = useStartShopifyProductSync(businessId);
  const busy = save.isPending || sync.isPending;

  const toggle = (id: string, on: boolean) =>
    setPicked((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = { mode, status, product_ids: mode === 'picked' ? [...picked] : [] };
    const checked = shopifyImportSettingsBody.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? TEXTS.title);
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: () =>
        sync.mutate(false, {
          onSuccess: onClose,
          onError: (e) => setError(errorMessage(e, TEXTS.title)),
        }),
      onError: (e) => setError(errorMessage(e, TEXTS.title)),
    });
  };

  const list = products.data?.pages.flatMap((p) => p.products) ?? [];
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Choice
        legend={TEXTS.title}
        name="shopify-import-mode"
        value={mode}
        onChange={setMode}
        options={[
          ['all', TEXTS.modeAll],
          ['picked', TEXTS.modePicked],
        ]}
      />
      {mode === 'picked' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium" aria-live="polite">
            {TEXTS.picked(picked.size)}
          </p>
          {products.isPending ? <Spinner label="Loading your store’s products…" /> : null}
          {products.isError ? (
            <Notice tone="error">{errorMessage(products.error, TEXTS.title)}</Notice>
          ) : null}
          <ul className="flex max-h-[45vh] flex-col divide-y divide-sand-200 overflow-y-auto rounded-xl border border-sand-300">
            {list.map((product) => (
              <li key={product.id}>
                <label className="flex min-h-11 items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    aria-label={TEXTS.pick(product.title)}
                    checked={picked.has(product.id)}
                    onChange={(e) => toggle(product.id, e.target.checked)}
                    className="size-5 shrink-0 accent-forest-900"
                  />
                  <span className="min-w-0 flex-1 break-words" aria-hidden="true">
                    {product.title}
                  </span>
                  {product.imported ? (
                    <span className="rounded-full bg-sage-50 px-2 py-0.5 text-xs text-forest-900">
                      {TEXTS.imported}
                    </span>
                  ) : null}
                  {product.price ? (
                    <span className="text-ink-muted">{formatMoney(product.price)}</span>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
          {products.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void products.fetchNextPage()}
              loading={products.isFetchingNextPage}
            >
              {TEXTS.more}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Choice
        legend={TEXTS.statusLegend}
        name="shopify-import-status"
        value={status}
        onChange={setStatus}
        options={[
          ['active', TEXTS.statusActive],
          ['draft', TEXTS.statusDraft],
        ]}
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {SHOPIFY_TEXTS.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

/** A labelled group of radio buttons. */
function Choice<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-forest-900">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="size-4 accent-forest-900"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
