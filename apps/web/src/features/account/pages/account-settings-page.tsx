import { ACCOUNT_STATUS_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import Mail from 'lucide-react/icons/mail';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import UserRound from 'lucide-react/icons/user-round';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoginGate } from '@/components/auth/login-gate';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useAccountEmail } from '@/lib/api/get-account-email';
import { errorMessage, isApiError } from '@/lib/api-client';
import { clearTokens } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountName } from '../api/get-account-name';
import { useUpdateEmail } from '../api/update-email';
import { useUpdateName } from '../api/update-name';
import { useEndSession } from '../hooks/use-end-session';

type Status = { tone: 'success' | 'error'; message: string };
type OpenDialog = 'name' | 'email' | 'delete' | null;

/** SPEC §2 Account settings: name, e-mail and account deletion. */
export function AccountSettingsPage() {
  useDocumentTitle('Account settings');
  // Checked once on entry (SPEC §2): without a token, log in first.
  return (
    <LoginGate notice={MESSAGES.pleaseLoginAccountSettings} action="login" loginTone="info">
      <AccountSettings />
    </LoginGate>
  );
}

function AccountSettings() {
  const navigate = useNavigate();
  const toast = useToast();
  const endSession = useEndSession();
  const nameQuery = useAccountName();
  const emailQuery = useAccountEmail();
  const updateName = useUpdateName();
  const updateEmail = useUpdateEmail();
  const deleteAccount = useDeleteAccount();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [status, setStatus] = useState<Status | null>(null);

  // SPEC §4: the status message clears after 4 s.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), ACCOUNT_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const loadError = nameQuery.error ?? emailQuery.error;
  useEffect(() => {
    if (isApiError(loadError, 401)) endSession();
  }, [loadError, endSession]);

  const report = (tone: Status['tone'], message: string) => setStatus({ tone, message });

  const closeDialog = () => {
    setDialog(null);
  };

  const openDialog = (next: Exclude<OpenDialog, null>) => {
    setStatus(null);
    setDialog(next);
  };

  const onSaveName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      first_name: String(data.get('first_name') ?? '').trim(),
      last_name: String(data.get('last_name') ?? '').trim(),
    };
    updateName.mutate(body, {
      onSuccess: () => {
        setDialog(null);
        report('success', MESSAGES.nameUpdated);
      },
      onError: (error) => {
        if (isApiError(error, 401)) return endSession();
        report('error', errorMessage(error, MESSAGES.failedUpdateName));
      },
    });
  };

  const onSaveEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    updateEmail.mutate(
      { email },
      {
        onSuccess: () => {
          setDialog(null);
          report('success', MESSAGES.emailUpdated);
        },
        onError: (error) => {
          if (isApiError(error, 401)) return endSession();
          report('error', errorMessage(error, MESSAGES.failedUpdateEmail));
        },
      },
    );
  };

  const onConfirmDelete = () => {
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        clearTokens();
        toast.success(MESSAGES.accountDeleted);
        navigate('/', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error, 401)) return endSession();
        // SPEC §8: the dialog closes on delete failure.
        setDialog(null);
        report('error', errorMessage(error, MESSAGES.failedDeleteAccount));
      },
    });
  };

  // While a dialog is open its own form shows the message; otherwise the page does.
  const statusMessage = status ? (
    <Notice tone={status.tone} className="mb-5">
      {status.message}
    </Notice>
  ) : null;

  const name = nameQuery.data;
  const email = emailQuery.data?.email;
  const loading = nameQuery.isPending || emailQuery.isPending;

  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">Account settings</h1>
      <p className="mt-2 text-ink-muted">Your name and e-mail, and the way to leave.</p>

      <div className="mt-6">{dialog ? null : statusMessage}</div>

      {loadError && !isApiError(loadError, 401) ? (
        <div className="rounded-card border border-sand-300 bg-white/70 p-6">
          <Notice tone="error">{MESSAGES.failedLoadAccount}</Notice>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              void nameQuery.refetch();
              void emailQuery.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : loading ? (
        <LoadingRegion label="Loading your account details…">
          <div className="grid gap-4">
            <Skeleton className="h-32 w-full rounded-card" />
            <Skeleton className="h-32 w-full rounded-card" />
          </div>
        </LoadingRegion>
      ) : (
        <div className="grid gap-4">
          <CardSection id="profile" title="Profile" raised>
            <div className="mt-4 divide-y divide-sand-200">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
                <UserRound aria-hidden="true" className="size-5 text-sage-700" />
                <dl className="min-w-0 flex-1">
                  <dt className="text-sm text-ink-muted">Name</dt>
                  <dd className="mt-0.5 font-medium break-words" data-testid="account-name">
                    {name?.first_name || name?.last_name ? (
                      `${name.first_name} ${name.last_name}`.trim()
                    ) : (
                      <span className="text-ink-muted">Not set yet — add it with Edit name</span>
                    )}
                  </dd>
                </dl>
                <Button variant="secondary" size="sm" onClick={() => openDialog('name')}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit name
                </Button>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
                <Mail aria-hidden="true" className="size-5 text-sage-700" />
                <dl className="min-w-0 flex-1">
                  <dt className="text-sm text-ink-muted">Email</dt>
                  <dd className="mt-0.5 font-medium break-words" data-testid="account-email">
                    {email ? (
                      <EmailText email={email} />
                    ) : (
                      <span className="text-ink-muted">Not set yet — add it with Edit email</span>
                    )}
                  </dd>
                </dl>
                <Button variant="secondary" size="sm" onClick={() => openDialog('email')}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit email
                </Button>
              </div>
            </div>
          </CardSection>

          <CardSection id="delete" title="Delete account" tone="danger">
            <p className="mt-2 text-ink-muted">
              This removes your account, your cart and your saved address. It cannot be undone.
            </p>
            <Button variant="danger" className="mt-4" onClick={() => openDialog('delete')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete account
            </Button>
          </CardSection>
        </div>
      )}

      <Dialog open={dialog === 'name'} onClose={closeDialog} title="Edit name">
        {statusMessage}
        <form onSubmit={onSaveName} className="flex flex-col gap-4">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            defaultValue={name?.first_name ?? ''}
            required
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            defaultValue={name?.last_name ?? ''}
            required
          />
          <DialogActions onCancel={closeDialog} saving={updateName.isPending} />
        </form>
      </Dialog>

      <Dialog open={dialog === 'email'} onClose={closeDialog} title="Edit email">
        {statusMessage}
        <form onSubmit={onSaveEmail} className="flex flex-col gap-4">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email ?? ''}
            required
          />
          <DialogActions onCancel={closeDialog} saving={updateEmail.isPending} />
        </form>
      </Dialog>

      <Dialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        title="Delete your account?"
        description="Your account, cart and saved address will be removed for good. Orders you placed stay with the brands that fulfil them."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={closeDialog} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirmDelete} loading={deleteAccount.isPending}>
            Confirm delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function DialogActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </div>
  );
}
