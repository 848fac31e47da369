import type { BusinessOverview } from '@leafline/contract/business';
import { SHOPIFY_TEXTS } from '@leafline/contract/shopify';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { useDisconnectShopify } from '../api/disconnect-shopify';
import { useUpdateOrderSync } from '../api/update-order-sync';
import { shopifyErrorText } from '../lib/shopify-error';
import { SHOPIFY_SECTION_TEXTS } from '../lib/shopify-texts';
import { ShippingSync } from './shipping-sync';
import { ShopifyProductSync } from './shopify-product-sync';

/** The connected view (SPEC §2): the store, the order-sync switch, the syncs, and disconnect. */
export function ConnectedStore({
  businessId,
  overview,
}: {
  businessId: number;
  overview: BusinessOverview;
}) {
  return (
    <div className="flex flex-col gap-5 rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6">
      <dl>
        <dt className="text-sm text-ink-muted">{SHOPIFY_SECTION_TEXTS.connectedStore}</dt>
        <dd className="mt-0.5 font-medium break-all">{overview.shopify_store_url}</dd>
      </dl>
      <div className="flex flex-col gap-3 border-t border-sand-300 pt-4">
        <OrderSyncSwitch businessId={businessId} enabled={overview.shopify_order_sync} />
      </div>
      <div className="border-t border-sand-300 pt-4">
        <ShopifyProductSync businessId={businessId} />
      </div>
      <div className="border-t border-sand-300 pt-4">
        <ShippingSync businessId={businessId} />
      </div>
      <div className="flex justify-end border-t border-sand-300 pt-4">
        <DisconnectStore businessId={businessId} storeUrl={overview.shopify_store_url ?? ''} />
      </div>
    </div>
  );
}

/** SPEC §4: the order-sync toggle flips at once and back when the call fails. */
function OrderSyncSwitch({ businessId, enabled }: { businessId: number; enabled: boolean }) {
  const orderSync = useUpdateOrderSync(businessId);
  const [error, setError] = useState<string | null>(null);
  const onToggle = () => {
    // One change at a time: a click while the last one is saving would flip from a state the
    // server has not confirmed, and a late failure would revert to the wrong one.
    if (orderSync.isPending) return;
    setError(null);
    orderSync.mutate(!enabled, {
      onError: (failure) =>
        setError(shopifyErrorText(failure, SHOPIFY_SECTION_TEXTS.orderSyncFailed)),
    });
  };
  return (
    <>
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
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}

/** Disconnect, after a confirmation that says what goes and what stays. */
function DisconnectStore({ businessId, storeUrl }: { businessId: number; storeUrl: string }) {
  const disconnect = useDisconnectShopify(businessId);
  const toast = useToast();
  const question = useConfirmation<true>();
  const onConfirm = () => {
    question.setError(null);
    disconnect.mutate(undefined, {
      onSuccess: () => {
        question.close();
        toast.success(SHOPIFY_SECTION_TEXTS.disconnected);
      },
      onError: (failure) =>
        question.setError(shopifyErrorText(failure, SHOPIFY_SECTION_TEXTS.disconnectFailed)),
    });
  };
  return (
    <>
      <Button variant="danger" onClick={() => question.ask(true)} className="w-full sm:w-auto">
        {SHOPIFY_SECTION_TEXTS.disconnect}
      </Button>
      <ConfirmDialog
        open={question.subject !== null}
        onClose={question.close}
        title={SHOPIFY_SECTION_TEXTS.disconnectTitle}
        description={SHOPIFY_SECTION_TEXTS.disconnectDescription(storeUrl)}
        error={question.error}
        confirmLabel={SHOPIFY_SECTION_TEXTS.disconnect}
        onConfirm={onConfirm}
        busy={disconnect.isPending}
      />
    </>
  );
}
