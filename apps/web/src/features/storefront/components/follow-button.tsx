import { FOLLOW_TEXTS } from '@leafline/contract/favorites-texts';
import Check from 'lucide-react/icons/check';
import Plus from 'lucide-react/icons/plus';
import { useLoginFirst } from '@/components/auth/login-first';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/use-toast';
import { useSignedIn } from '@/lib/api/favorites';
import { errorMessage } from '@/lib/api-client';
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
  const loginFirst = useLoginFirst(FOLLOW_TEXTS);

  const following =
    signedIn && (follows.data?.results ?? []).some((business) => business.id === businessId);
  const pressed = setFollow.isPending ? setFollow.variables.follow : following;

  const onClick = () => {
    if (!signedIn) {
      loginFirst.ask();
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
      {loginFirst.notice}
    </div>
  );
}
