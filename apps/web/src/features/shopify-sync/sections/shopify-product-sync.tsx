import { SHOPIFY_MESSAGES, SHOPIFY_TEXTS, type ShopifySyncRun } from '@leafline/contract/shopify';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { isSyncActive, useShopifySync } from '../api/get-shopify-sync';
import { useStartShopifyProductSync } from '../api/sync-shopify-products';
import { ShopifyImportChoice } from './shopify-import-choice';

/**
 * Why a start failed, for under 'Failed to sync products.': the server's own text (not
 * connected, a bad option); none for a 404 (the call may not exist on this server) or no answer.
 */
function startFailureReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 404 || !error.hasServerMessage) return null;
  return error.message;
}

/** What the live region says of a run; null when a failure says it instead. */
function runText(run: ShopifySyncRun): string | null {
  switch (run.status) {
    case 'queued':
      return SHOPIFY_TEXTS.queued;
    case 'running':
      return SHOPIFY_TEXTS.syncing(run.done, run.total);
    case 'succeeded':
      return SHOPIFY_TEXTS.synced(run);
    case 'failed':
      return null;
  }
}

/**
 * Sync products (SPEC §2 Shopify section, issue 13): starts the background sync (after a
 * confirm step when it also removes products), then follows it — n of N in a progress bar and a
 * polite live region — to its result. A reload shows the latest run, still running or ended.
 */
export function ShopifyProductSync({ businessId }: { businessId: number }) {
  const status = useShopifySync(businessId);
  const start = useStartShopifyProductSync(businessId);
  const [clear, setClear] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [startFailure, setStartFailure] = useState<{ reason: string | null } | null>(null);
  const clearId = useId();
  const run = status.data?.sync ?? null;
  const active = isSyncActive(run);

  const begin = (withClear: boolean) => {
    setStartFailure(null);
    start.mutate(withClear, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        setStartFailure({ reason: startFailureReason(error) });
      },
    });
  };

  const failure = startFailure
    ? startFailure
    : run?.status === 'failed'
      ? { reason: run.error }
      : null;
  const text = startFailure || !run ? null : runText(run);

  return (
    <div className="flex flex-col gap-3">
      <ShopifyImportChoice businessId={businessId} disabled={active} />
      <label htmlFor={clearId} className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          id={clearId}
          type="checkbox"
          checked={clear}
          disabled={active}
          onChange={(event) => setClear(event.target.checked)}
          className="size-5 shrink-0 accent-forest-900"
        />
        {SHOPIFY_TEXTS.clearOption}
      </label>
      <div>
        <Button
          variant="secondary"
          onClick={() => (clear ? setConfirming(true) : begin(false))}
          disabled={active}
          loading={start.isPending && !confirming}
          className="w-full sm:w-auto"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {SHOPIFY_TEXTS.syncProducts}
        </Button>
      </div>
      {active ? <SyncProgress run={run} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="text-sm">
        {text ? (
          <p
            className={
              run?.status === 'succeeded'
                ? 'rounded-xl border border-sage-200 bg-success-bg px-4 py-3 font-medium text-success-fg'
                : 'font-medium text-forest-900'
            }
          >
            {text}
          </p>
        ) : null}
      </div>
      {failure ? (
        <Notice tone="error">
          <p>{SHOPIFY_MESSAGES.productSyncFailed}</p>
          {failure.reason ? <p className="mt-1 font-normal">{failure.reason}</p> : null}
        </Notice>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={SHOPIFY_TEXTS.clearConfirmTitle}
        description={SHOPIFY_TEXTS.clearConfirmDescription}
        cancelLabel={SHOPIFY_TEXTS.cancel}
        confirmLabel={SHOPIFY_TEXTS.clearConfirm}
        onConfirm={() => begin(true)}
        busy={start.isPending}
      />
    </div>
  );
}

/**
 * n of N while the store's size is known; until then (queued, or the first page not read yet)
 * a bar without a value, which assistive technology reads as busy.
 */
function SyncProgress({ run }: { run: ShopifySyncRun }) {
  const known = run.status === 'running' && run.total !== null;
  const total = run.total ?? 0;
  const done = Math.min(run.done, total);
  const percent = total > 0 ? Math.round((done / total) * 100) : 100;
  const text = run.status === 'queued' ? SHOPIFY_TEXTS.queued : SHOPIFY_TEXTS.syncing(done, total);
  return (
    <div
      role="progressbar"
      aria-label={SHOPIFY_TEXTS.syncProgressLabel}
      aria-valuemin={0}
      aria-valuemax={known ? total : undefined}
      aria-valuenow={known ? done : undefined}
      aria-valuetext={known ? text : undefined}
      className="h-2.5 w-full overflow-hidden rounded-full bg-sand-200"
    >
      {known ? (
        <div
          className="h-full rounded-full bg-forest-700 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      ) : (
        <div className="h-full w-1/3 animate-pulse rounded-full bg-forest-700/60 motion-reduce:animate-none" />
      )}
    </div>
  );
}
