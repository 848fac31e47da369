import { ACCOUNT_MESSAGES, type ChangePasswordBody, type TokenPair } from '@leafline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ActiveUsers } from '../auth';
import {
  changePassword,
  deleteUser,
  emailTaken,
  emailTakenByOther,
  findUserById,
  uniqueViolation,
  updateEmail,
  updateName,
} from '../auth';
import { closeOwnedBusinesses } from '../businesses';
import { snapshotBuyerOnOrders } from '../orders';
import { ownsActiveBusiness } from './account.repo';

/** The account area: name, e-mail, deletion, and whether the user sells (SPEC §2, §6). */

export interface AccountDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The guard's memory of active accounts: a deleted one is forgotten at once. */
  activeUsers: Pick<ActiveUsers, 'forget'>;
  /** The token secret, for the new pair a password change answers. */
  config: Pick<Config, 'tokenSecret'>;
}

// The guard checked the user a moment ago; a row gone since then is a dead session.
const sessionGone = () => new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);

export async function userHasBusiness(deps: AccountDeps, userId: number): Promise<boolean> {
  return ownsActiveBusiness(deps.db, userId);
}

export async function getName(deps: AccountDeps, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw sessionGone();
  return { first_name: user.firstName, last_name: user.lastName };
}

export async function setName(
  deps: AccountDeps,
  userId: number,
  firstName: string,
  lastName: string,
) {
  const row = await updateName(deps.db, userId, firstName, lastName);
  if (!row) throw sessionGone();
  return { first_name: row.firstName, last_name: row.lastName };
}

export async function getEmail(deps: AccountDeps, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw sessionGone();
  return { email: user.email };
}

export async function setEmail(deps: AccountDeps, userId: number, email: string) {
  if (await emailTakenByOther(deps.db, email, userId)) throw emailTaken();
  try {
    const row = await updateEmail(deps.db, userId, email);
    if (!row) throw sessionGone();
    return { email: row.email };
  } catch (error) {
    // Someone took it between the check and the update.
    if (uniqueViolation(error) !== null) throw emailTaken();
    throw error;
  }
}

/**
 * The password change of the settings page: the current password checked, every other session
 * ended, and a new token pair for this one (the auth module's rules, decision 0048).
 */
export async function setPassword(
  deps: AccountDeps,
  userId: number,
  body: ChangePasswordBody,
): Promise<TokenPair> {
  return changePassword(deps, userId, body);
}

/**
 * Deletes the account in one transaction (docs/decisions/0004-account-deletion.md): orders are
 * kept for the sellers with the buyer's snapshot, owned businesses are closed, and the user row
 * goes with its sessions, cart and address.
 */
export async function deleteAccount(deps: AccountDeps, userId: number): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const orders = await snapshotBuyerOnOrders(tx, userId);
    const closedBusinesses = await closeOwnedBusinesses(tx, userId);
    const deleted = await deleteUser(tx, userId);
    return { orders, closedBusinesses, deleted };
  });
  // Here at once; other app instances hear it from the database (migration 0007).
  deps.activeUsers.forget(userId);
  if (!result.deleted) throw sessionGone();
  deps.log.info(
    { userId, keptOrders: result.orders, closedBusinesses: result.closedBusinesses },
    'account deleted',
  );
}
