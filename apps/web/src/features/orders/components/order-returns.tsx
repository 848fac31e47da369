import type { Order } from '@leafline/contract/orders';
import {
  RETURN_LIMITS,
  RETURN_MESSAGES,
  RETURN_TEXTS,
  returnRequestBody,
} from '@leafline/contract/returns';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRequestReturn } from '../api/request-return';
import { formatOrderDate } from '../lib/order-format';
import { canRequestReturn, returnableUnits } from '../lib/returnable';

/**
 * An order's returns on My Orders (decision 0055): each return's state (waiting for the brand,
 * accepted and refunded, or declined with the brand's reason) with its lines, and "Request a
 * return" while the order is Delivered within the brand's window — a dialog with a quantity and
 * a reason per line.
 */
export function OrderReturns({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const offer = canRequestReturn(order);
  if (!offer && order.returns.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-sand-200 pt-3">
      {order.returns.length ? (
        <section aria-label={`${RETURN_TEXTS.sectionLabel} of order #${order.id}`}>
          <h3 className="text-sm font-medium text-forest-900">{RETURN_TEXTS.sectionLabel}</h3>
          <ul className="mt-1.5 flex flex-col gap-2">
            {order.returns.map((r) => (
              <li
                key={r.id}
                className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-forest-900"
                data-testid="order-return"
              >
                <p className="font-medium">{RETURN_TEXTS.status[r.status]}</p>
                <p className="text-ink-muted">
                  {`${RETURN_TEXTS.requestedOn} `}
                  <time dateTime={r.created_at}>{formatOrderDate(r.created_at)}</time>
                </p>
                <ul className="mt-1 flex flex-col gap-0.5 break-words">
                  {r.items.map((i) => (
                    <li key={i.order_item_id}>
                      {RETURN_TEXTS.line(i.quantity, i.product_name, i.reason)}
                    </li>
                  ))}
                </ul>
                {r.status === 'declined' ? (
                  <p className="mt-1 break-words">
                    {RETURN_TEXTS.declinedBecause(r.decline_reason)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {offer ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onClick={() => setOpen(true)}
            aria-label={`${RETURN_TEXTS.request}: order #${order.id}`}
          >
            <span aria-hidden="true">{RETURN_TEXTS.request}</span>
          </Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title={RETURN_TEXTS.title(order.id)}
            description={RETURN_TEXTS.intro(formatOrderDate(order.returns_open_until!))}
            className="sm:max-w-xl"
          >
            <ReturnForm
              order={order}
              onClose={() => setOpen(false)}
              onDone={() => {
                setOpen(false);
                toast.success(RETURN_MESSAGES.requested);
              }}
            />
          </Dialog>
        </div>
      ) : null}
    </div>
  );
}

function ReturnForm({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: () => void;
}) {
  const request = useRequestReturn();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const lines = order.order_items
    .map((item) => ({ item, left: returnableUnits(order, item.id, item.quantity) }))
    .filter((l) => l.left > 0);
  const picked = lines
    .map(({ item, left }) => ({
      item,
      quantity: Math.min(left, Math.max(0, Math.floor(Number(quantities[item.id] ?? 0) || 0))),
      reason: reasons[item.id] ?? '',
    }))
    .filter((l) => l.quantity > 0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    if (picked.length === 0) return setError(RETURN_TEXTS.nothingPicked);
    if (picked.some((l) => !l.reason.trim())) return setError(RETURN_TEXTS.reasonMissing);
    const body = {
      items: picked.map((l) => ({
        order_item_id: l.item.id,
        quantity: l.quantity,
        reason: l.reason,
      })),
    };
    const checked = returnRequestBody.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? RETURN_TEXTS.failed);
    setError(null);
    request.mutate(
      { orderId: order.id, body },
      {
        onSuccess: onDone,
        onError: (e) => setError(errorMessage(e, RETURN_TEXTS.failed)),
      },
    );
  };

  const id = `return-${order.id}`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <ul className="flex max-h-[50vh] flex-col gap-4 overflow-y-auto">
        {lines.map(({ item, left }) => (
          <li key={item.id} className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3">
            <TextField
              id={`${id}-line-${item.id}`}
              label={RETURN_TEXTS.quantityLabel(item.product_name)}
              hint={`Up to ${left}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              step={1}
              value={quantities[item.id] ?? '0'}
              onChange={(e) => setQuantities((q) => ({ ...q, [item.id]: e.target.value }))}
            />
            <TextareaField
              id={`${id}-reason-${item.id}`}
              label={RETURN_TEXTS.reasonLabel(item.product_name)}
              rows={2}
              maxLength={RETURN_LIMITS.reason}
              value={reasons[item.id] ?? ''}
              onChange={(e) => setReasons((r) => ({ ...r, [item.id]: e.target.value }))}
            />
          </li>
        ))}
      </ul>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={request.isPending}>
          {RETURN_TEXTS.close}
        </Button>
        <Button type="submit" loading={request.isPending}>
          {request.isPending ? RETURN_TEXTS.working : RETURN_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
