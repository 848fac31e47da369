import { type Filter, isPlain, keeps } from '../filter';
import { accumulate, clear, type Postings } from '../postings';
import { difference, EMPTY, intersect, type SlotSet, union } from '../set-ops';
import type { SlotStore } from '../slot-store';
import type { IndexState } from '../state';
import { type QueryNode, queryLexemes } from '../text';
import type { TopK } from '../top-k';
import type { EngineQuery, SortOrder } from '../types';

/**
 * Any shape of terms (`or`, `-word`, parentheses): the matches as a set of slots from the
 * posting lists intersected, united and subtracted, then one pass over them, from the last slot
 * (about the highest id) down: each kept product is counted and offered to a heap of the page's
 * size. Ranked through a per-slot scratch value (ts_rank's shares added in float4).
 */

/** The slots whose lexemes satisfy the query (live ones; dead ones are filtered later). */
function evaluate(state: IndexState, node: QueryNode): SlotSet {
  switch (node.kind) {
    case 'term': {
      const p = state.postings.get(node.lexeme);
      return p ? p.docs.subarray(0, p.length) : EMPTY;
    }
    case 'not':
      return difference(state.store.allSlots(), evaluate(state, node.operand));
    case 'and': {
      // `a & !b` without building the complement.
      if (node.right.kind === 'not') {
        return difference(evaluate(state, node.left), evaluate(state, node.right.operand));
      }
      if (node.left.kind === 'not') {
        return difference(evaluate(state, node.right), evaluate(state, node.left.operand));
      }
      return intersect(evaluate(state, node.left), evaluate(state, node.right));
    }
    case 'or':
      return union(evaluate(state, node.left), evaluate(state, node.right));
    case 'phrase':
      // The app answers phrases elsewhere (positions are not kept); all its words, at least.
      return node.parts.map((p) => evaluate(state, p)).reduce(intersect);
  }
}

/** The products that match the query's terms (null: no terms, every product). */
export function textMatches(state: IndexState, query: EngineQuery): SlotSet | null {
  if (!query.hasTerms) return null;
  if (!query.typed) return EMPTY;
  const typed = evaluate(state, query.typed);
  return query.corrected ? union(typed, evaluate(state, query.corrected)) : typed;
}

/** Offers the kept matches by price, then id (both ascending, or both descending). */
export function offerByPrice(
  state: IndexState,
  matches: SlotSet,
  filter: Filter,
  sort: SortOrder,
  top: TopK,
): number {
  const { store } = state;
  const sign = sort === 'price_low_to_high' ? -1 : 1;
  const { price, ids } = store;
  let total = 0;
  for (let i = matches.length - 1; i >= 0; i--) {
    const s = matches[i]!;
    if (!keeps(store, filter, s)) continue;
    total++;
    const key = sign * price[s]!;
    if (key < top.floor) continue;
    const id = ids[s]!;
    top.push(key, sign * id, id);
  }
  return total;
}

/** A slot's key by rating (larger first): its average in tenths, then how many ratings. */
export const ratingKey = (store: SlotStore, s: number) =>
  store.ratingTenths[s]! * 2 ** 31 + Math.min(store.ratingCount[s]!, 2 ** 31 - 1);

/**
 * Offers the kept slots by rating, then id (both descending): the rating order (issue 27), for
 * a listing or any shape of terms — one pass over the matches.
 */
export function offerByRating(
  state: IndexState,
  matches: ArrayLike<number>,
  filter: Filter,
  top: TopK,
): number {
  const { store } = state;
  const { ids } = store;
  let total = 0;
  for (let i = matches.length - 1; i >= 0; i--) {
    const s = matches[i]!;
    if (!keeps(store, filter, s)) continue;
    total++;
    const key = ratingKey(store, s);
    if (key < top.floor) continue;
    const id = ids[s]!;
    top.push(key, id, id);
  }
  return total;
}

/** The postings of a query's lexemes (in its order) and the number of its lexemes. */
function rankLists(state: IndexState, query: QueryNode | null) {
  const lexemes = queryLexemes(query);
  const lists: Postings[] = [];
  for (const lexeme of lexemes) {
    const p = state.postings.get(lexeme);
    if (p) lists.push(p);
  }
  return { lists, size: lexemes.size };
}

/**
 * Offers the kept matches by rank: ts_rank (calc_rank_or) of the typed terms, and of the
 * corrected ones when a word was corrected (the typed weighing twice), as PostgreSQL computes
 * it in float4: each lexeme's scores added into a scratch value per slot (in float4, in the
 * lexemes' order), read for the matches, then cleared.
 */
export function offerByRank(
  state: IndexState,
  matches: SlotSet,
  filter: Filter,
  query: EngineQuery,
  top: TopK,
): number {
  const typed = rankLists(state, query.typed);
  const corrected = rankLists(state, query.corrected);
  const slots = state.store.count;
  const typedShare = state.scratch.get(0, slots);
  const correctedShare = state.scratch.get(1, slots);
  try {
    accumulate(typedShare, typed.lists);
    accumulate(correctedShare, corrected.lists);
    const rank: Shares = {
      typed: typedShare,
      typedFactor: query.corrected ? 2 : 3,
      typedSize: Math.max(1, typed.size),
      corrected: correctedShare,
      correctedSize: Math.max(1, corrected.size),
    };
    return offerRanked(state, matches, filter, rank, top);
  } finally {
    clear(typedShare, typed.lists);
    clear(correctedShare, corrected.lists);
  }
}

/** Per slot, the typed and the corrected words' shares of a rank, and how they add up. */
interface Shares {
  typed: Float32Array;
  typedFactor: number;
  typedSize: number;
  corrected: Float32Array;
  correctedSize: number;
}

function offerRanked(
  state: IndexState,
  matches: SlotSet,
  filter: Filter,
  shares: Shares,
  top: TopK,
): number {
  const { store } = state;
  const { shown, ids } = store;
  const { typed, typedFactor, typedSize, corrected, correctedSize } = shares;
  const plain = isPlain(filter);
  let total = 0;
  for (let i = matches.length - 1; i >= 0; i--) {
    const s = matches[i]!;
    if (plain ? shown[s] !== 1 : !keeps(store, filter, s)) continue;
    total++;
    // The corrected share is 0 (all cleared) when no word was corrected.
    const score = Math.fround(
      typedFactor * Math.fround(typed[s]! / typedSize) + Math.fround(corrected[s]! / correctedSize),
    );
    if (score < top.floor) continue;
    const id = ids[s]!;
    top.push(score, id, id);
  }
  return total;
}
