import type { FavoritesResponse } from '@leafline/contract/favorites';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '@/lib/api-client';
import { getRefreshToken, useHasAccessToken } from '@/lib/auth-tokens';
import { forgetGuestFavorites, readGuestFavorites, useGuestFavorites } from '@/lib/guest-favorites';

/**
 * The shopper's favourites (decision 0050), in one place of the query cache: every card's
 * heart, the product page's and the Favourites page read it, so a change shows on all. Shared
 * code, not a feature's: the heart is on the shared product card.
 */
export const favoritesQueryKey = ['favorites'] as const;

/**
 * GET api/favorites/ (auth) — after merging the products hearted while signed out, when any
 * wait in this browser (POST api/favorites/merge/, which answers the list too): the first
 * favourites query after a sign-in moves them into the account, then forgets them here.
 */
export async function getFavorites(signal?: AbortSignal): Promise<FavoritesResponse> {
  const guest = readGuestFavorites();
  if (!guest.length) return apiCall(SHOP_ROUTES.favorites, { signal });
  const merged = await apiCall(SHOP_ROUTES.mergeFavorites, {
    json: { product_ids: [...guest] },
    signal,
  });
  forgetGuestFavorites(guest);
  return { results: merged.results };
}

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => getFavorites(signal),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Whether a renewable session is stored: the account's favourites then, else the browser's.
 * A lone access token (another tab half-way through signing in or out) counts as signed out.
 */
export function useSignedIn(): boolean {
  const hasToken = useHasAccessToken();
  return hasToken && getRefreshToken() !== null;
}

/** The account's favourites (signed in only). */
export function useFavorites(enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({ ...favoritesQueryOptions(), enabled: enabled && signedIn });
}

/** The ids of the products saved: the account's when signed in, else this browser's. */
export function useFavoriteIds(): ReadonlySet<number> {
  const signedIn = useSignedIn();
  const account = useFavorites();
  const guest = useGuestFavorites();
  const results = account.data?.results;
  return useMemo(
    () => new Set(signedIn ? (results ?? []).map((p) => p.id) : guest),
    [signedIn, results, guest],
  );
}

/** Saves (`save: true`) or removes a favourite of the account, the cache updated after. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, save }: { productId: number; save: boolean }) => {
      if (save) {
        const { product } = await apiCall(SHOP_ROUTES.addFavorite, {
          json: { product_id: productId },
        });
        return product;
      }
      await apiCall(SHOP_ROUTES.removeFavorite, { params: { productId } });
      return null;
    },
    onSuccess: (product, { productId }) => {
      queryClient.setQueryData<FavoritesResponse>(favoritesQueryKey, (old) => {
        const rest = (old?.results ?? []).filter((p) => p.id !== productId);
        return { results: product ? [product, ...rest] : rest };
      });
    },
  });
}
