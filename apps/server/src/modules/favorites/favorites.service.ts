import {
  ACCOUNT_MESSAGES,
  CATALOG_MESSAGES,
  FAVORITE_LIMITS,
  FAVORITE_MESSAGES,
  type FavoritesMergedResponse,
  type FavoritesResponse,
  type ProductSummary,
} from '@leafline/contract';
import { isStoredId, parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../db/pg-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { summariesByIds, toSummary } from '../catalog';
import {
  countFavorites,
  deleteFavorite,
  insertFavorites,
  listFavoriteSummaries,
  lockFavorites,
  savedAmong,
} from './favorites.repo';

/**
 * The shopper's favourite products (docs/decisions/0050): saved with the heart on a product
 * card or page, listed on the account's Favourites page, at most FAVORITE_LIMITS.max an
 * account. Saving and removing are idempotent; only products the shop shows can be saved.
 */

export interface FavoritesDeps {
  db: Db;
}

const productNotFound = () => notFound(CATALOG_MESSAGES.productNotFound);

/**
 * A write that lost its account or product meanwhile: the account deleted is a dead session
 * (as the other account calls answer), the product removed is one the shop no longer shows.
 */
function goneMeanwhile(error: unknown): never {
  const failure = pgError(error);
  if (failure?.code === FOREIGN_KEY_VIOLATION) {
    if (failure.constraint.includes('product')) throw productNotFound();
    throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
  }
  throw error;
}

export async function listFavorites(
  deps: FavoritesDeps,
  userId: number,
): Promise<FavoritesResponse> {
  const rows = await listFavoriteSummaries(deps.db, userId);
  return { results: rows.map(toSummary) };
}

/** Saves one product the shop shows; `created` is false when it was saved already. */
export async function addFavorite(
  deps: FavoritesDeps,
  userId: number,
  productId: number,
): Promise<{ created: boolean; product: ProductSummary }> {
  if (!isStoredId(productId)) throw productNotFound();
  const [row] = await summariesByIds(deps.db, [productId]);
  if (!row) throw productNotFound();
  try {
    const created = await deps.db.transaction(async (tx) => {
      await lockFavorites(tx, userId);
      if ((await savedAmong(tx, userId, [productId])).length) return false;
      if ((await countFavorites(tx, userId)) >= FAVORITE_LIMITS.max) {
        throw conflict(FAVORITE_MESSAGES.tooMany);
      }
      return (await insertFavorites(tx, userId, [productId])) > 0;
    });
    return { created, product: toSummary(row) };
  } catch (error) {
    goneMeanwhile(error);
  }
}

/**
 * The products a signed-out shopper saved in the browser (newest first), added at sign-in:
 * those the shop does not show, and those beyond the cap, are skipped — the sign-in never fails
 * on them. Answers the favourites after it.
 */
export async function mergeFavorites(
  deps: FavoritesDeps,
  userId: number,
  productIds: number[],
): Promise<FavoritesMergedResponse> {
  const asked = [...new Set(productIds)];
  const shown = new Set(
    (await summariesByIds(deps.db, asked.filter(isStoredId))).map((row) => row.id),
  );
  const candidates = asked.filter((id) => shown.has(id));
  let added = 0;
  let already = 0;
  try {
    await deps.db.transaction(async (tx) => {
      await lockFavorites(tx, userId);
      const saved = new Set(await savedAmong(tx, userId, candidates));
      already = saved.size;
      const room = Math.max(0, FAVORITE_LIMITS.max - (await countFavorites(tx, userId)));
      const fresh = candidates.filter((id) => !saved.has(id)).slice(0, room);
      added = await insertFavorites(tx, userId, fresh);
    });
  } catch (error) {
    // A product removed meanwhile: the merge is worth another try without it, by the browser.
    goneMeanwhile(error);
  }
  const { results } = await listFavorites(deps, userId);
  return {
    message: FAVORITE_MESSAGES.merged,
    results,
    added,
    skipped: asked.length - already - added,
  };
}

/** Removes one favourite; one that is not saved is fine (idempotent). */
export async function removeFavorite(
  deps: FavoritesDeps,
  userId: number,
  rawProductId: string,
): Promise<void> {
  const productId = parseId(rawProductId);
  if (productId === null) throw productNotFound();
  await deleteFavorite(deps.db, userId, productId);
}
