import { type Filter, hasRefinements, keeps } from '../filter';
import { createdKey, priceKey } from '../orders';
import type { IndexState } from '../state';
import type { SearchPage, SearchRefinements, SortOrder } from '../types';

/**
 * A listing without terms (the shop's landing, a category, by price): the prebuilt order
 * (newest first, or by price; the category's own part of it) walked from its best end, merged
 * with the products added since it was built. Without refinements the count comes from the
 * per-category counters, so no pass reads every product.
 */
export function listing(
  state: IndexState,
  sort: SortOrder,
  refinements: SearchRefinements,
  filter: Filter,
  limit: number,
  offset: number,
): SearchPage {
  const { store, orders } = state;
  orders.ensure(store);
  const keep = (s: number) => keeps(store, filter, s);
  // Keys, larger first.
  const key =
    sort === 'price_low_to_high'
      ? (s: number) => -priceKey(store, s)
      : sort === 'price_high_to_low'
        ? (s: number) => priceKey(store, s)
        : (s: number) => createdKey(store, s);
  const base = orders.base(sort !== '', filter.categoryCode);
  const ascending = sort === 'price_low_to_high';
  const recent = orders.recentBy(keep, key);

  const ids: number[] = [];
  let skipped = 0;
  let i = ascending ? 0 : base.length - 1;
  const step = ascending ? 1 : -1;
  let j = 0;
  while (ids.length < limit) {
    let next = -1;
    while (i >= 0 && i < base.length && !keep(base[i]!)) i += step;
    const fromBase = i >= 0 && i < base.length ? base[i]! : -1;
    const fromRecent = j < recent.length ? recent[j]! : -1;
    if (fromBase < 0 && fromRecent < 0) break;
    if (fromRecent >= 0 && (fromBase < 0 || key(fromRecent) > key(fromBase))) {
      next = fromRecent;
      j++;
    } else {
      next = fromBase;
      i += step;
    }
    if (skipped < offset) skipped++;
    else ids.push(store.ids[next]!);
  }
  return { ids, total: listingCount(state, refinements, filter) };
}

/** How many products a listing has: a counter, or a pass when refinements are asked. */
function listingCount(state: IndexState, refinements: SearchRefinements, filter: Filter): number {
  const { store } = state;
  if (!hasRefinements(refinements)) {
    return filter.categoryCode < 0 ? store.liveShown : store.categoryCounts[filter.categoryCode]!;
  }
  let total = 0;
  for (let s = 0; s < store.count; s++) if (keeps(store, filter, s)) total++;
  return total;
}
