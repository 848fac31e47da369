import { PRODUCT_LOGIN_REDIRECT_MS } from '@leafline/contract/constants';
import { FOLLOW_TEXTS } from '@leafline/contract/favorites-texts';
import Check from 'lucide-react/icons/check';
import Plus from 'lucide-react/icons/plus';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { useSignedIn } from '@/lib/api/favorites';
import { errorMessage } from '@/lib/api-client';
import type { NoticeState } from '@/lib/navigation';
import { saveProductRedirect } from '@/lib/storage';
import { useFollows, useSetFollow } from '../api/follows';

/**
 * Follow / Following on a storefront (decision 0050): a toggle button (aria-pressed) whose name
 * says what a press does. Signed out it does as Add to Cart does (SPEC §8): says the shopper
 * must log in, offers Login Now, remembers this page for after the login and goes there by
 * itself after 3 s. Rendered on the server as Follow (pages are never personal).
 */
export function FollowButton({ businessId, name }: { businessId: number; name: string }) {
  const signedIn = useSignedIn();
  const follows = useFollows(signedIn);
  const setFollow = useSetFollow();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [mustLogin, setMustLogin] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const following =
    signedIn && (follows.data?.results ?? []).some((business) => business.id === businessId);
  const pressed = setFollow.isPending ? setFollow.variables.follow : following;

  const goToLogin = () => {
    clearTimeout(timer.current);
    const state: NoticeState = { notice: FOLLOW_TEXTS.mustLogin, noticeTone: 'info' };
    navigate('/login', { state });
  };

  const onClick = () => {
    if (!signedIn) {
      saveProductRedirect(`${location.pathname}${location.search}`);
      setMustLogin(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(goToLogin, PRODUCT_LOGIN_REDIRECT_MS);
      return;
    }
    setFollow.mutate(
      { businessId, follow: !following },
      { onError: (error) => toast.error(errorMessage(error, FOLLOW_TEXTS.failed)) },
    );
  };

  return (
    <div className="flex flex-col items-start gap-3">
      <Button
        variant={pressed ? 'secondary' : 'primary'}
        size="sm"
        aria-pressed={pressed}
        aria-label={pressed ? FOLLOW_TEXTS.unfollowLabel(name) : FOLLOW_TEXTS.followLabel(name)}
        onClick={onClick}
        disabled={signedIn && follows.isPending}
      >
        {pressed ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Plus aria-hidden="true" className="size-4" />
        )}
        {pressed ? FOLLOW_TEXTS.following : FOLLOW_TEXTS.follow}
      </Button>
      {mustLogin ? (
        <Notice tone="warning" className="items-center">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span>{FOLLOW_TEXTS.mustLogin}</span>
            <Button size="sm" variant="secondary" onClick={goToLogin}>
              {FOLLOW_TEXTS.loginNow}
            </Button>
          </div>
        </Notice>
      ) : null}
    </div>
  );
}
