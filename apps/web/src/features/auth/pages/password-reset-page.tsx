import { MESSAGES } from '@leafline/contract/messages';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard, authLinkClass } from '../components/auth-card';

/** SPEC §2: ask for a reset link by e-mail; the server answers the same for any address. */
export function PasswordResetPage() {
  useDocumentTitle('Reset your password');
  const resetMutation = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setError(null);
    setSuccess(null);
    resetMutation.mutate(email, {
      onSuccess: (result) =>
        setSuccess(
          result?.message || 'If an account uses that e-mail, a reset link is on its way.',
        ),
      onError: (err) => setError(errorMessage(err, MESSAGES.somethingWentWrong)),
    });
  };

  return (
    <AuthCard
      status={success ? { tone: 'success', text: success } : null}
      error={error}
      title="Reset your password"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" size="lg" loading={resetMutation.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
