import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';
import { Notice } from './notice';

export interface ConfirmDialogProps {
  open: boolean;
  /** Escape, the close button and Cancel: nothing is done. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** Why the last try failed, above the buttons (the dialog stays open). */
  error?: string | null | undefined;
  cancelLabel?: string;
  confirmLabel: string;
  /** Without it the dialog only informs: Cancel (its label) closes it. */
  onConfirm?: (() => void) | undefined;
  busy?: boolean;
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** What the dialog lists before its buttons (the changes to confirm). */
  children?: ReactNode;
}

/**
 * A question before something that cannot be taken back (delete, disconnect, refund, sync):
 * focus starts on Cancel, which does nothing; the other button does it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  error,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  busy = false,
  tone = 'danger',
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {children}
      {error ? (
        <Notice tone="error" className="mb-4">
          {error}
        </Notice>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {cancelLabel}
        </Button>
        {onConfirm ? (
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
