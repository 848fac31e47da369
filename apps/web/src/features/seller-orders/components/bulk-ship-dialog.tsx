import { type Carrier, TRACKING_TEXTS } from '@leafline/contract/carriers';
import { SELLER_ORDER_LIMITS, type SellerOrder } from '@leafline/contract/seller-orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useUpdateBusinessOrder } from '../api/update-business-order';
import { CARRIER_OPTIONS, SELLER_ORDERS_TEXTS as TEXTS } from '../lib/seller-orders-texts';

interface Shipment {
  carrier: Carrier | '';
  tracking_number: string;
}

/** Orders that could not be marked shipped, with the reason (the others were). */
export type BulkShipFailures = ReadonlyArray<{ id: number; reason: string }>;

/**
 * "Mark shipped" for the orders selected (issue 29, point 1): each with its own carrier and
 * tracking number, asked in one dialog, then saved one after the other with the order's own
 * PATCH — so each buyer gets the one shipped e-mail, and an order that fails (not paid yet,
 * another's) is named while the rest are shipped.
 */
export function BulkShipDialog({
  businessId,
  orders,
  open,
  onClose,
  onDone,
}: {
  businessId: number;
  orders: readonly SellerOrder[];
  open: boolean;
  onClose: () => void;
  /** After the last save: how many were shipped, and those that failed. */
  onDone: (shipped: number, failures: BulkShipFailures) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={TEXTS.bulkTitle(orders.length)}
      description={TEXTS.bulkDescription}
      className="sm:max-w-2xl"
    >
      <BulkShipForm businessId={businessId} orders={orders} onClose={onClose} onDone={onDone} />
    </Dialog>
  );
}

function BulkShipForm({
  businessId,
  orders,
  onClose,
  onDone,
}: {
  businessId: number;
  orders: readonly SellerOrder[];
  onClose: () => void;
  onDone: (shipped: number, failures: BulkShipFailures) => void;
}) {
  const update = useUpdateBusinessOrder(businessId);
  // Each order starts from what it has (a carrier or number already set stays).
  const [shipments, setShipments] = useState<Record<number, Shipment>>(() =>
    Object.fromEntries(
      orders.map((o) => [o.id, { carrier: o.carrier ?? '', tracking_number: o.tracking_number }]),
    ),
  );
  const [saving, setSaving] = useState(false);
  const [failures, setFailures] = useState<BulkShipFailures>([]);
  const set = (id: number, change: Partial<Shipment>) =>
    setShipments((all) => ({ ...all, [id]: { ...all[id]!, ...change } }));

  const ship = async () => {
    setSaving(true);
    const failed: Array<{ id: number; reason: string }> = [];
    let shipped = 0;
    for (const order of orders) {
      const shipment = shipments[order.id]!;
      try {
        await update.mutateAsync({
          orderId: order.id,
          body: {
            status: 'Shipped',
            carrier: shipment.carrier,
            tracking_number: shipment.tracking_number,
          },
        });
        shipped += 1;
      } catch (error) {
        failed.push({ id: order.id, reason: errorMessage(error, TEXTS.orderUpdateFailed) });
      }
    }
    setSaving(false);
    setFailures(failed);
    onDone(shipped, failed);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void ship();
      }}
      className="flex flex-col gap-4"
    >
      <ol className="flex max-h-[55vh] flex-col gap-3 overflow-y-auto">
        {orders.map((order) => (
          <li
            key={order.id}
            className="grid gap-3 rounded-xl border border-sand-300 bg-sand-100/60 p-3 sm:grid-cols-[8rem_10rem_1fr] sm:items-start"
          >
            <p className="text-sm">
              <span className="font-semibold">{TEXTS.orderNumber(order.id)}</span>
              <br />
              <span className="text-ink-muted">{order.user_full_name}</span>
            </p>
            <SelectField
              id={`bulk-${order.id}-carrier`}
              label={TEXTS.bulkCarrierLabel(order.id)}
              placeholder={TRACKING_TEXTS.noCarrier}
              options={CARRIER_OPTIONS}
              value={shipments[order.id]!.carrier}
              onChange={(event) => set(order.id, { carrier: event.target.value as Carrier | '' })}
            />
            <TextField
              id={`bulk-${order.id}-tracking`}
              label={TEXTS.bulkTrackingLabel(order.id)}
              autoComplete="off"
              maxLength={SELLER_ORDER_LIMITS.trackingNumber}
              value={shipments[order.id]!.tracking_number}
              onChange={(event) => set(order.id, { tracking_number: event.target.value })}
            />
          </li>
        ))}
      </ol>
      {failures.length ? (
        <Notice tone="error">
          {failures.map((f) => (
            <span key={f.id} className="block">
              {TEXTS.bulkFailed(f.id, f.reason)}
            </span>
          ))}
        </Notice>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          {TEXTS.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {TEXTS.bulkConfirm(orders.length)}
        </Button>
      </div>
    </form>
  );
}
