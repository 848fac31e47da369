import type { QuizPersona } from '@leafline/contract/content';
import { MESSAGES } from '@leafline/contract/messages';
import { QUIZ_MESSAGES } from '@leafline/contract/quiz';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type RegisterFieldErrors,
  readLoginForm,
  readRegisterForm,
} from '@/components/forms/account-fields';
import { useLogin } from '@/lib/api/login';
import { useRegister } from '@/lib/api/register';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/auth-tokens';
import { useSendQuizResults } from './use-send-quiz-results';

interface SignInStatus {
  tone: 'success' | 'error';
  text: string;
  /** The server's own words under the message (a username already taken). */
  detail?: string | undefined;
}

/**
 * The quiz panel's registration and login (SPEC §4 Quiz): what each form's submission does,
 * what it says, and whether it is done. After a login or registration the results e-mail is
 * sent for `persona`.
 */
export function useQuizSignIn(persona: QuizPersona) {
  const queryClient = useQueryClient();
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const sendResults = useSendQuizResults();
  const [status, setStatus] = useState<SignInStatus | null>(null);
  const [fieldErrors, setFieldErrors] = useState<RegisterFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

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

  /** The other form starts without the last one's messages. */
  const clearMessages = () => {
    setStatus(null);
    setFieldErrors({});
  };

  return { status, fieldErrors, busy, done, onRegister, onLogin, clearMessages };
}

export type QuizSignIn = ReturnType<typeof useQuizSignIn>;
