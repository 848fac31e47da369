import { BUYER_CANCEL_REASON, ORDER_CANCEL_TEXTS } from '@leafline/contract/cancellations';
import { type Carrier, TRACKING_TEXTS } from '@leafline/contract/carriers';
import { ORDER_STATUSES, type OrderStatus } from '@leafline/contract/constants';
import { centsToPrice } from '@leafline/contract/money';
import {
  REFUND_MESSAGES,
  SELLER_NOTES_TEXTS,
  SELLER_ORDER_LIMITS,
  type SellerOrder,
  type SellerOrderUpdateBody,
  sellerOrderUpdateBody,
} from '@leafline/contract/seller-orders';
import Save from 'lucide-react/icons/save';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { contractResolver, formField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { CARRIER_OPTIONS, SELLER_ORDERS_TEXTS } from '../lib/seller-orders-texts';
import { refundLeftCents } from './order-refund-actions';
import { sellerOrderHeadingId } from './seller-order-card';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));
type RefundStatus = 'Refunded' | 'Canceled';

/**
 * Whether saving `status` gives the buyer's money back: Refunded or Canceled on an order that
 * was paid (its payout is due) and not refunded yet (no refund, or a failed one).
 */
export function savingRefunds(order: SellerOrder, status: OrderStatus): status is RefundStatus {
  return (
    (status === 'Refunded' || status === 'Canceled') &&
    order.payout_status !== 'not_due' &&
    (order.refund === null || order.refund.status === 'failed')
  );
}

/**
 * Whether the order's buyer cancelled it (issue 30 point 4): its status can no longer change
 * (the server refuses it, decision 0053); tracking and notes still can.
 */
export const cancelledByBuyer = (order: SellerOrder) =>
  order.refund?.status === 'succeeded' &&
  order.refunds.some((r) => r.kind === 'full' && r.reason === BUYER_CANCEL_REASON);

type OrderEditValues = {
  status: OrderStatus;
  /** '' while not set (issue 29). */
  carrier: Carrier | '';
  tracking_number: string;
  notes: string;
  /** With a refund: put the order's items back in stock once the money is back (issue 26). */
  restock: boolean;
};

const valuesOf = (order: SellerOrder): OrderEditValues => ({
  status: order.status,
  carrier: order.carrier ?? '',
  tracking_number: order.tracking_number,
  notes: order.notes,
  restock: true,
});

/**
 * A new version of the order (the seller's own save, a live event): the form follows it
 * unless the seller has unsaved edits, which stay (as does an open refund dialog); either way
 * the new version is what "unsaved" is measured against from then on.
 */
function useFollowOrder(
  form: UseFormReturn<OrderEditValues, unknown, SellerOrderUpdateBody>,
  order: SellerOrder,
) {
  const base = useRef(order);
  useEffect(() => {
    if (order === base.current) return;
    const values = form.getValues();
    const before = valuesOf(base.current);
    const untouched =
      values.status === before.status &&
      values.carrier === before.carrier &&
      values.tracking_number === before.tracking_number &&
      values.notes === before.notes;
    const saved =
      values.status === order.status &&
      values.carrier === (order.carrier ?? '') &&
      values.tracking_number.trim() === order.tracking_number &&
      values.notes === order.notes;
    base.current = order;
    form.reset(valuesOf(order), { keepValues: !(untouched || saved) });
  }, [form, order]);
}

/**
 * The seller's edit of one order (SPEC §2, §4): status (any of the six, no transition limits),
 * tracking number and notes, saved together (checked with the contract's sellerOrderUpdateBody).
 * Refunding a paid order (Refunded or Canceled) is confirmed first in a dialog; its Cancel sends
 * nothing. Such a refund also asks whether its items go back in stock (issue 26; ticked by
 * default), sent as `restock` with it and only with it.
 */
export function OrderEditForm({
  order,
  saving,
  error,
  onSave,
}: {
  order: SellerOrder;
  saving: boolean;
  /** Why the last save failed, shown above the button. */
  error: string | null;
  onSave: (body: SellerOrderUpdateBody) => void;
}) {
  const form = useForm<OrderEditValues, unknown, SellerOrderUpdateBody>({
    defaultValues: valuesOf(order),
    resolver: contractResolver(sellerOrderUpdateBody),
  });
  const [confirming, setConfirming] = useState<RefundStatus | null>(null);
  const id = `order-${order.id}`;
  const locked = cancelledByBuyer(order);
  useFollowOrder(form, order);

  // After a confirmed refund the dialog closes while Save is busy: focus goes to the card's
  // heading, which stays, rather than to nowhere.
  const refocus = useRef(false);
  useEffect(() => {
    if (confirming !== null || !refocus.current) return;
    refocus.current = false;
    document.getElementById(sellerOrderHeadingId(order.id))?.focus();
  }, [confirming, order.id]);

  // The restock question shows while the chosen status would refund the order.
  const refunding = savingRefunds(order, useWatch({ control: form.control, name: 'status' }));

  // `restock` means something only with a refund: any other save leaves it out.
  const save = form.handleSubmit(({ restock, ...body }) =>
    onSave(body.status && savingRefunds(order, body.status) ? { ...body, restock } : body),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const status = form.getValues('status');
    if (savingRefunds(order, status)) {
      setConfirming(status);
      return;
    }
    void save();
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Update order #${order.id}`}
      className="flex flex-col gap-4 rounded-xl border border-sand-300 bg-sand-100/60 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <SelectField
            id={`${id}-status`}
            label="Status"
            options={STATUS_OPTIONS}
            {...formField(form, 'status')}
            disabled={locked}
            aria-describedby={locked ? `${id}-status-locked` : undefined}
          />
          {locked ? (
            <p id={`${id}-status-locked`} className="text-sm text-ink-muted">
              {ORDER_CANCEL_TEXTS.brandNotice}
            </p>
          ) : null}
        </div>
        <SelectField
          id={`${id}-carrier`}
          label={TRACKING_TEXTS.carrierLabel}
          placeholder={TRACKING_TEXTS.noCarrier}
          options={CARRIER_OPTIONS}
          {...formField(form, 'carrier')}
        />
        <TextField
          id={`${id}-tracking`}
          label="Tracking number"
          autoComplete="off"
          maxLength={SELLER_ORDER_LIMITS.trackingNumber}
          {...formField(form, 'tracking_number')}
        />
        {refunding ? <RestockField id={`${id}-restock`} form={form} /> : null}
        <TextareaField
          id={`${id}-notes`}
          label={SELLER_NOTES_TEXTS.label}
          hint={SELLER_NOTES_TEXTS.hint}
          rows={2}
          maxLength={SELLER_ORDER_LIMITS.notes}
          className="sm:col-span-2"
          {...formField(form, 'notes')}
        />
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          loading={saving}
          aria-label={`Save order #${order.id}`}
          className="w-full sm:w-auto"
        >
          <Save aria-hidden="true" className="size-4" />
          <span aria-hidden="true">Save</span>
        </Button>
      </div>
      <RefundConfirmation
        order={order}
        confirming={confirming}
        onKeep={() => setConfirming(null)}
        onConfirm={() => {
          refocus.current = true;
          setConfirming(null);
          void save();
        }}
      />
    </form>
  );
}

/** Whether a refund puts the order's items back in stock: a checkbox, ticked by default. */
function RestockField({
  id,
  form,
}: {
  id: string;
  form: UseFormReturn<OrderEditValues, unknown, SellerOrderUpdateBody>;
}) {
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          id={id}
          type="checkbox"
          aria-describedby={`${id}-hint`}
          {...form.register('restock')}
          className="size-5 shrink-0 accent-forest-900"
        />
        {SELLER_ORDERS_TEXTS.restock}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {SELLER_ORDERS_TEXTS.restockHint}
      </p>
    </div>
  );
}

/** Refunding a paid order is asked first: keep it, or give the money back. */
function RefundConfirmation({
  order,
  confirming,
  onKeep,
  onConfirm,
}: {
  order: SellerOrder;
  confirming: RefundStatus | null;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  // What is left after any partial refunds (issue 29): the whole total without them.
  const left = centsToPrice(refundLeftCents(order));
  return (
    <ConfirmDialog
      open={confirming !== null}
      onClose={onKeep}
      title={confirming ? REFUND_MESSAGES.confirmTitle(confirming) : ''}
      description={confirming ? REFUND_MESSAGES.confirm(left, confirming) : undefined}
      cancelLabel={REFUND_MESSAGES.keepButton}
      confirmLabel={REFUND_MESSAGES.confirmButton(left)}
      onConfirm={onConfirm}
    />
  );
}
