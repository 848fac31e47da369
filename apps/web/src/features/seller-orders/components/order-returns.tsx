import type { OrderReturn } from '@leafline/contract/returns';
import { RETURN_LIMITS, RETURN_TEXTS, returnDeclineBody } from '@leafline/contract/returns';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAcceptReturn, useDeclineReturn } from '../api/answer-return';
import { formatLocalDate } from './seller-order-card';

/**
 * The order's returns on the dashboard's card (decision 0055): each with its lines and the
 * buyer's reasons, where it stands, and — while it waits — "Accept and refund" (the lines
 * refunded through the partial refund) and "Decline…" (a reason the buyer is e-mailed).
 */
export function SellerOrderReturns({
  businessId,
  order,
}: {
  businessId: number;
  order: SellerOrder;
}) {
  if (order.returns.length === 0) return null;
  return (
    <section
      aria-label={`${RETURN_TEXTS.sectionLabel} of order #${order.id}`}
      className="flex flex-col gap-2 rounded-xl border border-sand-300 bg-sand-100 p-3 text-sm"
      data-testid="seller-order-returns"
    >
      <h4 className="font-medium text-forest-900">{RETURN_TEXTS.sectionLabel}</h4>
      <ul className="flex flex-col gap-3">
        {order.returns.map((r) => (
          <ReturnEntry key={r.id} businessId={businessId} orderId={order.id} entry={r} />
        ))}
      </ul>
    </section>
  );
}

function ReturnEntry({
  businessId,
  orderId,
  entry,
}: {
  businessId: number;
  orderId: number;
  entry: OrderReturn;
}) {
  const toast = useToast();
  const accept = useAcceptReturn(businessId);
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="flex flex-col gap-1" data-testid="seller-order-return">
      <p className="font-medium text-forest-900">{RETURN_TEXTS.brandStatus[entry.status]}</p>
      <p className="text-ink-muted">
        {`${RETURN_TEXTS.requestedOn} `}
        <time dateTime={entry.created_at}>{formatLocalDate(entry.created_at)}</time>
      </p>
      <ul className="flex flex-col gap-0.5 break-words">
        {entry.items.map((i) => (
          <li key={i.order_item_id}>{RETURN_TEXTS.line(i.quantity, i.product_name, i.reason)}</li>
        ))}
      </ul>
      {entry.status === 'declined' ? (
        <p className="break-words">{RETURN_TEXTS.declinedBecause(entry.decline_reason)}</p>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {entry.status === 'requested' ? (
        <div className="mt-1 flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setError(null);
              setDeclining(true);
            }}
            disabled={accept.isPending}
            aria-label={`${RETURN_TEXTS.decline} return of order #${orderId}`}
          >
            <span aria-hidden="true">{RETURN_TEXTS.decline}</span>
          </Button>
          <Button
            size="sm"
            loading={accept.isPending}
            onClick={() => {
              setError(null);
              accept.mutate(
                { orderId, returnId: entry.id },
                {
                  onSuccess: () => toast.success(RETURN_TEXTS.accepted),
                  onError: (e) => setError(errorMessage(e, RETURN_TEXTS.actionFailed)),
                },
              );
            }}
            aria-label={`${RETURN_TEXTS.accept}: return of order #${orderId}`}
          >
            <span aria-hidden="true">
              {accept.isPending ? RETURN_TEXTS.accepting : RETURN_TEXTS.accept}
            </span>
          </Button>
        </div>
      ) : null}
      <Dialog
        open={declining}
        onClose={() => setDeclining(false)}
        title={RETURN_TEXTS.declineTitle(orderId)}
      >
        <DeclineForm
          businessId={businessId}
          orderId={orderId}
          returnId={entry.id}
          onClose={() => setDeclining(false)}
          onDone={() => {
            setDeclining(false);
            toast.success(RETURN_TEXTS.declined);
          }}
        />
      </Dialog>
    </li>
  );
}

function DeclineForm({
  businessId,
  orderId,
  returnId,
  onClose,
  onDone,
}: {
  businessId: number;
  orderId: number;
  returnId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const decline = useDeclineReturn(businessId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decline.isPending) return;
    const checked = returnDeclineBody.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? RETURN_TEXTS.actionFailed);
      return;
    }
    setError(null);
    decline.mutate(
      { orderId, returnId, body: { reason } },
      {
        onSuccess: onDone,
        onError: (e) => setError(errorMessage(e, RETURN_TEXTS.actionFailed)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextareaField
        id={`decline-return-${returnId}`}
        label={RETURN_TEXTS.declineReasonLabel}
        rows={3}
        maxLength={RETURN_LIMITS.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={decline.isPending}>
          {RETURN_TEXTS.keep}
        </Button>
        <Button type="submit" loading={decline.isPending}>
          {RETURN_TEXTS.declineConfirm}
        </Button>
      </div>
    </form>
  );
}
