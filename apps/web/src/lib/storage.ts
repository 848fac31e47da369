import { STORAGE_KEYS } from '@leafline/contract/constants';

/** The browser's local storage, by the keys of SPEC §3 only. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export { STORAGE_KEYS };

// Storage can throw (private mode, quota, disabled cookies): the app keeps working without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; nothing else to do.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Clears every key of the origin (SPEC §4: a successful login starts from a clean slate). */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing to clear.
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}

/**
 * Only same-site paths are followed after login, so a stored value can never send the
 * user to another host.
 */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/** Remembers where to return after logging in (product page "add to cart" without login). */
export function saveProductRedirect(path: string): void {
  if (isSafeRedirectPath(path)) writeStorage(STORAGE_KEYS.productRedirect, path);
}

/** Reads and forgets the stored return path. */
export function takeProductRedirect(): string | null {
  const path = readStorage(STORAGE_KEYS.productRedirect);
  removeStorage(STORAGE_KEYS.productRedirect);
  return isSafeRedirectPath(path) ? path : null;
}
