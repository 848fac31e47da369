import { MESSAGES } from '@leafline/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { startSession } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import { readNotice } from '@/lib/navigation';
import { takeProductRedirect } from '@/lib/storage';
import { useLogin } from '../api/login';
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
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
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
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
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
