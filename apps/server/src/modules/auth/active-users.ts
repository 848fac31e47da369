import type { Db } from '../../db/client';
import { findUserForGuard } from './auth.repo';

/**
 * The guard's answer to "is this account still active, and at which token version?",
 * remembered for a short while so that an authenticated call does not spend a database round
 * trip on it every time (docs/decisions/0009-session-user-cache.md).
 *
 * It still answers "no" at once when an account is deleted or deactivated, or its token
 * version raised (logout, password reset): the database announces each on the
 * `leafline_users` channel (migrations 0007, 0008), every app instance forgets the user, and
 * the instance that made the change forgets it right away too (`forget`). While that
 * subscription is down nothing is remembered, since announcements could be missed.
 *
 * A lookup that ran while any user was forgotten is not remembered (the generation moved on),
 * so a query that read the account just before its deletion cannot put it back afterwards.
 */
export interface ActiveUsers {
  /**
   * True when the user exists, is active and is at token `version` (from memory, or read
   * now): an access token issued before the last logout or password reset is refused.
   */
  isActive(db: Db, userId: number, version: number): Promise<boolean>;
  /** The user was deleted, deactivated or their tokens ended: the next call reads the database. */
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
  /** User id → when the lookup that found them active was made, and their token version. */
  const active = new Map<number, { at: number; version: number }>();
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
    async isActive(db, userId, version) {
      if (listening && maxAge > 0) {
        const known = active.get(userId);
        if (known !== undefined && performance.now() - known.at < maxAge) {
          return known.version === version;
        }
        if (known !== undefined) active.delete(userId);
      }
      const started = generation;
      const at = performance.now();
      const user = await findUserForGuard(db, userId);
      if (!user?.isActive) return false;
      if (listening && maxAge > 0 && started === generation) {
        active.set(userId, { at, version: user.tokenVersion });
        if (active.size > maxEntries) active.delete(active.keys().next().value as number);
      }
      return user.tokenVersion === version;
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
