import { useSyncExternalStore } from 'react';
import { clearAllStorage, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The session lives in local storage (SPEC §3, §6): an access and a refresh token. Every
 * change made here is announced with a same-tab event, because the `storage` event only
 * fires in *other* tabs.
 */
export const AUTH_CHANGE_EVENT = 'leafline:auth-change';

export interface Tokens {
  access: string;
  refresh?: string | undefined;
}

function announce(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

export function getAccessToken(): string | null {
  return readStorage(STORAGE_KEYS.accessToken) || null;
}

export function getRefreshToken(): string | null {
  return readStorage(STORAGE_KEYS.refreshToken) || null;
}

export function setTokens(tokens: Tokens): void {
  writeStorage(STORAGE_KEYS.accessToken, tokens.access);
  if (tokens.refresh) writeStorage(STORAGE_KEYS.refreshToken, tokens.refresh);
  announce();
}

export function clearTokens(): void {
  removeStorage(STORAGE_KEYS.accessToken);
  removeStorage(STORAGE_KEYS.refreshToken);
  announce();
}

/**
 * Login: forget everything stored by the previous session, then keep the new tokens — and the
 * products hearted while signed out, which the favourites query merges into the account
 * (decision 0050).
 */
export function startSession(tokens: Required<Tokens>): void {
  const guestFavorites = readStorage(STORAGE_KEYS.guestFavorites);
  clearAllStorage();
  if (guestFavorites) writeStorage(STORAGE_KEYS.guestFavorites, guestFavorites);
  setTokens(tokens);
}

export function subscribeToAuth(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  };
}

const hasAccessToken = () => getAccessToken() !== null;

/**
 * Whether an access token is stored. Re-read on every render as well (so a navigation
 * re-checks it), on `storage` events from other tabs, and on this tab's token changes.
 */
export function useHasAccessToken(): boolean {
  return useSyncExternalStore(subscribeToAuth, hasAccessToken, () => false);
}
