import { ORDER_CANCEL_TEXTS } from '@leafline/contract/cancellations';
import type { Order } from '@leafline/contract/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

/**
 * "Cancel order" on a paid order its brand has not sent yet (issue 30 point 4): asked once in a
 * dialog (focus on "Keep order"), then refunded in full; a refusal (the brand sent it
 * meanwhile) stays in the dialog with the server's words.
 */
export function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const toast = useToast();
  if (order.status !== 'Paid') return null;
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <div className="mt-4 flex justify-end border-t border-sand-200 pt-3">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {ORDER_CANCEL_TEXTS.button}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title={ORDER_CANCEL_TEXTS.title(order.id)}
        description={ORDER_CANCEL_TEXTS.body(order.total_price, order.business_name)}
        cancelLabel={ORDER_CANCEL_TEXTS.keep}
        confirmLabel={cancel.isPending ? ORDER_CANCEL_TEXTS.working : ORDER_CANCEL_TEXTS.confirm}
        busy={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error, ORDER_CANCEL_TEXTS.failed) : null}
        onConfirm={() =>
          cancel.mutate(order.id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(ORDER_CANCEL_TEXTS.done(order.id));
            },
          })
        }
      />
    </div>
  );
}
