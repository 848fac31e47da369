import { countKept, type Filter, isPlain, keeps } from '../filter';
import { ID_BITS } from '../orders';
import { BLOCK, BLOCK_SHIFT, type Postings } from '../postings';
import type { IndexState } from '../state';
import { pageOf, TopK } from '../top-k';
import type { EngineQuery, SearchPage, SortOrder } from '../types';
import { allOf } from './all-words';

/**
 * One word, the commonest search (and a typo's one-word correction): its matches are exactly
 * one lexeme's postings, its rank that lexeme's score in each.
 */

/** The most steps of a price order a one-word search by price walks expecting its page. */
const WALK_STEPS = 2000;

/**
 * The postings of the one lexeme whose products are exactly the query's matches (null: that
 * lexeme is in no product), or false for any other query. A typo whose typed words are in
 * no product at all (`bambo`) is its correction alone: the typed share of its rank is 0.
 */
export function singleList(state: IndexState, query: EngineQuery): Postings | null | false {
  if (!query.hasTerms || !query.typed) return false;
  let node = query.typed;
  if (query.corrected) {
    const typed = allOf(query.typed);
    if (!typed || typed.some((lexeme) => state.postings.has(lexeme))) return false;
    node = query.corrected;
  }
  if (node.kind !== 'term') return false;
  return state.postings.get(node.lexeme) ?? null;
}

/** The page of one word's products and their count. */
export function searchOneWord(
  state: IndexState,
  p: Postings,
  filter: Filter,
  sort: SortOrder,
  limit: number,
  offset: number,
): SearchPage {
  if (sort !== '') return oneWordByPrice(state, p, filter, sort, limit, offset);
  const top = new TopK(offset + limit);
  return pageOf(top, offset, offerOneWord(state, p, filter, top));
}

/**
 * One word by rank: its rank is its lexeme's score (ts_rank of one lexeme, times 3, orders
 * alike), read beside the slot. The count is a sum over the list; the page comes from the
 * blocks whose best can still reach the heap: once the page is full of the best scores, the
 * rest of a common word's list is passed over.
 */
function offerOneWord(state: IndexState, p: Postings, filter: Filter, top: TopK): number {
  const { store } = state;
  const { docs, scores, blockMax, blockMaxId, blockTopId } = p;
  const { shown, ids } = store;
  const plain = isPlain(filter);
  for (let b = (p.length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
    const max = blockMax[b]!;
    if (max < top.floor || (max === top.floor && blockMaxId[b]! <= top.floorTie)) continue;
    // With a filter the best scores may all be filtered out, so the floor may stay below
    // most blocks' best: a block's ties are then turned away by its highest id, and the rest
    // by their score, read in order, before the product is looked at.
    const topId = blockTopId[b]!;
    const from = b << BLOCK_SHIFT;
    for (let j = Math.min(p.length, from + BLOCK) - 1; j >= from; j--) {
      const score = scores[j]!;
      if (score < top.floor || (score === top.floor && topId <= top.floorTie)) continue;
      const s = docs[j]!;
      if (plain ? shown[s] !== 1 : !keeps(store, filter, s)) continue;
      const id = ids[s]!;
      top.push(score, id, id);
    }
  }
  return countKept(store, p, filter);
}

/**
 * One word by price. The count is a pass over the word's list. The page: when the word is
 * common in the price order walked (the category's), the first products of that order that
 * have it (a binary search in its list each); else, or when the walk finds them too slowly
 * (price and word go together: candles are never the dearest home goods), the blocks of the
 * list whose cheapest (or dearest) product could still reach the heap.
 */
function oneWordByPrice(
  state: IndexState,
  p: Postings,
  filter: Filter,
  sort: SortOrder,
  limit: number,
  offset: number,
): SearchPage {
  const { store } = state;
  const total = countKept(store, p, filter);
  if (offset >= total) return { ids: [], total };
  const need = offset + limit;
  const walked = walkByPrice(state, p, filter, sort, need, total);
  if (walked) return { ids: walked.slice(offset), total };
  const { docs } = p;
  const { price, ids } = store;
  const top = new TopK(need);
  const ascending = sort === 'price_low_to_high';
  const sign = ascending ? -1 : 1;
  // Per block, the best key it could offer and that key's best tie.
  const bound = ascending ? p.blockMinPrice : p.blockMaxPrice;
  const boundId = ascending ? p.blockMinPriceId : p.blockMaxPriceId;
  for (let b = (p.length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
    const best = sign * bound[b]!;
    if (best < top.floor || (best === top.floor && sign * boundId[b]! <= top.floorTie)) continue;
    const from = b << BLOCK_SHIFT;
    for (let j = Math.min(p.length, from + BLOCK) - 1; j >= from; j--) {
      const s = docs[j]!;
      if (!keeps(store, filter, s)) continue;
      const key = sign * price[s]!;
      if (key < top.floor) continue;
      const id = ids[s]!;
      top.push(key, sign * id, id);
    }
  }
  return pageOf(top, offset, total);
}

/**
 * The ids of the first `need` products of the price order (the category's) that pass the
 * filter and have the word, or null when the walk would take too long: it is tried only when
 * the word's `total` products should turn up within a few hundred steps, and given up after
 * four times the steps an even spread would take.
 */
function walkByPrice(
  state: IndexState,
  p: Postings,
  filter: Filter,
  sort: SortOrder,
  need: number,
  total: number,
): number[] | null {
  const { store, orders } = state;
  orders.ensure(store);
  const base = orders.base(true, filter.categoryCode);
  const expected = (need * base.length) / total;
  if (expected > WALK_STEPS) return null;
  let budget = 4 * expected + 64;
  const ascending = sort === 'price_low_to_high';
  const { price, ids } = store;
  // Keys, larger first (as the heap and the listing order them).
  const key = ascending
    ? (s: number) => -(price[s]! * ID_BITS + ids[s]!)
    : (s: number) => price[s]! * ID_BITS + ids[s]!;
  const wanted = (s: number) => keeps(store, filter, s) && p.has(s);
  const recent = orders.recentBy(wanted, key);
  const out: number[] = [];
  let i = ascending ? 0 : base.length - 1;
  const step = ascending ? 1 : -1;
  let j = 0;
  while (out.length < need) {
    for (; i >= 0 && i < base.length; i += step) {
      if (--budget < 0) return null;
      if (wanted(base[i]!)) break;
    }
    const fromBase = i >= 0 && i < base.length ? base[i]! : -1;
    const fromRecent = j < recent.length ? recent[j]! : -1;
    if (fromBase < 0 && fromRecent < 0) break;
    if (fromRecent >= 0 && (fromBase < 0 || key(fromRecent) > key(fromBase))) {
      out.push(ids[fromRecent]!);
      j++;
    } else {
      out.push(ids[fromBase]!);
      i += step;
    }
  }
  return out;
}
