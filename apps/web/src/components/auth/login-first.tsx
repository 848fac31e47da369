import { PRODUCT_LOGIN_REDIRECT_MS } from '@leafline/contract/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { NoticeState } from '@/lib/navigation';
import { saveProductRedirect } from '@/lib/storage';

/**
 * SPEC §8's answer to a signed-out shopper's action (Add to Cart; Follow does the same): `ask()`
 * shows that they must log in with a Login Now button, remembers this page in
 * `product_redirect` (the login page comes back to it) and goes to /login by itself after
 * PRODUCT_LOGIN_REDIRECT_MS, the notice going along. `notice` is where it is shown.
 */
export function useLoginFirst(texts: { mustLogin: string; loginNow: string }): {
  ask: () => void;
  notice: ReactNode;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const [asked, setAsked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const goToLogin = () => {
    clearTimeout(timer.current);
    const state: NoticeState = { notice: texts.mustLogin, noticeTone: 'info' };
    navigate('/login', { state });
  };
  const ask = () => {
    saveProductRedirect(`${location.pathname}${location.search}`);
    setAsked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(goToLogin, PRODUCT_LOGIN_REDIRECT_MS);
  };
  const notice = asked ? (
    <Notice tone="warning" className="items-center">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>{texts.mustLogin}</span>
        <Button size="sm" variant="secondary" onClick={goToLogin}>
          {texts.loginNow}
        </Button>
      </div>
    </Notice>
  ) : null;
  return { ask, notice };
}
