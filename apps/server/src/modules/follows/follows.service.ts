import {
  ACCOUNT_MESSAGES,
  type BusinessSummary,
  CATALOG_MESSAGES,
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  type FollowedNewProductsResponse,
  type FollowsResponse,
} from '@leafline/contract';
import { isStoredId, parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../db/pg-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { toSummary } from '../catalog';
import {
  countFollows,
  deleteFollow,
  type FollowedBusinessRow,
  findOpenBusiness,
  insertFollow,
  isFollowing,
  listFollowedBusinesses,
  listFollowedNewProducts,
  lockFollows,
} from './follows.repo';

/**
 * The brands a shopper follows (docs/decisions/0050): Follow on a storefront, at most
 * FOLLOW_LIMITS.max an account, idempotent both ways; their new products make the home row
 * "From brands you follow".
 */

export interface FollowsDeps {
  db: Db;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const businessNotFound = () => notFound(CATALOG_MESSAGES.businessNotFound);

function toBusinessSummary(row: FollowedBusinessRow): BusinessSummary {
  return { id: row.id, name: row.name, logonew: mediaUrl(row.logo), verified: row.verified };
}

export async function listFollows(deps: FollowsDeps, userId: number): Promise<FollowsResponse> {
  const rows = await listFollowedBusinesses(deps.db, userId);
  return { results: rows.map(toBusinessSummary) };
}

/** Follows an open brand; `created` is false when it was followed already. */
export async function follow(
  deps: FollowsDeps,
  userId: number,
  businessId: number,
): Promise<{ created: boolean; business: BusinessSummary }> {
  if (!isStoredId(businessId)) throw businessNotFound();
  const business = await findOpenBusiness(deps.db, businessId);
  if (!business) throw businessNotFound();
  try {
    const created = await deps.db.transaction(async (tx) => {
      await lockFollows(tx, userId);
      if (await isFollowing(tx, userId, businessId)) return false;
      if ((await countFollows(tx, userId)) >= FOLLOW_LIMITS.max) {
        throw conflict(FOLLOW_MESSAGES.tooMany);
      }
      return insertFollow(tx, userId, businessId);
    });
    return { created, business: toBusinessSummary(business) };
  } catch (error) {
    const failure = pgError(error);
    if (failure?.code === FOREIGN_KEY_VIOLATION) {
      if (failure.constraint.includes('business')) throw businessNotFound();
      throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
    }
    throw error;
  }
}

/** Stops following a brand; one not followed is fine (idempotent). */
export async function unfollow(
  deps: FollowsDeps,
  userId: number,
  rawBusinessId: string,
): Promise<void> {
  const businessId = parseId(rawBusinessId);
  if (businessId === null) throw businessNotFound();
  await deleteFollow(deps.db, userId, businessId);
}

/** The home row: the followed brands' newest products of the last days, a few. */
export async function followedNewProducts(
  deps: FollowsDeps,
  userId: number,
  now = new Date(),
): Promise<FollowedNewProductsResponse> {
  const since = new Date(now.getTime() - FOLLOW_LIMITS.newProductsDays * DAY_MS);
  const rows = await listFollowedNewProducts(deps.db, userId, since, FOLLOW_LIMITS.newProductsMax);
  return { results: rows.map(toSummary) };
}
