import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDb } from '../../db/prepared';
import { refreshTokens, users } from '../../db/schema/index';

/** Drizzle queries of the account calls (users and refresh tokens). */

export type UserRow = typeof users.$inferSelect;

const lower = (value: string) => sql`lower(${value})`;

const guardUser = perDb((db) =>
  db
    .select({ id: users.id, isActive: users.isActive, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_guard_user'),
);

/** What the auth guard needs of a user, per request: a prepared statement (planned once). */
export async function findUserForGuard(
  db: Db,
  id: number,
): Promise<Pick<UserRow, 'id' | 'isActive' | 'tokenVersion'> | undefined> {
  const [row] = await guardUser(db).execute({ id });
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The users a login name may mean: the one with that username and the one with that e-mail
 * (case-insensitive; at most two rows), the username match first.
 */
export async function findUsersByLogin(db: Db, login: string): Promise<UserRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, lower(login)),
        eq(sql`lower(${users.email})`, lower(login)),
      ),
    )
    .limit(2);
  const name = login.toLowerCase();
  return rows.sort(
    (a, b) => Number(b.username.toLowerCase() === name) - Number(a.username.toLowerCase() === name),
  );
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, lower(email)))
    .limit(1);
  return row;
}

/** Which of a username and an e-mail are already taken (case-insensitive). */
export async function findTaken(
  db: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, lower(username)),
        eq(sql`lower(${users.email})`, lower(email)),
      ),
    )
    .limit(2);
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, lower(email)), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(
  db: Db,
  values: Pick<UserRow, 'username' | 'email' | 'firstName' | 'lastName' | 'passwordHash'>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Sets a new password hash only if the stored one is still `expected` (compare-and-set), so two
 * uses of one reset link (or two password changes) cannot both succeed. Answers the user's new
 * token version, or null when the hash had changed meanwhile.
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  expected: string,
  passwordHash: string,
): Promise<number | null> {
  const rows = await db
    .update(users)
    // The access tokens issued before end with the old password (a raised token version).
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expected)))
    .returning({ tokenVersion: users.tokenVersion });
  return rows[0]?.tokenVersion ?? null;
}

// ---- refresh tokens ----

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  return row!;
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Revokes a token that is still live and says whether this call did it; of two concurrent
 * rotations of one token only one wins.
 */
export async function claimRefreshToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function setReplacedBy(db: Db, id: number, replacedById: number): Promise<void> {
  await db.update(refreshTokens).set({ replacedById }).where(eq(refreshTokens.id, id));
}

/** Revokes a live refresh token; the id of its user, or null when none was live. */
export async function revokeRefreshTokenByHash(db: Db, tokenHash: string): Promise<number | null> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Ends every access token of the user issued so far (their version no longer matches). */
export async function raiseTokenVersion(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function revokeAllRefreshTokens(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** The Postgres unique-violation behind a (possibly wrapped) driver error, by constraint name. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const e = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      return typeof e.detail === 'string' ? e.detail : '';
    }
    current = e.cause;
  }
  return null;
}

/** The account area's changes to a user (SPEC §2 account settings): name, e-mail, deletion. */

export async function updateName(
  db: Db,
  userId: number,
  firstName: string,
  lastName: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ firstName, lastName, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ firstName: users.firstName, lastName: users.lastName });
  return row;
}

export async function updateEmail(
  db: Db,
  userId: number,
  email: string,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/** Deleting the row cascades to refresh tokens, cart and address; orders keep a null user. */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
