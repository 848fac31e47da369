import { FAVORITE_TEXTS } from '@leafline/contract/favorites-texts';
import Heart from 'lucide-react/icons/heart';
import { useContext } from 'react';
import { ToastContext } from '@/components/ui/toast/toast-context';
import { useFavoriteIds, useSetFavorite, useSignedIn } from '@/lib/api/favorites';
import { errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { toggleGuestFavorite } from '@/lib/guest-favorites';

export interface FavoriteButtonProps {
  productId: number;
  /** The product's name, so each heart of a page has a name of its own. */
  productName: string;
  /** `card`: a round button on a card's picture; `page`: beside Add to Cart. */
  variant?: 'card' | 'page';
  className?: string;
}

/**
 * The heart (decision 0050): saves the product to the shopper's Favourites or takes it out. A
 * toggle button (aria-pressed) named by what it does. Signed out, the browser keeps the
 * favourites until the next sign-in merges them; signed in, the account does. Rendered on the
 * server as not pressed (pages are never personal), it shows the shopper's state once hydrated.
 */
export function FavoriteButton({
  productId,
  productName,
  variant = 'card',
  className,
}: FavoriteButtonProps) {
  const signedIn = useSignedIn();
  const saved = useFavoriteIds().has(productId);
  const setFavorite = useSetFavorite();
  // Optional: a card shown outside the app's providers (a unit test) still renders.
  const toast = useContext(ToastContext);
  const pressed = setFavorite.isPending ? setFavorite.variables.save : saved;

  const onClick = () => {
    if (!signedIn) {
      toggleGuestFavorite(productId);
      return;
    }
    setFavorite.mutate(
      { productId, save: !saved },
      { onError: (error) => toast?.error(errorMessage(error, FAVORITE_TEXTS.saveFailed)) },
    );
  };

  const label = pressed ? FAVORITE_TEXTS.remove : FAVORITE_TEXTS.save;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={variant === 'card' ? `${label}: ${productName}` : label}
      title={label}
      onClick={onClick}
      data-testid="favorite-button"
      className={cx(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-900',
        variant === 'card'
          ? 'size-11 bg-white/90 text-clay-800 shadow-soft hover:bg-white'
          : 'min-h-12 border border-sand-300 bg-white/70 px-4 text-forest-900 hover:bg-sage-50',
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cx('size-5', pressed ? 'fill-clay-700 text-clay-700' : 'fill-transparent')}
      />
      {variant === 'page' ? <span className="text-sm font-medium">{label}</span> : null}
    </button>
  );
}
