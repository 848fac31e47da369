import { PROMO_CODE_SESSION_KEY } from '@leafline/contract/promo-codes';
import { useSyncExternalStore } from 'react';

/**
 * The promo code chosen in the cart (docs/decisions/0056), kept in the tab's session storage
 * while the shopper stays: the cart shows it applied, the checkout sends it with `checkout/`.
 * Storage can throw (private mode, disabled storage): the code then lives until the page goes.
 */

const listeners = new Set<() => void>();
let fallback: string | null = null;

function read(): string | null {
  try {
    return window.sessionStorage.getItem(PROMO_CODE_SESSION_KEY);
  } catch {
    return fallback;
  }
}

/** Keeps `code` (null forgets it) and tells every component that shows it. */
export function setCartPromoCode(code: string | null): void {
  fallback = code;
  try {
    if (code) window.sessionStorage.setItem(PROMO_CODE_SESSION_KEY, code);
    else window.sessionStorage.removeItem(PROMO_CODE_SESSION_KEY);
  } catch {
    // Kept in memory only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Forgets the code chosen in the cart once a paid purchase used it (the confirmation page): the
 * next cart starts without it. A code other than `used` (chosen since) stays.
 */
export function forgetUsedPromoCode(used: string): void {
  const kept = read();
  if (kept && kept.trim().toUpperCase() === used.trim().toUpperCase()) setCartPromoCode(null);
}

/** The code chosen in the cart, or null. */
export function useCartPromoCode(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
