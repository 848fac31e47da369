import { QUIZ_PANEL_CLOSE_MS } from '@leafline/contract/constants';
import type { QuizPersona } from '@leafline/contract/content';
import { QUIZ_MESSAGES } from '@leafline/contract/quiz';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import {
  LoginFields,
  type RegisterFieldErrors,
  RegisterFields,
} from '@/components/forms/account-fields';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { type QuizSignIn, useQuizSignIn } from '../hooks/use-quiz-sign-in';

type Mode = 'register' | 'login' | 'loggedIn';

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
  const signIn = useQuizSignIn(persona);
  const { done } = signIn;
  const [mode, setMode] = useState<Mode>(loggedIn ? 'loggedIn' : 'register');

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
    signIn.clearMessages();
  };

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
      {mode === 'loggedIn' ? (
        <Button size="lg" className="w-full" onClick={onShowResults} data-autofocus>
          See my results
        </Button>
      ) : (
        <AccountForms
          mode={mode}
          formsRef={formsRef}
          signIn={signIn}
          onSwitch={() => switchMode(mode === 'register' ? 'login' : 'register')}
          onShowResults={onShowResults}
        />
      )}
      {productsLoading ? (
        <p className="mt-5 flex justify-center text-sm text-ink-muted">
          <Spinner label="Picking your products…" />
        </p>
      ) : null}
    </Dialog>
  );
}

/** The register or login form with what it says, the link to the other one, and Skip. */
function AccountForms({
  mode,
  formsRef,
  signIn,
  onSwitch,
  onShowResults,
}: {
  mode: 'register' | 'login';
  /** Where the other form's first field is looked for after a switch. */
  formsRef: RefObject<HTMLDivElement | null>;
  signIn: QuizSignIn;
  onSwitch: () => void;
  onShowResults: () => void;
}) {
  const { status, busy, done } = signIn;
  return (
    <div ref={formsRef}>
      {status ? (
        <Notice tone={status.tone} className="mb-4">
          {status.text}
          {status.detail ? <span className="mt-1 block font-normal">{status.detail}</span> : null}
        </Notice>
      ) : null}
      {mode === 'register' ? (
        <RegisterForm
          onSubmit={signIn.onRegister}
          busy={busy}
          done={done}
          errors={signIn.fieldErrors}
        />
      ) : (
        <LoginForm onSubmit={signIn.onLogin} busy={busy} done={done} />
      )}
      {done ? null : (
        <div className="mt-5 flex flex-col items-center gap-3 text-sm">
          <p className="text-ink-muted">
            {mode === 'register' ? 'Already have an account? ' : 'New here? '}
            <button
              type="button"
              disabled={busy}
              onClick={onSwitch}
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
