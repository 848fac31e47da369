import { MESSAGES } from '@leafline/contract/messages';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLoginRedirectAfter } from '@/components/auth/login-gate';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { AuthCard, authLinkClass } from '../components/auth-card';

/** SPEC §2: choose a new password from the e-mailed link, then to /login after 2 s. */
export function PasswordResetConfirmPage() {
  useDocumentTitle('Choose a new password');
  const { uid = '', token = '' } = useParams();
  const confirmMutation = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useLoginRedirectAfter(success !== null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const password2 = String(data.get('password2') ?? '');
    if (password !== password2) {
      setError(MESSAGES.passwordsDoNotMatchReset);
      return;
    }
    setError(null);
    confirmMutation.mutate(
      { uid, token, password, password2 },
      {
        onSuccess: (result) => setSuccess(result?.message || 'Your password has been reset.'),
        onError: (err) => setError(errorMessage(err, MESSAGES.somethingWentWrong)),
      },
    );
  };

  return (
    <AuthCard
      status={
        success ? { tone: 'success', text: `${success} Taking you to the login page…` } : null
      }
      error={error}
      title="Choose a new password"
      intro="Pick a password you have not used here before."
      footer={
        <>
          Link expired?{' '}
          <Link to="/password-reset" className={authLinkClass}>
            Request a new link
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset disabled={success !== null} className="contents">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            label="Confirm new password"
            name="password2"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" size="lg" loading={confirmMutation.isPending}>
            Reset password
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
