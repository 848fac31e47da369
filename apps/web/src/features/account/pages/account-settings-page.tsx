import { ACCOUNT_MESSAGES } from '@leafline/contract/auth';
import { MESSAGES } from '@leafline/contract/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoginGate } from '@/components/auth/login-gate';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/use-toast';
import { useAccountEmail } from '@/lib/api/get-account-email';
import { errorMessage, isApiError } from '@/lib/api-client';
import { clearTokens } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountName } from '../api/get-account-name';
import { useUpdateEmail, useUpdateName } from '../api/update-account';
import {
  DeleteAccountDialog,
  EmailDialog,
  NameDialog,
  PasswordDialog,
} from '../components/account-dialogs';
import { AccountProfile } from '../components/account-profile';
import { useAccountStatus } from '../hooks/use-account-status';
import { useEndSession } from '../hooks/use-end-session';

type OpenDialog = 'name' | 'email' | 'password' | 'delete' | null;

/** SPEC §2 Account settings: name, e-mail, password and account deletion. */
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
  const changePassword = useChangePassword();
  const deleteAccount = useDeleteAccount();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [status, setStatus] = useAccountStatus();

  const loadError = nameQuery.error ?? emailQuery.error;
  useEffect(() => {
    if (isApiError(loadError, 401)) endSession();
  }, [loadError, endSession]);

  const closeDialog = () => setDialog(null);
  const openDialog = (next: Exclude<OpenDialog, null>) => {
    setStatus(null);
    setDialog(next);
  };
  /** How a call ends: success closes the dialog with its text; failure says why (§8). */
  const ends = (success: string, failure: string, closeOnFailure = false) => ({
    onSuccess: () => {
      setDialog(null);
      setStatus({ tone: 'success', message: success });
    },
    onError: (error: unknown) => {
      if (isApiError(error, 401)) return endSession();
      if (closeOnFailure) setDialog(null);
      setStatus({ tone: 'error', message: errorMessage(error, failure) });
    },
  });

  const onConfirmDelete = () => {
    // SPEC §8: the dialog closes on delete failure.
    const { onError } = ends('', MESSAGES.failedDeleteAccount, true);
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        clearTokens();
        toast.success(MESSAGES.accountDeleted);
        navigate('/', { replace: true });
      },
      onError,
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
  const dialogProps = (kind: 'name' | 'email' | 'password', saving: boolean) => ({
    open: dialog === kind,
    onClose: closeDialog,
    status: statusMessage,
    saving,
  });

  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">Account settings</h1>
      <p className="mt-2 text-ink-muted">Your name, e-mail and password, and the way to leave.</p>
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
      ) : nameQuery.isPending || emailQuery.isPending ? (
        <LoadingRegion label="Loading your account details…">
          <div className="grid gap-4">
            <Skeleton className="h-32 w-full rounded-card" />
            <Skeleton className="h-32 w-full rounded-card" />
          </div>
        </LoadingRegion>
      ) : (
        <AccountProfile name={name} email={email} onEdit={openDialog} />
      )}
      <NameDialog
        {...dialogProps('name', updateName.isPending)}
        current={{ first_name: name?.first_name ?? '', last_name: name?.last_name ?? '' }}
        onSave={(body) =>
          updateName.mutate(body, ends(MESSAGES.nameUpdated, MESSAGES.failedUpdateName))
        }
      />
      <EmailDialog
        {...dialogProps('email', updateEmail.isPending)}
        current={{ email: email ?? '' }}
        onSave={(body) =>
          updateEmail.mutate(body, ends(MESSAGES.emailUpdated, MESSAGES.failedUpdateEmail))
        }
      />
      <PasswordDialog
        {...dialogProps('password', changePassword.isPending)}
        current={{ current_password: '', password1: '', password2: '' }}
        onSave={(body) =>
          changePassword.mutate(
            body,
            ends(ACCOUNT_MESSAGES.passwordChanged, ACCOUNT_MESSAGES.passwordChangeFailed),
          )
        }
      />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        onConfirm={onConfirmDelete}
        deleting={deleteAccount.isPending}
      />
    </div>
  );
}
