import { FAVORITE_LIMITS } from '@leafline/contract/favorites-texts';
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The favourites of a signed-out shopper (decision 0050): product ids in local storage, newest
 * first, at most FAVORITE_LIMITS.mergeMax. They survive the sign-in's clean slate
 * (`startSession`) and are merged into the account by the first favourites query after it.
 * Changes are announced in this tab with an event (`storage` fires only in the others).
 */
const CHANGE_EVENT = 'leafline:guest-favorites';

let cachedRaw: string | null = null;
let cachedIds: readonly number[] = [];

function parse(raw: string | null): readonly number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
    return [...new Set(ids)].slice(0, FAVORITE_LIMITS.mergeMax);
  } catch {
    return [];
  }
}

/** The saved ids, newest first; the same array while nothing changed (a store's snapshot). */
export function readGuestFavorites(): readonly number[] {
  const raw = readStorage(STORAGE_KEYS.guestFavorites);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parse(raw);
  }
  return cachedIds;
}

function write(ids: readonly number[]): void {
  writeStorage(STORAGE_KEYS.guestFavorites, JSON.stringify(ids.slice(0, FAVORITE_LIMITS.mergeMax)));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Saves or removes one product; answers whether it is saved now. */
export function toggleGuestFavorite(productId: number): boolean {
  const ids = readGuestFavorites();
  const saved = ids.includes(productId);
  write(saved ? ids.filter((id) => id !== productId) : [productId, ...ids]);
  return !saved;
}

/** Forgets the ids merged into the account (others saved meanwhile stay). */
export function forgetGuestFavorites(merged: readonly number[]): void {
  const gone = new Set(merged);
  write(readGuestFavorites().filter((id) => !gone.has(id)));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.guestFavorites) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const NONE: readonly number[] = [];

/** The signed-out favourites, kept up to date; none on the server (pages are never personal). */
export function useGuestFavorites(): readonly number[] {
  return useSyncExternalStore(subscribe, readGuestFavorites, () => NONE);
}
