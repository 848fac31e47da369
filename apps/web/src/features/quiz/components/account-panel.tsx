import { QUIZ_PANEL_CLOSE_MS } from '@leafline/contract/constants';
import type { QuizPersona } from '@leafline/contract/content';
import { MESSAGES } from '@leafline/contract/messages';
import { QUIZ_MESSAGES } from '@leafline/contract/quiz';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  LoginFields,
  type RegisterFieldErrors,
  RegisterFields,
  readLoginForm,
  readRegisterForm,
} from '@/components/forms/account-fields';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useLogin } from '@/lib/api/login';
import { useRegister } from '@/lib/api/register';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/auth-tokens';
import { useSendQuizResults } from '../hooks/use-send-quiz-results';

type Mode = 'register' | 'login' | 'loggedIn';

interface Status {
  tone: 'success' | 'error';
  text: string;
  /** The server's own words under the message (a username already taken). */
  detail?: string | undefined;
}

export interface AccountPanelProps {
  open: boolean;
  /** Whether a session was stored when the panel opened: it then offers only the results. */
  loggedIn: boolean;
  persona: QuizPersona;
  /** The persona's products are still loading. */
  productsLoading: boolean;
  /** Skip, an account made or logged in to, or already logged in: on to the results. */
  onShowResults: () => void;
  /** Escape or the close button: back to the questions. */
  onClose: () => void;
}

const TITLES: Record<Mode, string> = {
  register: 'Create an account',
  login: 'Log in',
  loggedIn: QUIZ_MESSAGES.alreadyLoggedIn,
};

/**
 * The sign-up or login panel between the questions and the results (SPEC §2 Quiz, §4 Quiz):
 * register mode first, login mode by a link, or skip. After a login or registration it says
 * so, sends the results e-mail, and 1.5 s later makes way for the results.
 */
export function AccountPanel({
  open,
  loggedIn,
  persona,
  productsLoading,
  onShowResults,
  onClose,
}: AccountPanelProps) {
  const queryClient = useQueryClient();
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const sendResults = useSendQuizResults();
  const [mode, setMode] = useState<Mode>(loggedIn ? 'loggedIn' : 'register');
  const [status, setStatus] = useState<Status | null>(null);
  const [fieldErrors, setFieldErrors] = useState<RegisterFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // SPEC §9: the panel closes 1.5 s after a successful login or registration.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onShowResults, QUIZ_PANEL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, onShowResults]);

  // A switch between register and login puts the reader at the new form's first field.
  const formsRef = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    formsRef.current?.querySelector<HTMLInputElement>(`form[data-mode="${mode}"] input`)?.focus();
  }, [mode]);

  const switchMode = (next: Mode) => {
    switched.current = true;
    setMode(next);
    setStatus(null);
    setFieldErrors({});
  };

  /** The session starts as on the login page; the quiz and product data stay cached. */
  const signedIn = (tokens: { access: string; refresh: string }) => {
    startSession(tokens);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'quiz' && query.queryKey[0] !== 'catalog',
    });
  };

  const onRegister = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = readRegisterForm(event.currentTarget);
    setFieldErrors({});
    if (body.password1 !== body.password2) {
      setStatus({ tone: 'error', text: MESSAGES.passwordsDoNotMatchRegister });
      setFieldErrors({ password2: MESSAGES.passwordsDoNotMatchRegister });
      return;
    }
    setStatus(null);
    setBusy(true);
    try {
      try {
        await registerMutation.mutateAsync(body);
      } catch (error) {
        const server = error instanceof ApiError && error.hasServerMessage ? error : undefined;
        setStatus({
          tone: 'error',
          text: QUIZ_MESSAGES.registrationFailed,
          detail: server?.message,
        });
        if (server?.fields) setFieldErrors(server.fields);
        return;
      }
      setStatus({ tone: 'success', text: QUIZ_MESSAGES.registered });
      try {
        signedIn(
          await loginMutation.mutateAsync({ username: body.username, password: body.password1 }),
        );
      } catch {
        setStatus({ tone: 'error', text: QUIZ_MESSAGES.loginAfterRegistrationFailed });
        return;
      }
      setDone(true);
      void sendResults(persona, body.email);
    } finally {
      setBusy(false);
    }
  };

  const onLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { username, password } = readLoginForm(event.currentTarget);
    setStatus(null);
    setBusy(true);
    try {
      signedIn(await loginMutation.mutateAsync({ username, password }));
    } catch {
      setStatus({ tone: 'error', text: QUIZ_MESSAGES.loginFailed });
      return;
    } finally {
      setBusy(false);
    }
    setStatus({ tone: 'success', text: QUIZ_MESSAGES.loggedIn });
    setDone(true);
    void sendResults(persona);
  };

  const statusNotice = status ? (
    <Notice tone={status.tone} className="mb-4">
      {status.text}
      {status.detail ? <span className="mt-1 block font-normal">{status.detail}</span> : null}
    </Notice>
  ) : null;

  let body: ReactNode;
  if (mode === 'loggedIn') {
    body = (
      <Button size="lg" className="w-full" onClick={onShowResults} data-autofocus>
        See my results
      </Button>
    );
  } else {
    body = (
      <div ref={formsRef}>
        {statusNotice}
        {mode === 'register' ? (
          <RegisterForm onSubmit={onRegister} busy={busy} done={done} errors={fieldErrors} />
        ) : (
          <LoginForm onSubmit={onLogin} busy={busy} done={done} />
        )}
        {done ? null : (
          <div className="mt-5 flex flex-col items-center gap-3 text-sm">
            <p className="text-ink-muted">
              {mode === 'register' ? 'Already have an account? ' : 'New here? '}
              <button
                type="button"
                disabled={busy}
                onClick={() => switchMode(mode === 'register' ? 'login' : 'register')}
                className="font-semibold text-forest-900 underline underline-offset-2 hover:text-forest-700"
              >
                {mode === 'register' ? 'Log in' : 'Create an account'}
              </button>
            </p>
            <Button variant="ghost" onClick={onShowResults} disabled={busy}>
              Skip and see results
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={done ? onShowResults : onClose}
      title={TITLES[mode]}
      description={
        mode === 'loggedIn'
          ? `Your persona is ready: ${persona.title}.`
          : 'Save your results and shop the products picked for you. We will e-mail you your persona too.'
      }
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      {body}
      {productsLoading ? (
        <p className="mt-5 flex justify-center text-sm text-ink-muted">
          <Spinner label="Picking your products…" />
        </p>
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  done: boolean;
}

function RegisterForm({
  onSubmit,
  busy,
  done,
  errors,
}: FormProps & { errors: RegisterFieldErrors }) {
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Create an account"
      data-mode="register"
    >
      <fieldset disabled={done} className="contents">
        <RegisterFields errors={errors} />
        <Button type="submit" size="lg" loading={busy} className="mt-1">
          Create account
        </Button>
      </fieldset>
    </form>
  );
}

function LoginForm({ onSubmit, busy, done }: FormProps) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in" data-mode="login">
      <fieldset disabled={done} className="contents">
        <LoginFields />
        <Button type="submit" size="lg" loading={busy} className="mt-1">
          Log in
        </Button>
      </fieldset>
    </form>
  );
}
