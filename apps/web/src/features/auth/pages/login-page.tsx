import { MESSAGES } from '@leafline/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoginFields, readLoginForm } from '@/components/forms/account-fields';
import { Button } from '@/components/ui/button';
import { useLogin } from '@/lib/api/login';
import { isApiError } from '@/lib/api-client';
import { startSession } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import { readNotice } from '@/lib/navigation';
import { takeProductRedirect } from '@/lib/storage';
import { AuthCard, authLinkClass } from '../components/auth-card';

/** SPEC §8: a 401 has its own text; any other failure (a 429 included) the generic one. */
function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return MESSAGES.loginIncorrect;
  return MESSAGES.genericTryLater;
}

/** SPEC §2 Login and §4: a clean slate on success, then back to where the user was going. */
export function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { notice, noticeTone } = readNotice(location.state);
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { username, password } = readLoginForm(event.currentTarget);
    setError(null);
    loginMutation.mutate(
      { username, password },
      {
        onSuccess: (tokens) => {
          // Read the return path before the storage is cleared.
          const redirect = takeProductRedirect();
          startSession({ access: tokens.access, refresh: tokens.refresh });
          queryClient.clear();
          navigate(redirect ?? '/', { replace: true });
        },
        onError: (err) => setError(loginErrorMessage(err)),
      },
    );
  };

  return (
    <AuthCard
      status={notice && !error ? { tone: noticeTone ?? 'info', text: notice } : null}
      error={error}
      title="Welcome back"
      intro="Log in to shop your favourite small brands."
      footer={
        <>
          New here?{' '}
          <Link to="/register" className={authLinkClass}>
            Register
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <LoginFields />
        <div className="-mt-1 text-right text-sm">
          <Link to="/password-reset" className={authLinkClass}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={loginMutation.isPending}>
          Submit
        </Button>
      </form>
    </AuthCard>
  );
}
