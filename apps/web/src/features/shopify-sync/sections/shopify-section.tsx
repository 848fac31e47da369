import { type BusinessOverview, shopifyManualConnectBody } from '@leafline/contract/business';
import {
  SHOPIFY_MESSAGES,
  SHOPIFY_TEXTS,
  type ShopifyShippingPreview,
} from '@leafline/contract/shopify';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { QueryView } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { ApiError, errorMessage, isApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';
import { siblingSection } from '@/lib/seller/dashboard-sections';
import { useConnectShopify } from '../api/connect-shopify';
import { useDisconnectShopify } from '../api/disconnect-shopify';
import { usePreviewShopifyShippingFees } from '../api/preview-shopify-shipping-fees';
import { useSyncShopifyShippingFees } from '../api/sync-shopify-shipping-fees';
import { useUpdateOrderSync } from '../api/update-order-sync';
import { SHOPIFY_SECTION_TEXTS } from '../lib/shopify-texts';
import { ShopifyProductSync } from './shopify-product-sync';

type Status = { tone: 'success' | 'error'; message: string } | null;

/**
 * The §8 text of a failed Shopify call: the server's reason, except for a 404 (the call may
 * not exist on this server yet, and "Not found." helps nobody), then `refused`; no answer at
 * all is 'Something went wrong.'.
 */
function shopifyErrorText(error: unknown, refused: string): string {
  if (!(error instanceof ApiError)) return SHOPIFY_SECTION_TEXTS.somethingWentWrong;
  if (error.status === 404) return refused;
  return errorMessage(error, refused);
}

/** Shopify (SPEC §2, §4): the manual connect form, or the connected view. */
export function ShopifySection({ businessId }: { businessId: number }) {
  const overview = useBusinessOverview(businessId);
  return (
    <QueryView
      query={overview}
      failedText={SHOPIFY_SECTION_TEXTS.overviewFailed}
      loading={
        <LoadingRegion label="Loading your Shopify connection…" className="grid gap-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </LoadingRegion>
      }
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          {data.shopify_connected ? (
            <ConnectedStore key={businessId} businessId={businessId} overview={data} />
          ) : (
            <>
              <ConnectForm key={businessId} businessId={businessId} />
              <Notice tone="info">{SHOPIFY_SECTION_TEXTS.syncedOrdersNote}</Notice>
            </>
          )}
        </div>
      )}
    </QueryView>
  );
}

function ConnectForm({ businessId }: { businessId: number }) {
  const connect = useConnectShopify(businessId);
  const [storeUrl, setStoreUrl] = useState('');
  const [token, setToken] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const checked = shopifyManualConnectBody.safeParse({
      shopify_store_url: storeUrl,
      access_token: token,
      // Sent only when filled (the contract makes a blank one absent too).
      ...(apiSecret.trim() ? { shopify_api_secret: apiSecret } : {}),
    });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked));
      return;
    }
    setErrors({});
    connect.mutate(checked.data, {
      onSuccess: () => setStatus({ tone: 'success', message: SHOPIFY_SECTION_TEXTS.connected }),
      onError: (error) => {
        setStatus({
          tone: 'error',
          message: shopifyErrorText(error, SHOPIFY_SECTION_TEXTS.connectFailed),
        });
        if (isApiError(error) && error.fields) setErrors(error.fields);
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={SHOPIFY_SECTION_TEXTS.shopifyTitle}
      className="flex flex-col gap-4 rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6"
    >
      <p className="text-sm text-ink-muted">{SHOPIFY_SECTION_TEXTS.shopifyIntro}</p>
      <TextField
        label={SHOPIFY_SECTION_TEXTS.storeUrl}
        name="shopify_store_url"
        hint={SHOPIFY_SECTION_TEXTS.storeUrlHint}
        inputMode="url"
        autoComplete="off"
        required
        value={storeUrl}
        error={errors.shopify_store_url}
        onChange={(event) => setStoreUrl(event.target.value)}
      />
      <TextField
        label={SHOPIFY_SECTION_TEXTS.accessToken}
        name="access_token"
        type="password"
        hint={SHOPIFY_SECTION_TEXTS.accessTokenHint}
        autoComplete="off"
        required
        value={token}
        error={errors.access_token}
        onChange={(event) => setToken(event.target.value)}
      />
      <TextField
        label={SHOPIFY_TEXTS.apiSecret}
        name="shopify_api_secret"
        type="password"
        hint={SHOPIFY_TEXTS.apiSecretHint}
        autoComplete="off"
        value={apiSecret}
        error={errors.shopify_api_secret}
        onChange={(event) => setApiSecret(event.target.value)}
      />
      {status ? <Notice tone={status.tone}>{status.message}</Notice> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={connect.isPending} className="w-full sm:w-auto">
          {SHOPIFY_SECTION_TEXTS.connect}
        </Button>
      </div>
    </form>
  );
}

function ConnectedStore({
  businessId,
  overview,
}: {
  businessId: number;
  overview: BusinessOverview;
}) {
  const orderSync = useUpdateOrderSync(businessId);
  const disconnect = useDisconnectShopify(businessId);
  const toast = useToast();
  const [orderSyncError, setOrderSyncError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  const enabled = overview.shopify_order_sync;

  const onToggle = () => {
    // One change at a time: a click while the last one is saving would flip from a state the
    // server has not confirmed, and a late failure would revert to the wrong one.
    if (orderSync.isPending) return;
    setOrderSyncError(null);
    orderSync.mutate(!enabled, {
      onError: (error) =>
        setOrderSyncError(shopifyErrorText(error, SHOPIFY_SECTION_TEXTS.orderSyncFailed)),
    });
  };

  const closeDisconnect = () => {
    setConfirming(false);
    setDisconnectError(null);
  };

  const confirmDisconnect = () => {
    setDisconnectError(null);
    disconnect.mutate(undefined, {
      onSuccess: () => {
        closeDisconnect();
        toast.success(SHOPIFY_SECTION_TEXTS.disconnected);
      },
      onError: (error) =>
        setDisconnectError(shopifyErrorText(error, SHOPIFY_SECTION_TEXTS.disconnectFailed)),
    });
  };

  return (
    <div className="flex flex-col gap-5 rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6">
      <dl>
        <dt className="text-sm text-ink-muted">{SHOPIFY_SECTION_TEXTS.connectedStore}</dt>
        <dd className="mt-0.5 font-medium break-all">{overview.shopify_store_url}</dd>
      </dl>
      <div className="flex flex-col gap-3 border-t border-sand-300 pt-4">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p id="order-sync-label" className="font-medium text-forest-900">
              {SHOPIFY_TEXTS.orderSync}
            </p>
            <p id="order-sync-hint" className="text-sm text-ink-muted">
              {SHOPIFY_SECTION_TEXTS.orderSyncHint}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={enabled}
            aria-labelledby="order-sync-label"
            aria-describedby="order-sync-hint order-sync-note"
            aria-busy={orderSync.isPending || undefined}
            disabled={orderSync.isPending}
            onClick={onToggle}
            className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors disabled:cursor-wait disabled:opacity-70 ${
              enabled ? 'border-forest-900 bg-forest-900' : 'border-sage-400 bg-sand-200'
            }`}
          >
            <span
              aria-hidden="true"
              className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${
                enabled ? 'translate-x-6' : 'translate-x-0.5'
              }`}
            />
          </button>
        </div>
        <p
          id="order-sync-note"
          className="rounded-xl border border-info-fg/25 bg-info-bg px-4 py-3 text-sm text-info-fg"
        >
          {SHOPIFY_SECTION_TEXTS.syncedOrdersNote}
        </p>
        {orderSyncError ? <Notice tone="error">{orderSyncError}</Notice> : null}
      </div>
      <div className="border-t border-sand-300 pt-4">
        <ShopifyProductSync businessId={businessId} />
      </div>
      <div className="border-t border-sand-300 pt-4">
        <ShippingSync businessId={businessId} />
      </div>
      <div className="flex justify-end border-t border-sand-300 pt-4">
        <Button variant="danger" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
          {SHOPIFY_SECTION_TEXTS.disconnect}
        </Button>
      </div>

      <Dialog
        open={confirming}
        onClose={closeDisconnect}
        title={SHOPIFY_SECTION_TEXTS.disconnectTitle}
        description={SHOPIFY_SECTION_TEXTS.disconnectDescription(overview.shopify_store_url ?? '')}
      >
        {disconnectError ? (
          <Notice tone="error" className="mb-4">
            {disconnectError}
          </Notice>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={closeDisconnect} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDisconnect} loading={disconnect.isPending}>
            {SHOPIFY_SECTION_TEXTS.disconnect}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/**
 * Sync shipping fees (issue 13): copies the store's delivery rates into the shipping-fee
 * setting; the logistics section then shows them. It asks first (issue 24, point 4): the
 * preview's changes are shown in a dialog, and the sync runs only on confirmation.
 */
function ShippingSync({ businessId }: { businessId: number }) {
  const previewCall = usePreviewShopifyShippingFees(businessId);
  const sync = useSyncShopifyShippingFees(businessId);
  const { pathname } = useLocation();
  const [status, setStatus] = useState<Status>(null);
  const [preview, setPreview] = useState<ShopifyShippingPreview | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const failed = (error: unknown) => shopifyErrorText(error, SHOPIFY_MESSAGES.shippingSyncFailed);

  const onSync = () => {
    setStatus(null);
    previewCall.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirmError(null);
        setPreview(answer);
      },
      onError: (error) => setStatus({ tone: 'error', message: failed(error) }),
    });
  };

  const closePreview = () => {
    setPreview(null);
    setConfirmError(null);
  };

  const onConfirm = () => {
    setConfirmError(null);
    sync.mutate(undefined, {
      onSuccess: () => {
        closePreview();
        setStatus({ tone: 'success', message: SHOPIFY_TEXTS.shippingSynced });
      },
      onError: (error) => setConfirmError(failed(error)),
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
      <Dialog
        open={preview !== null}
        onClose={closePreview}
        title={SHOPIFY_TEXTS.shippingPreviewTitle}
        description={
          preview?.unchanged
            ? SHOPIFY_TEXTS.shippingPreviewUnchanged
            : SHOPIFY_TEXTS.shippingPreviewDescription
        }
      >
        {preview && !preview.unchanged ? <ShippingChanges preview={preview} /> : null}
        {confirmError ? (
          <Notice tone="error" className="mb-4">
            {confirmError}
          </Notice>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={closePreview} data-autofocus>
            {preview?.unchanged ? SHOPIFY_TEXTS.close : SHOPIFY_TEXTS.cancel}
          </Button>
          {preview && !preview.unchanged ? (
            <Button onClick={onConfirm} loading={sync.isPending}>
              {SHOPIFY_TEXTS.shippingPreviewConfirm}
            </Button>
          ) : null}
        </div>
      </Dialog>
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
