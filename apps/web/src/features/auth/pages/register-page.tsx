import { MESSAGES } from '@leafline/contract/messages';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useLoginRedirectAfter } from '@/components/auth/login-gate';
import {
  type RegisterFieldErrors,
  RegisterFields,
  readRegisterForm,
} from '@/components/forms/account-fields';
import { Button } from '@/components/ui/button';
import { useRegister } from '@/lib/api/register';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { AuthCard, authLinkClass } from '../components/auth-card';

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
  const [fieldErrors, setFieldErrors] = useState<RegisterFieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);

  useLoginRedirectAfter(success !== null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = readRegisterForm(event.currentTarget);
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
          <RegisterFields errors={fieldErrors} />
          <Button type="submit" size="lg" loading={registerMutation.isPending} className="mt-1">
            Register
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
