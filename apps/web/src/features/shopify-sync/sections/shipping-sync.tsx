import {
  SHOPIFY_MESSAGES,
  SHOPIFY_TEXTS,
  type ShopifyShippingPreview,
} from '@leafline/contract/shopify';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { formatMoney } from '@/lib/money';
import { siblingSection } from '@/lib/seller/dashboard-sections';
import { usePreviewShopifyShippingFees } from '../api/preview-shopify-shipping-fees';
import { useSyncShopifyShippingFees } from '../api/sync-shopify-shipping-fees';
import { shopifyErrorText } from '../lib/shopify-error';

type Status = { tone: 'success' | 'error'; message: string } | null;

/**
 * Sync shipping fees (issue 13): copies the store's delivery rates into the shipping-fee
 * setting; the logistics section then shows them. It asks first (issue 24, point 4): the
 * preview's changes are shown in a dialog, and the sync runs only on confirmation.
 */
export function ShippingSync({ businessId }: { businessId: number }) {
  const previewCall = usePreviewShopifyShippingFees(businessId);
  const sync = useSyncShopifyShippingFees(businessId);
  const { pathname } = useLocation();
  const [status, setStatus] = useState<Status>(null);
  const question = useConfirmation<ShopifyShippingPreview>();
  const preview = question.subject;
  const failed = (error: unknown) => shopifyErrorText(error, SHOPIFY_MESSAGES.shippingSyncFailed);

  const onSync = () => {
    setStatus(null);
    previewCall.mutate(undefined, {
      onSuccess: question.ask,
      onError: (error) => setStatus({ tone: 'error', message: failed(error) }),
    });
  };

  const onConfirm = () => {
    question.setError(null);
    sync.mutate(undefined, {
      onSuccess: () => {
        question.close();
        setStatus({ tone: 'success', message: SHOPIFY_TEXTS.shippingSynced });
      },
      onError: (error) => question.setError(failed(error)),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          onClick={onSync}
          loading={previewCall.isPending}
          className="w-full sm:w-auto"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {SHOPIFY_TEXTS.syncShipping}
        </Button>
      </div>
      <ConfirmDialog
        open={preview !== null}
        onClose={question.close}
        title={SHOPIFY_TEXTS.shippingPreviewTitle}
        description={
          preview?.unchanged
            ? SHOPIFY_TEXTS.shippingPreviewUnchanged
            : SHOPIFY_TEXTS.shippingPreviewDescription
        }
        error={question.error}
        cancelLabel={preview?.unchanged ? SHOPIFY_TEXTS.close : SHOPIFY_TEXTS.cancel}
        confirmLabel={SHOPIFY_TEXTS.shippingPreviewConfirm}
        onConfirm={preview && !preview.unchanged ? onConfirm : undefined}
        busy={sync.isPending}
        tone="primary"
      >
        {preview && !preview.unchanged ? <ShippingChanges preview={preview} /> : null}
      </ConfirmDialog>
      {status?.tone === 'success' ? (
        <Notice tone="success">
          {status.message}{' '}
          <Link
            to={`${siblingSection(pathname, 'logistics')}?business=${businessId}`}
            className="underline underline-offset-2"
          >
            {SHOPIFY_TEXTS.shippingSyncedLink}
          </Link>
          .
        </Notice>
      ) : status ? (
        <Notice tone="error">{status.message}</Notice>
      ) : null}
    </div>
  );
}

/** The changes of a shipping-fee sync, as the confirm dialog lists them. */
function ShippingChanges({ preview }: { preview: ShopifyShippingPreview }) {
  const { changes } = preview;
  const fee = (value: string | null) =>
    value === null ? SHOPIFY_TEXTS.shippingPreviewNotSet : formatMoney(value);
  const general = [
    [SHOPIFY_TEXTS.shippingPreviewWorldwide, changes.worldwide_shipping_fee],
    [SHOPIFY_TEXTS.shippingPreviewAllExcept, changes.all_except_selected_fee],
    [SHOPIFY_TEXTS.shippingPreviewThreshold, changes.threshold_free],
  ] as const;
  const countries = [
    [
      SHOPIFY_TEXTS.shippingPreviewAdded,
      changes.countries_added.map((c) => `${c.country} ${formatMoney(c.fee)}`),
    ],
    [
      SHOPIFY_TEXTS.shippingPreviewRemoved,
      changes.countries_removed.map((c) => `${c.country} ${formatMoney(c.fee)}`),
    ],
    [
      SHOPIFY_TEXTS.shippingPreviewChanged,
      changes.countries_changed.map(
        (c) => `${c.country} ${formatMoney(c.from)} → ${formatMoney(c.to)}`,
      ),
    ],
  ] as const;
  return (
    <dl className="mb-4 grid gap-2 text-sm">
      {general.map(([label, change]) =>
        change ? (
          <div key={label}>
            <dt className="font-medium text-forest-900">{label}</dt>
            <dd className="text-ink-muted">
              {fee(change.from)} → {fee(change.to)}
            </dd>
          </div>
        ) : null,
      )}
      {countries.map(([label, entries]) =>
        entries.length ? (
          <div key={label}>
            <dt className="font-medium text-forest-900">{label}</dt>
            <dd className="text-ink-muted break-words">{entries.join(', ')}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
