import { ORDER_STATUSES, type OrderStatus } from '@leafline/contract/constants';
import {
  REFUND_MESSAGES,
  SELLER_NOTES_TEXTS,
  SELLER_ORDER_LIMITS,
  type SellerOrder,
  type SellerOrderUpdateBody,
} from '@leafline/contract/seller-orders';
import Save from 'lucide-react/icons/save';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
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
 * The seller's edit of one order (SPEC §2, §4): status (any of the six, no transition limits),
 * tracking number and notes, saved together. Refunding a paid order (Refunded or Canceled) is
 * confirmed first in a dialog; its Cancel sends nothing.
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
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [trackingNumber, setTrackingNumber] = useState(order.tracking_number);
  const [notes, setNotes] = useState(order.notes);
  const [confirming, setConfirming] = useState<RefundStatus | null>(null);
  const id = `order-${order.id}`;

  // A new version of the order (the seller's own save, a live event): the form follows it
  // unless the seller has unsaved edits, which stay (as does an open refund dialog).
  const [base, setBase] = useState(order);
  if (order !== base) {
    const untouched =
      status === base.status && trackingNumber === base.tracking_number && notes === base.notes;
    const saved =
      status === order.status &&
      trackingNumber.trim() === order.tracking_number &&
      notes === order.notes;
    setBase(order);
    if (untouched || saved) {
      setStatus(order.status);
      setTrackingNumber(order.tracking_number);
      setNotes(order.notes);
    }
  }

  // After a confirmed refund the dialog closes while Save is busy: focus goes to the card's
  // heading, which stays, rather than to nowhere.
  const refocus = useRef(false);
  useEffect(() => {
    if (confirming !== null || !refocus.current) return;
    refocus.current = false;
    document.getElementById(sellerOrderHeadingId(order.id))?.focus();
  }, [confirming, order.id]);

  const save = () => onSave({ status, tracking_number: trackingNumber.trim(), notes });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (savingRefunds(order, status)) {
      setConfirming(status);
      return;
    }
    save();
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Update order #${order.id}`}
      className="flex flex-col gap-4 rounded-xl border border-sand-300 bg-sand-100/60 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${id}-status`}
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus)}
        />
        <TextField
          id={`${id}-tracking`}
          label="Tracking number"
          autoComplete="off"
          maxLength={SELLER_ORDER_LIMITS.trackingNumber}
          value={trackingNumber}
          onChange={(e) => setTrackingNumber(e.target.value)}
        />
        <TextareaField
          id={`${id}-notes`}
          label={SELLER_NOTES_TEXTS.label}
          hint={SELLER_NOTES_TEXTS.hint}
          rows={2}
          maxLength={SELLER_ORDER_LIMITS.notes}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="sm:col-span-2"
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
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? REFUND_MESSAGES.confirmTitle(confirming) : ''}
        description={
          confirming ? REFUND_MESSAGES.confirm(order.total_price, confirming) : undefined
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
            {REFUND_MESSAGES.keepButton}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              refocus.current = true;
              setConfirming(null);
              save();
            }}
          >
            {REFUND_MESSAGES.confirmButton(order.total_price)}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
