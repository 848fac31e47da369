import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailBody, emailBody, type NameBody, nameBody } from '@leafline/contract/auth';
import type { FormEventHandler, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { formField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';

interface EditDialogProps<T> {
  open: boolean;
  onClose: () => void;
  /** The status of the last save, shown above the form while the dialog is open. */
  status: ReactNode;
  saving: boolean;
  /** The body as the contract's schema reads it (trimmed). */
  onSave: (body: T) => void;
  /** What the form starts with. */
  current: T;
}

/** One small form of the page in a dialog, with Cancel and Save (the form is new each time). */
function EditDialog<T>({
  title,
  open,
  onClose,
  status,
  children,
}: Pick<EditDialogProps<T>, 'open' | 'onClose' | 'status'> & {
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {status}
      {children}
    </Dialog>
  );
}

function DialogForm({
  onSubmit,
  onCancel,
  saving,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** SPEC §5 Name edit: first and last name required (the contract's nameBody). */
export function NameDialog(props: EditDialogProps<NameBody>) {
  return (
    <EditDialog title="Edit name" {...props}>
      <NameForm {...props} />
    </EditDialog>
  );
}

function NameForm({ current, onSave, onClose, saving }: EditDialogProps<NameBody>) {
  const form = useForm({ resolver: zodResolver(nameBody), defaultValues: current });
  return (
    <DialogForm onSubmit={form.handleSubmit(onSave)} onCancel={onClose} saving={saving}>
      <TextField
        label="First name"
        autoComplete="given-name"
        required
        {...formField(form, 'first_name')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        required
        {...formField(form, 'last_name')}
      />
    </DialogForm>
  );
}

/** SPEC §5 E-mail edit: required, of e-mail type (the contract's emailBody). */
export function EmailDialog(props: EditDialogProps<EmailBody>) {
  return (
    <EditDialog title="Edit email" {...props}>
      <EmailForm {...props} />
    </EditDialog>
  );
}

function EmailForm({ current, onSave, onClose, saving }: EditDialogProps<EmailBody>) {
  const form = useForm({ resolver: zodResolver(emailBody), defaultValues: current });
  return (
    <DialogForm onSubmit={form.handleSubmit(onSave)} onCancel={onClose} saving={saving}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...formField(form, 'email')}
      />
    </DialogForm>
  );
}

/** SPEC §2: deleting the account is confirmed first (focus on Cancel). */
export function DeleteAccountDialog({
  open,
  onClose,
  onConfirm,
  deleting,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  deleting: boolean;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete your account?"
      description="Your account, cart and saved address will be removed for good. Orders you placed stay with the brands that fulfil them."
      confirmLabel="Confirm delete"
      onConfirm={onConfirm}
      busy={deleting}
    />
  );
}
