import {
  type ChangePasswordBody,
  changePasswordBody,
  type EmailBody,
  emailBody,
  type NameBody,
  nameBody,
} from '@leafline/contract/auth';
import type { FormEventHandler, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { contractResolver, formField } from '@/components/forms/form-field';
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
function EditDialog({
  title,
  open,
  onClose,
  status,
  children,
}: Pick<EditDialogProps<unknown>, 'open' | 'onClose' | 'status'> & {
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

interface ProfileField<T> {
  name: keyof T & string;
  label: string;
  autoComplete: string;
  type?: 'email' | 'password';
}

/** A small form of the profile: its fields, all required, checked with the contract's schema. */
function ProfileForm<T extends FieldValues>({
  schema,
  fields,
  current,
  onSave,
  onClose,
  saving,
}: EditDialogProps<T> & { schema: { _zod: { output: T } }; fields: ProfileField<T>[] }) {
  const form = useForm<T, unknown, T>({
    resolver: contractResolver(schema),
    defaultValues: current as DefaultValues<T>,
  });
  return (
    <DialogForm onSubmit={form.handleSubmit(onSave)} onCancel={onClose} saving={saving}>
      {fields.map(({ name, label, autoComplete, type }) => (
        <TextField
          key={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          required
          {...formField(form, name as Path<T>)}
        />
      ))}
    </DialogForm>
  );
}

const NAME_FIELDS: ProfileField<NameBody>[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
];
const EMAIL_FIELDS: ProfileField<EmailBody>[] = [
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
];

/** SPEC §5 Name edit: first and last name required (the contract's nameBody). */
export function NameDialog(props: EditDialogProps<NameBody>) {
  return (
    <EditDialog title="Edit name" {...props}>
      <ProfileForm schema={nameBody} fields={NAME_FIELDS} {...props} />
    </EditDialog>
  );
}

/** SPEC §5 E-mail edit: required, of e-mail type (the contract's emailBody). */
export function EmailDialog(props: EditDialogProps<EmailBody>) {
  return (
    <EditDialog title="Edit email" {...props}>
      <ProfileForm schema={emailBody} fields={EMAIL_FIELDS} {...props} />
    </EditDialog>
  );
}

const PASSWORD_FIELDS: ProfileField<ChangePasswordBody>[] = [
  {
    name: 'current_password',
    label: 'Current password',
    autoComplete: 'current-password',
    type: 'password',
  },
  { name: 'password1', label: 'New password', autoComplete: 'new-password', type: 'password' },
  {
    name: 'password2',
    label: 'Confirm new password',
    autoComplete: 'new-password',
    type: 'password',
  },
];

/**
 * The password change: the current one and the new one twice, with registration's rules and
 * texts (the contract's changePasswordBody). Every other device is signed out.
 */
export function PasswordDialog(props: EditDialogProps<ChangePasswordBody>) {
  return (
    <EditDialog title="Change password" {...props}>
      <p className="-mt-1 mb-4 text-sm text-ink-muted">
        You stay signed in here; every other device is signed out.
      </p>
      <ProfileForm schema={changePasswordBody} fields={PASSWORD_FIELDS} {...props} />
    </EditDialog>
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
