import type { Db } from '../../db/client';
import { findUserForGuard } from './auth.repo';

/**
 * The guard's answer to "is this account still active?", remembered for a short while so that
 * an authenticated call does not spend a database round trip on it every time
 * (docs/decisions/0009-session-user-cache.md).
 *
 * It still answers "no" at once when an account is deleted or deactivated: the database
 * announces both on the `leafline_users` channel (migration 0007), every app instance forgets
 * the user, and the deleting instance forgets it right away too (`forget`). While that
 * subscription is down nothing is remembered, since announcements could be missed.
 *
 * A lookup that ran while any user was forgotten is not remembered (the generation moved on),
 * so a query that read the account just before its deletion cannot put it back afterwards.
 */
export interface ActiveUsers {
  /** True when the user exists and is active (from memory, or read now). */
  isActive(db: Db, userId: number): Promise<boolean>;
  /** The user was deleted or deactivated: the next call reads the database. */
  forget(userId: number): void;
  clear(): void;
  setListening(listening: boolean): void;
  readonly size: number;
}

/** The channel of migration 0007; its payload is a user id, or '*' for all. */
export const USERS_CHANNEL = 'leafline_users';

export function createActiveUsers(options: {
  maxAgeSeconds: number;
  maxEntries?: number;
}): ActiveUsers {
  const maxAge = options.maxAgeSeconds * 1000;
  const maxEntries = options.maxEntries ?? 50_000;
  /** User id → when the lookup that found them active was made. */
  const active = new Map<number, number>();
  let generation = 0;
  let listening = false;

  const clear = () => {
    generation++;
    active.clear();
  };
  return {
    get size() {
      return active.size;
    },
    async isActive(db, userId) {
      if (listening && maxAge > 0) {
        const since = active.get(userId);
        if (since !== undefined && performance.now() - since < maxAge) return true;
        if (since !== undefined) active.delete(userId);
      }
      const started = generation;
      const at = performance.now();
      const user = await findUserForGuard(db, userId);
      if (!user?.isActive) return false;
      if (listening && maxAge > 0 && started === generation) {
        active.set(userId, at);
        if (active.size > maxEntries) active.delete(active.keys().next().value as number);
      }
      return true;
    },
    forget(userId) {
      generation++;
      active.delete(userId);
    },
    clear,
    setListening(value) {
      listening = value;
      clear();
    },
  };
}

/** Applies an announcement of the `leafline_users` channel. */
export function onUsersNotice(users: ActiveUsers, payload: string): void {
  const id = Number(payload);
  if (Number.isSafeInteger(id) && id > 0) users.forget(id);
  else users.clear();
}
