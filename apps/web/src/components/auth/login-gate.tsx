import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Notice, type Tone } from '@/components/ui/notice';
import { getAccessToken } from '@/lib/auth-tokens';
import type { NoticeState } from '@/lib/navigation';

/**
 * Whether an access token was stored when the page opened. Read once: logging out or deleting
 * the account on the page must not bounce the user to /login before their own redirect.
 */
export function useTokenOnEntry(): boolean {
  const [hadToken] = useState(() => getAccessToken() !== null);
  return hadToken;
}

/** Once `active`, goes to /login after 2 s (SPEC §8), with `state` for the login page. */
export function useLoginRedirectAfter(active: boolean, state: NoticeState = {}): void {
  const navigate = useNavigate();
  const { notice, noticeTone } = state;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(
      () =>
        navigate('/login', {
          replace: true,
          state: notice === undefined ? undefined : { notice, noticeTone },
        }),
      AUTH_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [active, navigate, notice, noticeTone]);
}

export interface LoginGateProps {
  /** The page, shown when a token was stored on entry. */
  children?: ReactNode;
  /** The page's SPEC §8 text; none goes to /login without one. */
  notice?: string | undefined;
  /**
   * What the page does without a token, as its SPEC §8 text says: `link` shows the text and a
   * Log in link, `login-after` shows it and goes to /login after 2 s, `login` goes at once
   * and the login page shows it.
   */
  action: 'link' | 'login-after' | 'login';
  /** The tone of the text on this page (`link`, `login-after`). */
  tone?: Tone;
  /** The tone of the text on the login page (`login-after`, `login`). */
  loginTone?: NoticeState['noticeTone'];
}

/** The one login gate of the pages that need a session: the page's own text and target. */
export function LoginGate({
  children,
  notice,
  action,
  tone = 'warning',
  loginTone,
}: LoginGateProps) {
  const hadToken = useTokenOnEntry();
  if (hadToken) return children ?? null;
  if (action === 'login') {
    const state: NoticeState = notice === undefined ? {} : { notice, noticeTone: loginTone };
    return <Navigate to="/login" replace state={state} />;
  }
  if (action === 'login-after') {
    return <NoticeThenLogin notice={notice} tone={tone} loginTone={loginTone} />;
  }
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      {notice ? <Notice tone={tone}>{notice}</Notice> : null}
      <Link to="/login" className={buttonClasses('primary')}>
        Log in
      </Link>
    </div>
  );
}

function NoticeThenLogin({
  notice,
  tone,
  loginTone,
}: {
  notice: string | undefined;
  tone: Tone;
  loginTone: NoticeState['noticeTone'];
}) {
  useLoginRedirectAfter(true, { notice, noticeTone: loginTone });
  return notice ? (
    <Notice tone={tone} className="mt-6">
      {notice}
    </Notice>
  ) : null;
}
