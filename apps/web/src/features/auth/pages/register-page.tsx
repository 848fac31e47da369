import type { RegisterBody } from '@leafline/contract/auth';
import { MESSAGES } from '@leafline/contract/messages';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useRegister } from '../api/register';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { useLoginRedirectAfter } from '../hooks/use-login-redirect-after';

type FieldName = keyof RegisterBody;

function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.hasServerMessage ? error.message : MESSAGES.registrationFailed;
  }
  return MESSAGES.somethingWentWrongBang;
}

/** SPEC §2 Register: all fields required, passwords must match, then to /login after 2 s. */
export function RegisterPage() {
  useDocumentTitle('Register');
  const registerMutation = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [success, setSuccess] = useState<string | null>(null);

  useLoginRedirectAfter(success !== null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: FieldName) => String(data.get(name) ?? '');
    const body: RegisterBody = {
      fname: value('fname').trim(),
      lname: value('lname').trim(),
      username: value('username').trim(),
      email: value('email').trim(),
      password1: value('password1'),
      password2: value('password2'),
    };
    setFieldErrors({});
    if (body.password1 !== body.password2) {
      setError(MESSAGES.passwordsDoNotMatchRegister);
      return;
    }
    setError(null);
    registerMutation.mutate(body, {
      onSuccess: (result) => {
        setSuccess(result?.message || 'Registration successful!');
      },
      onError: (err) => {
        setError(registerErrorMessage(err));
        if (err instanceof ApiError && err.fields) setFieldErrors(err.fields);
      },
    });
  };

  const done = success !== null;

  return (
    <AuthCard
      status={
        success ? { tone: 'success', text: `${success} Taking you to the login page…` } : null
      }
      error={error}
      title="Create your account"
      intro="Join a community shopping small, sustainable brands."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset disabled={done} className="contents">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="fname"
              autoComplete="given-name"
              required
              error={fieldErrors.fname}
            />
            <TextField
              label="Last name"
              name="lname"
              autoComplete="family-name"
              required
              error={fieldErrors.lname}
            />
          </div>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={fieldErrors.username}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fieldErrors.email}
          />
          <TextField
            label="Password"
            name="password1"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.password1}
          />
          <TextField
            label="Confirm password"
            name="password2"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.password2}
          />
          <Button type="submit" size="lg" loading={registerMutation.isPending} className="mt-1">
            Register
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
