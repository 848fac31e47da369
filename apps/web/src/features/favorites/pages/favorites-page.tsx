import type { ProductSummary } from '@leafline/contract/catalog';
import { FAVORITE_TEXTS, FAVORITES_PATH } from '@leafline/contract/favorites-texts';
import Heart from 'lucide-react/icons/heart';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toProductCard } from '@/components/product/product-card-data';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { RetryNotice } from '@/components/ui/retry-notice';
import { useFavorites, useSignedIn } from '@/lib/api/favorites';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useGuestFavorites } from '@/lib/guest-favorites';
import { saveProductRedirect } from '@/lib/storage';
import { useGuestFavoriteProducts } from '../api/get-guest-favorite-products';

/** /favorites: the page on its own, for everyone (signed out, the browser's favourites). */
export function FavoritesPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Favorites />
    </div>
  );
}

/** /account/favorites: the same list inside the account area (which gives the page its width). */
export function AccountFavoritesPage() {
  return <Favorites />;
}

/**
 * The shopper's Favourites (decision 0050): the products saved with the heart, newest first,
 * each on the shop's card, whose heart takes it out. Signed in, the account's; signed out, this
 * browser's, said as such, until the next sign-in moves them into the account.
 */
function Favorites() {
  useDocumentTitle(FAVORITE_TEXTS.title);
  const signedIn = useSignedIn();
  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">{FAVORITE_TEXTS.title}</h1>
      <p className="mt-2 text-ink-muted">{FAVORITE_TEXTS.intro}</p>
      <div className="mt-6">{signedIn ? <AccountFavorites /> : <GuestFavorites />}</div>
    </div>
  );
}

function AccountFavorites() {
  const query = useFavorites();
  if (query.isPending) return <ProductGridSkeleton count={4} label="Loading your favourites…" />;
  if (query.isError) {
    // A session that cannot be renewed ends in the API client (to /login); nothing to show here.
    if (isApiError(query.error, 401)) return null;
    return (
      <RetryNotice
        message={errorMessage(query.error, FAVORITE_TEXTS.loadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <FavoriteList products={query.data.results} />;
}

function GuestFavorites() {
  const ids = useGuestFavorites();
  const query = useGuestFavoriteProducts(ids, ids.length > 0);
  let list: ReactNode;
  if (ids.length === 0) list = <FavoriteList products={[]} />;
  else if (query.isPending)
    list = <ProductGridSkeleton count={4} label="Loading your favourites…" />;
  else if (query.isError) {
    list = (
      <RetryNotice
        message={FAVORITE_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    // Only those still saved: a heart pressed again leaves at once, before the list reloads.
    const saved = new Set(ids);
    list = <FavoriteList products={query.data.filter((p) => saved.has(p.id))} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <Notice tone="info">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span>{FAVORITE_TEXTS.guestNote}</span>
          {/* Back here after the sign-in, which moves these into the account. */}
          <Link
            to="/login"
            onClick={() => saveProductRedirect(FAVORITES_PATH)}
            className={buttonClasses('secondary', 'sm')}
          >
            {FAVORITE_TEXTS.guestLogin}
          </Link>
        </div>
      </Notice>
      {list}
    </div>
  );
}

function FavoriteList({ products }: { products: readonly ProductSummary[] }) {
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-sand-300 p-6">
        <p className="flex items-center gap-2 text-ink-muted">
          <Heart aria-hidden="true" className="size-5 text-clay-700" />
          {FAVORITE_TEXTS.empty}
        </p>
        <Link to="/shop" className={buttonClasses('primary')}>
          {FAVORITE_TEXTS.browse}
        </Link>
      </div>
    );
  }
  return (
    <ProductGrid
      products={products.map((p) => toProductCard(p))}
      label={FAVORITE_TEXTS.listLabel}
      headingLevel={2}
    />
  );
}
