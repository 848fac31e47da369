import {
  ACCOUNT_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  MESSAGES,
  type RegisterBody,
  type TokenPair,
} from '@leafline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { AppError, badRequest } from '../../lib/errors';
import { MAIL_QUEUE, queueMail } from '../mail';
import type { ActiveUsers } from './active-users';
import {
  claimRefreshToken,
  findRefreshToken,
  findTaken,
  findUserByEmail,
  findUserById,
  findUsersByLogin,
  insertRefreshToken,
  insertUser,
  raiseTokenVersion,
  replacePasswordHash,
  revokeAllRefreshTokens,
  revokeRefreshTokenByHash,
  setReplacedBy,
  type UserRow,
  uniqueViolation,
} from './auth.repo';
import { hashPassword, verifyPassword } from './password';
import { registrationAttemptEmail, resetPasswordEmail } from './reset-email';
import {
  checkResetToken,
  decodeUid,
  encodeUid,
  makeResetToken,
  RESET_TOKEN_TTL_SECONDS,
} from './reset-token';
import { hashToken, signToken, verifyToken } from './tokens';
import { welcomeEmail } from './welcome-email';

/** The rules of the account calls (SPEC §3–§5, DESIGN 2.4). Routes only translate HTTP. */

export interface AuthDeps {
  db: Db;
  config: Config;
  /** Where e-mails go as durable jobs (mail-jobs.ts); `mailerKind`: where they end up. */
  jobs: Pick<JobRunner, 'send' | 'wake'>;
  mailer: Pick<Mailer, 'kind'>;
  log: FastifyBaseLogger;
  /** Told when a user's access tokens end, so this instance does not wait for the NOTIFY. */
  activeUsers: Pick<ActiveUsers, 'forget'>;
  /** Runs the e-mails after the answer. */
  tasks: BackgroundTasks;
}

const loginFailed = () => new AppError(401, MESSAGES.loginIncorrect);
const invalidRefresh = () => new AppError(401, ACCOUNT_MESSAGES.invalidRefreshToken);
const invalidResetLink = () => badRequest(MESSAGES.invalidOrExpiredToken);

export const usernameTaken = () =>
  badRequest(ACCOUNT_MESSAGES.usernameTaken, { username: ACCOUNT_MESSAGES.usernameTaken });
export const emailTaken = () =>
  badRequest(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });

/**
 * A real scrypt hash of a random password, so that a login for an unknown name costs the same
 * as one for a known name (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
};

// ---- registration ----

/**
 * Registration does not tell whether an e-mail has an account (issue 24, point 25; decision
 * 0026): a taken e-mail with a free username is answered as a new account is (the password is
 * hashed all the same, so it takes as long), no account is made, and the address's owner gets
 * an e-mail saying someone tried, with a login link and a password-reset link. A taken username
 * is still named (SPEC §8 shows the server's error; usernames are public-facing and chosen,
 * and the route's rate limit bounds probing them). The answer carries no user id, which only
 * a real account would have.
 */
export async function register(
  deps: AuthDeps,
  body: RegisterBody,
): Promise<Pick<UserRow, 'username' | 'email'>> {
  const taken = await findTaken(deps.db, body.username, body.email);
  if (taken.username) throw usernameTaken();
  const passwordHash = await hashPassword(body.password1);
  const answer = { username: body.username, email: body.email };
  if (taken.email) {
    tellEmailOwner(deps, body.email);
    return answer;
  }
  try {
    const user = await insertUser(deps.db, {
      username: body.username,
      email: body.email,
      firstName: body.fname,
      lastName: body.lname,
      passwordHash,
    });
    welcome(deps, user);
    return { username: user.username, email: user.email };
  } catch (error) {
    // Two registrations raced past the check above: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint.includes('username')) throw usernameTaken();
    tellEmailOwner(deps, body.email);
    return answer;
  }
}

/** After the answer: the e-mail to the owner of an address someone tried to register with. */
function tellEmailOwner(deps: AuthDeps, email: string): void {
  deps.tasks.run('registration attempt e-mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user?.isActive) return;
    const message = registrationAttemptEmail({
      to: user.email,
      firstName: user.firstName,
      loginUrl: `${deps.config.publicUrl}/login`,
      resetLink: resetLink(deps.config, user),
      validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
    });
    await queueMail(deps.jobs, deps.db, message);
    deps.jobs.wake(MAIL_QUEUE);
  });
}

/**
 * After the answer: the welcome e-mail, once per account (only a new row gets here), queued as
 * a mail job like every e-mail. Registration neither waits for it nor fails with it: a mail
 * server that is away is the job's retries, and a queue that cannot be written is logged by
 * the task runner (the registration answer is the same as for a taken e-mail, decision 0026,
 * so nothing is added before it).
 */
function welcome(deps: AuthDeps, user: Pick<UserRow, 'email' | 'firstName'>): void {
  if (!deps.config.welcomeEmail) return;
  deps.tasks.run('welcome e-mail', async () => {
    const message = welcomeEmail({
      to: user.email,
      firstName: user.firstName,
      shopUrl: `${deps.config.publicUrl}/shop`,
    });
    await queueMail(deps.jobs, deps.db, message);
    deps.jobs.wake(MAIL_QUEUE);
  });
}

// ---- login and session ----

/** `version`: the user's token version now, carried by the access token (the guard checks it). */
async function issueTokens(db: Db, userId: number, version: number, secret: string) {
  const [access, refresh] = await Promise.all([
    signToken(userId, 'access', secret, new Date(), version),
    signToken(userId, 'refresh', secret),
  ]);
  const row = await insertRefreshToken(db, {
    userId,
    tokenHash: hashToken(refresh.token),
    expiresAt: refresh.expiresAt,
  });
  return { pair: { access: access.token, refresh: refresh.token }, refreshId: row.id };
}

/** `username` may be the username or the e-mail, in any case. */
export async function login(deps: AuthDeps, body: LoginBody): Promise<TokenPair> {
  const candidates = await findUsersByLogin(deps.db, body.username);
  if (candidates.length === 0) {
    await verifyPassword(body.password, await getDummyHash());
    throw loginFailed();
  }
  let user: UserRow | undefined;
  // Username match first; a second row is someone whose e-mail is that text.
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.passwordHash)) {
      user = candidate;
      break;
    }
  }
  if (!user?.isActive) throw loginFailed();
  const { pair } = await issueTokens(deps.db, user.id, user.tokenVersion, deps.config.tokenSecret);
  return pair;
}

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was already
 * rotated means two parties hold it (one of them a thief), so every refresh token of that user
 * is revoked and both must log in again.
 */
export async function refreshSession(deps: AuthDeps, token: string): Promise<TokenPair> {
  const claims = await verifyToken(token, 'refresh', deps.config.tokenSecret);
  if (!claims) throw invalidRefresh();
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (!row || row.userId !== claims.userId) throw invalidRefresh();
  if (row.revokedAt) {
    if (row.replacedById !== null) await detectedReuse(deps, row.userId);
    throw invalidRefresh();
  }
  if (row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
  const user = await findUserById(deps.db, row.userId);
  if (!user?.isActive) throw invalidRefresh();

  const pair = await deps.db.transaction(async (tx) => {
    if (!(await claimRefreshToken(tx, row.id))) return null;
    const issued = await issueTokens(tx, user.id, user.tokenVersion, deps.config.tokenSecret);
    await setReplacedBy(tx, row.id, issued.refreshId);
    return issued.pair;
  });
  if (!pair) {
    // Another request rotated this very token a moment ago: the same reuse.
    await detectedReuse(deps, row.userId);
    throw invalidRefresh();
  }
  return pair;
}

async function detectedReuse(deps: AuthDeps, userId: number): Promise<void> {
  const revoked = await revokeAllRefreshTokens(deps.db, userId);
  deps.log.warn({ userId, revoked }, 'refresh token reuse detected; all sessions revoked');
}

/**
 * Idempotent: an unknown, foreign or already revoked token is also a successful logout. A live
 * one also ends its user's access tokens at once (their token version is raised); the user's
 * other devices get a new one from their own refresh token.
 */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const userId = await revokeRefreshTokenByHash(deps.db, hashToken(token));
  if (userId === null) return;
  await raiseTokenVersion(deps.db, userId);
  deps.activeUsers.forget(userId);
}

// ---- password reset ----

export function resetLink(config: Config, user: Pick<UserRow, 'id' | 'passwordHash'>): string {
  const token = makeResetToken(user.id, user.passwordHash, config.tokenSecret);
  return `${config.publicUrl}/password-reset-confirm/${encodeUid(user.id)}/${token}`;
}

/**
 * Answers the same whether or not the e-mail belongs to someone: the lookup is the same, the
 * HMAC is computed either way, and the e-mail is sent after the answer (so SMTP latency does
 * not tell).
 */
export async function requestPasswordReset(
  deps: Omit<AuthDeps, 'activeUsers'>,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.isActive) {
    makeResetToken(0, '', deps.config.tokenSecret);
    return;
  }
  const link = resetLink(deps.config, user);
  if (deps.mailer.kind === 'outbox') {
    deps.log.info({ resetLink: link }, 'password reset link (outbox mail)');
  }
  const message = resetPasswordEmail({
    to: user.email,
    firstName: user.firstName,
    link,
    validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
  });
  // Queued after the answer (the answer takes as long whether or not the address is known),
  // then sent by the mail worker, with retries.
  deps.tasks.run('password reset e-mail', async () => {
    await queueMail(deps.jobs, deps.db, message);
    deps.jobs.wake(MAIL_QUEUE);
  });
}

export async function confirmPasswordReset(
  deps: AuthDeps,
  uid: string,
  token: string,
  password: string,
): Promise<void> {
  const userId = decodeUid(uid);
  if (userId === null) throw invalidResetLink();
  const user = await findUserById(deps.db, userId);
  if (!user?.isActive) throw invalidResetLink();
  if (!checkResetToken(token, user.id, user.passwordHash, deps.config.tokenSecret)) {
    throw invalidResetLink();
  }
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if ((await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash)) === null) {
      throw invalidResetLink();
    }
    // Whoever knew the old password loses their sessions too (access tokens ended by the
    // raised token version, refresh tokens revoked).
    await revokeAllRefreshTokens(tx, user.id);
  });
  deps.activeUsers.forget(user.id);
}

// ---- password change (account settings) ----

const wrongCurrentPassword = () =>
  badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword, {
    current_password: ACCOUNT_MESSAGES.wrongCurrentPassword,
  });

/**
 * Changes a signed-in user's password (docs/decisions/0048): the current one must be right;
 * then, in one transaction, the new hash and a raised token version (every access token issued
 * before is refused at once, on every instance), every refresh token revoked, and a new pair
 * for the caller at the new version — so the session that changed it stays signed in and
 * every other one ends.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'db' | 'activeUsers' | 'log'> & { config: Pick<Config, 'tokenSecret'> },
  userId: number,
  body: ChangePasswordBody,
): Promise<TokenPair> {
  const user = await findUserById(deps.db, userId);
  if (!user?.isActive) throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    throw wrongCurrentPassword();
  }
  const passwordHash = await hashPassword(body.password1);
  const pair = await deps.db.transaction(async (tx) => {
    const version = await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash);
    // Changed by another request since it was read: the password sent is no longer current.
    if (version === null) throw wrongCurrentPassword();
    const revoked = await revokeAllRefreshTokens(tx, user.id);
    const issued = await issueTokens(tx, user.id, version, deps.config.tokenSecret);
    return { pair: issued.pair, revoked };
  });
  deps.activeUsers.forget(user.id);
  deps.log.info({ userId, revokedSessions: pair.revoked }, 'password changed');
  return pair.pair;
}
