import { centsToPrice } from '@leafline/contract/money';
import {
  linesCents,
  partialRefundBody,
  REFUND_LIMITS,
  PARTIAL_REFUND_TEXTS as TEXTS,
} from '@leafline/contract/refunds';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { priceToCents } from '@/lib/money';
import { useRefundBusinessOrder } from '../api/refund-business-order';
import { useUpdateBusinessOrder } from '../api/update-business-order';
import { SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';

/** What is left to give back: the total less every refund not failed (issue 29 point 3). */
export function refundLeftCents(order: SellerOrder): number {
  const given = order.refunds
    .filter((r) => r.status !== 'failed')
    .reduce((cents, r) => cents + priceToCents(r.amount), 0);
  return Math.max(0, priceToCents(order.total_price) - given);
}

/** Whether money can still be given back: paid, not refunded in full, none at work. */
export function refundable(order: SellerOrder): boolean {
  return (
    order.payout_status !== 'not_due' &&
    refundLeftCents(order) > 0 &&
    !order.refunds.some((r) => r.status === 'pending') &&
    (order.refund === null || order.refund.status === 'failed')
  );
}

/** A line's units not refunded yet. */
function unitsLeft(order: SellerOrder, lineId: number, quantity: number): number {
  const refunded = order.refunds
    .filter((r) => r.status !== 'failed')
    .flatMap((r) => r.items)
    .filter((i) => i.order_item_id === lineId)
    .reduce((n, i) => n + i.quantity, 0);
  return Math.max(0, quantity - refunded);
}

/** A key for one refund the dialog asks for: the same on every try of it. */
const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * An order's refund actions (issue 29 point 3): "Refund…" (chosen lines and quantities, or an
 * amount, with a reason) while money is left to give back, and "Cancel order" while it is paid
 * and not shipped (the full refund of what is left, its reason "cancelled by the brand").
 */
export function OrderRefundActions({
  businessId,
  order,
}: {
  businessId: number;
  order: SellerOrder;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const update = useUpdateBusinessOrder(businessId);
  if (!refundable(order)) return null;
  const left = centsToPrice(refundLeftCents(order));
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${TEXTS.open} order #${order.id}`}
      >
        <span aria-hidden="true">{TEXTS.open}</span>
      </Button>
      {order.status === 'Paid' ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setCancelError(null);
            setCancelling(true);
          }}
          aria-label={`${TEXTS.cancelOrder} #${order.id}`}
        >
          <span aria-hidden="true">{TEXTS.cancelOrder}</span>
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={TEXTS.title(order.id)}
        description={TEXTS.left(left)}
        className="sm:max-w-xl"
      >
        <PartialRefundForm
          businessId={businessId}
          order={order}
          onClose={() => setOpen(false)}
          onDone={(amount) => {
            setOpen(false);
            toast.success(TEXTS.done(amount));
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title={TEXTS.cancelTitle}
        description={TEXTS.cancelBody(left)}
        cancelLabel={TEXTS.keep}
        confirmLabel={TEXTS.cancelConfirm}
        busy={update.isPending}
        error={cancelError}
        onConfirm={() =>
          update.mutate(
            { orderId: order.id, body: { status: 'Canceled' } },
            {
              onSuccess: () => {
                setCancelling(false);
                toast.success(SELLER_ORDERS_TEXTS.orderSaved);
              },
              onError: (error) =>
                setCancelError(errorMessage(error, SELLER_ORDERS_TEXTS.orderUpdateFailed)),
            },
          )
        }
      />
    </div>
  );
}

type Mode = 'items' | 'amount';

function PartialRefundForm({
  businessId,
  order,
  onClose,
  onDone,
}: {
  businessId: number;
  order: SellerOrder;
  onClose: () => void;
  onDone: (amount: string) => void;
}) {
  const refund = useRefundBusinessOrder(businessId);
  const [requestKey] = useState(newRequestKey);
  const [mode, setMode] = useState<Mode>('items');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const leftCents = refundLeftCents(order);
  const lines = order.order_items
    .map((item) => ({ item, left: unitsLeft(order, item.id, item.quantity) }))
    .filter((l) => l.left > 0);

  const picked = lines
    .map(({ item, left }) => ({
      item,
      quantity: Math.min(left, Math.max(0, Math.floor(Number(quantities[item.id] ?? 0) || 0))),
    }))
    .filter((l) => l.quantity > 0);
  const body =
    mode === 'items'
      ? {
          items: picked.map((l) => ({ order_item_id: l.item.id, quantity: l.quantity })),
          reason,
        }
      : { amount, reason };
  const checked = partialRefundBody.safeParse(body);
  // What the buyer gets back, as the server counts it (its lines less their discount share).
  const cents =
    mode === 'items'
      ? Math.min(
          leftCents,
          linesCents(
            {
              subtotalCents: priceToCents(order.items_subtotal),
              discountCents: priceToCents(order.discount_amount),
            },
            picked.map((l) => ({
              priceCents: priceToCents(l.item.product_price),
              quantity: l.quantity,
            })),
          ),
        )
      : checked.success
        ? (checked.data.amount ?? 0)
        : 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refund.isPending) return;
    if (!checked.success || cents <= 0) {
      setError(
        mode === 'items' && picked.length === 0
          ? TEXTS.nothingPicked
          : (checked.error?.issues[0]?.message ?? TEXTS.nothingPicked),
      );
      return;
    }
    setError(null);
    refund.mutate(
      { orderId: order.id, body, requestKey },
      {
        onSuccess: () => onDone(centsToPrice(cents)),
        onError: (e) => setError(errorMessage(e, SELLER_ORDERS_TEXTS.orderUpdateFailed)),
      },
    );
  };

  const id = `refund-${order.id}`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Refund by</legend>
        {(['items', 'amount'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-4 accent-forest-900"
            />
            {value === 'items' ? TEXTS.byItems : TEXTS.byAmount}
          </label>
        ))}
      </fieldset>
      {mode === 'items' ? (
        <ul className="flex max-h-[40vh] flex-col gap-3 overflow-y-auto">
          {lines.map(({ item, left }) => (
            <li key={item.id}>
              <TextField
                id={`${id}-line-${item.id}`}
                label={TEXTS.quantityLabel(item.product_name)}
                hint={`$${item.product_price} each · up to ${left}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                step={1}
                value={quantities[item.id] ?? '0'}
                onChange={(e) => setQuantities((q) => ({ ...q, [item.id]: e.target.value }))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <TextField
          id={`${id}-amount`}
          label={TEXTS.amountLabel}
          hint={TEXTS.left(centsToPrice(leftCents))}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      <TextareaField
        id={`${id}-reason`}
        label={TEXTS.reasonLabel}
        rows={2}
        maxLength={REFUND_LIMITS.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
          {SELLER_ORDERS_TEXTS.cancel}
        </Button>
        <Button type="submit" loading={refund.isPending}>
          {TEXTS.submit(centsToPrice(cents))}
        </Button>
      </div>
    </form>
  );
}
