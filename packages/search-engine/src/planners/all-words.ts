import { type Filter, isPlain, keeps } from '../filter';
import { BLOCK, BLOCK_SHIFT, type Postings, seekDown, shareOf } from '../postings';
import type { IndexState } from '../state';
import type { QueryNode } from '../text';
import type { TopK } from '../top-k';

/**
 * Words that must all be there (`a & b`, and the corrected words of a typo), by rank: matched
 * from the rarest word's postings, from the highest slot down, each slot looked for in the
 * other words' postings by galloping cursors; the scores found are the rank's shares. No list
 * is intersected and nothing is allocated per match. With a rarest word of many products, by
 * blocks: the other words as bit sets for the count, and the rarest word's blocks passed over
 * when the best rank they could give cannot reach the page.
 */

/** The fewest products of the rarest word for words all required to be matched by blocks. */
const BLOCKS_FROM = 4096;

/**
 * The distinct lexemes of a query that is words all required (`a & b & c`, or one word), in
 * the query's order; null for any other shape (or, not, phrase).
 */
export function allOf(node: QueryNode | null): string[] | null {
  if (!node) return null;
  const out = new Set<string>();
  const walk = (n: QueryNode): boolean => {
    if (n.kind === 'term') {
      out.add(n.lexeme);
      return true;
    }
    return n.kind === 'and' && walk(n.left) && walk(n.right);
  };
  return walk(node) ? [...out] : null;
}

/** How the typed and the corrected words' shares make a rank. */
interface AllWordsRank {
  /** 2 when a word was corrected, else 3. */
  typedFactor: number;
  typedSize: number;
  correctedSize: number;
  correcting: boolean;
}

/** ts_rank of words all required, in float4: the typed share, and the corrected one if any. */
function allWordsRank(r: AllWordsRank, typedShare: number, correctedShare: number): number {
  return Math.fround(
    r.typedFactor * Math.fround(typedShare / r.typedSize) +
      (r.correcting ? Math.fround(correctedShare / r.correctedSize) : 0),
  );
}

/** The postings of distinct lexemes: all found or not, and the shortest. */
interface WordLists {
  lists: Postings[];
  rarest: Postings | null;
  complete: boolean;
}

function wordLists(state: IndexState, lexemes: string[]): WordLists {
  const lists: Postings[] = [];
  let rarest: Postings | null = null;
  for (const lexeme of lexemes) {
    const p = state.postings.get(lexeme);
    if (!p) continue;
    lists.push(p);
    if (!rarest || p.length < rarest.length) rarest = p;
  }
  return { lists, rarest, complete: lists.length === lexemes.length && lists.length > 0 };
}

/**
 * Whether words are worth matching by blocks: two or more, the rarest in many products, each
 * other word in enough of them for a bit set (at most twice its postings' size).
 */
function byBlocks(state: IndexState, lists: Postings[], rarest: Postings): boolean {
  const many = Math.max(BLOCKS_FROM, state.store.count / 128);
  return (
    lists.length > 1 &&
    rarest.length >= BLOCKS_FROM &&
    lists.every((p) => p === rarest || p.length >= many)
  );
}

/**
 * Offers the products with every typed word (or every corrected word, when a word was
 * corrected) to the heap by rank; returns their count. The same matches and ranks as the
 * boolean planner's evaluation and ranking.
 */
export function offerAllWords(
  state: IndexState,
  typedLexemes: string[],
  correctedLexemes: string[],
  filter: Filter,
  top: TopK,
): number {
  const typed = wordLists(state, typedLexemes);
  const corrected = wordLists(state, correctedLexemes);
  const correcting = correctedLexemes.length > 0;
  const rank: AllWordsRank = {
    typedFactor: correcting ? 2 : 3,
    typedSize: typedLexemes.length,
    correctedSize: Math.max(1, correctedLexemes.length),
    correcting,
  };
  // One set of words to match, the rarest of many products, the others many: by blocks.
  if (!correcting && typed.complete && byBlocks(state, typed.lists, typed.rarest!)) {
    const words = { lists: typed.lists, rarest: typed.rarest!, others: [], typedBranch: true };
    return offerByBlocks(state, words, filter, top, rank);
  }
  if (
    correcting &&
    !typed.complete &&
    corrected.complete &&
    byBlocks(state, corrected.lists, corrected.rarest!)
  ) {
    const words = {
      lists: corrected.lists,
      rarest: corrected.rarest!,
      others: typed.lists,
      typedBranch: false,
    };
    return offerByBlocks(state, words, filter, top, rank);
  }
  return offerByCursors(state, typed, corrected, filter, top, rank);
}

/** offerAllWords from the rarest word's postings, the others found by galloping cursors. */
function offerByCursors(
  state: IndexState,
  typed: WordLists,
  corrected: WordLists,
  filter: Filter,
  top: TopK,
  rank: AllWordsRank,
): number {
  const { store } = state;
  const { correcting } = rank;
  const plain = isPlain(filter);
  const { shown, ids } = store;
  let total = 0;
  const typedCursors = new Int32Array(typed.lists.length);
  const correctedCursors = new Int32Array(corrected.lists.length);
  const reset = () => {
    typed.lists.forEach((p, l) => {
      typedCursors[l] = p.length - 1;
    });
    corrected.lists.forEach((p, l) => {
      correctedCursors[l] = p.length - 1;
    });
  };
  const offer = (s: number, typedShare: number, correctedShare: number) => {
    if (plain ? shown[s] !== 1 : !keeps(store, filter, s)) return;
    total++;
    const score = allWordsRank(rank, typedShare, correctedShare);
    if (score < top.floor) return;
    const id = ids[s]!;
    top.push(score, id, id);
  };
  if (typed.complete) {
    reset();
    const { docs, length } = typed.rarest!;
    for (let j = length - 1; j >= 0; j--) {
      const s = docs[j]!;
      const t = shareOf(typed.lists, typedCursors, s, true);
      if (t < 0) continue;
      offer(s, t, correcting ? shareOf(corrected.lists, correctedCursors, s, false) : 0);
    }
  }
  if (correcting && corrected.complete) {
    reset();
    const { docs, length } = corrected.rarest!;
    for (let j = length - 1; j >= 0; j--) {
      const s = docs[j]!;
      const c = shareOf(corrected.lists, correctedCursors, s, true);
      if (c < 0) continue;
      // Those the typed words matched too were offered above.
      if (typed.complete && shareOf(typed.lists, typedCursors, s, true) >= 0) continue;
      offer(s, shareOf(typed.lists, typedCursors, s, false), c);
    }
  }
  return total;
}

/**
 * One set of words matched by blocks: `lists` must all be there, `rarest` the shortest of
 * them; the other set's share (`others`) counted where present; `typedBranch` when `lists`
 * are the typed words.
 */
interface BlockWords {
  lists: Postings[];
  rarest: Postings;
  others: Postings[];
  typedBranch: boolean;
}

/** Whether a slot is in every bit set (a bit each). */
type InAll = (s: number) => boolean;

/**
 * offerAllWords by blocks. The count: each of the rarest word's products kept and in every
 * other word (a bit each). The page: the rarest word's blocks from the last down, each passed
 * over when the best rank it could give (its best score with the other words' best) cannot
 * reach the heap; the others looked for by galloping cursors.
 */
function offerByBlocks(
  state: IndexState,
  words: BlockWords,
  filter: Filter,
  top: TopK,
  rank: AllWordsRank,
): number {
  const { lists, rarest, others } = words;
  const bits = lists.filter((p) => p !== rarest).map((p) => p.bitsOver(state.store.count));
  const first = bits[0]!;
  const inAll: InAll = (s) => {
    if (((first[s >> 5]! >>> (s & 31)) & 1) === 0) return false;
    for (let l = 1; l < bits.length; l++) {
      if (((bits[l]![s >> 5]! >>> (s & 31)) & 1) === 0) return false;
    }
    return true;
  };
  const total = countInAll(state, rarest, bits, inAll, filter);
  // Two typed words without a filter (the commonest): the same, in one loop.
  if (lists.length === 2 && others.length === 0 && !rank.correcting && isPlain(filter)) {
    pageOfTwoWords(state, lists, rarest, first, top, rank);
  } else {
    pageByBlocks(state, words, inAll, filter, top, rank);
  }
  return total;
}

/** How many of the rarest word's products are kept and in every other word. */
function countInAll(
  state: IndexState,
  rarest: Postings,
  bits: Int32Array[],
  inAll: InAll,
  filter: Filter,
): number {
  const { store } = state;
  const { shown } = store;
  const { docs, length } = rarest;
  const plain = isPlain(filter);
  const first = bits[0]!;
  let total = 0;
  if (bits.length === 1 && plain) {
    for (let j = 0; j < length; j++) {
      const s = docs[j]!;
      total += shown[s]! & (first[s >> 5]! >>> (s & 31)) & 1;
    }
  } else {
    for (let j = 0; j < length; j++) {
      const s = docs[j]!;
      if ((plain ? shown[s] === 1 : keeps(store, filter, s)) && inAll(s)) total++;
    }
  }
  return total;
}

/** The page of two typed words without a filter: the other word's share by one cursor. */
function pageOfTwoWords(
  state: IndexState,
  lists: Postings[],
  rarest: Postings,
  otherBits: Int32Array,
  top: TopK,
  rank: AllWordsRank,
) {
  const { shown, ids } = state.store;
  const { typedFactor, typedSize } = rank;
  const { docs, scores, length, blockMax, blockTopId } = rarest;
  const other = lists[0] === rarest ? lists[1]! : lists[0]!;
  const otherDocs = other.docs;
  const otherScores = other.scores;
  const otherMax = other.maxScore();
  let cursor = other.length - 1;
  for (let b = (length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
    const bound = allWordsRank(rank, Math.fround(blockMax[b]! + otherMax), 0);
    if (bound < top.floor || (bound === top.floor && blockTopId[b]! <= top.floorTie)) continue;
    const from = b << BLOCK_SHIFT;
    for (let j = Math.min(length, from + BLOCK) - 1; j >= from; j--) {
      // Float addition is commutative: the two shares add alike in either order.
      const own = scores[j]!;
      const most = Math.fround(typedFactor * Math.fround(Math.fround(own + otherMax) / typedSize));
      if (most < top.floor || (most === top.floor && blockTopId[b]! <= top.floorTie)) continue;
      const s = docs[j]!;
      if (shown[s] !== 1 || ((otherBits[s >> 5]! >>> (s & 31)) & 1) === 0) continue;
      cursor = seekDown(otherDocs, cursor, s);
      const value = Math.fround(
        typedFactor * Math.fround(Math.fround(own + otherScores[cursor]!) / typedSize),
      );
      if (value < top.floor) continue;
      const id = ids[s]!;
      top.push(value, id, id);
    }
  }
}

/** The page of words all required, any filter, the other set's share found where present. */
function pageByBlocks(
  state: IndexState,
  words: BlockWords,
  inAll: InAll,
  filter: Filter,
  top: TopK,
  rank: AllWordsRank,
) {
  const { store } = state;
  const { shown, ids } = store;
  const { lists, rarest, others, typedBranch } = words;
  const plain = isPlain(filter);
  const score = (typedShare: number, correctedShare: number) =>
    allWordsRank(rank, typedShare, correctedShare);
  const { docs, scores, length, blockMax, blockTopId } = rarest;
  const rarestAt = lists.indexOf(rarest);
  const best = lists.map((p) => (p === rarest ? 0 : p.maxScore()));
  let othersBest = 0;
  for (const p of others) othersBest = Math.fround(othersBest + p.maxScore());
  const cursors = Int32Array.from(lists, (p) => p.length - 1);
  const otherCursors = Int32Array.from(others, (p) => p.length - 1);
  for (let b = (length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
    const from = b << BLOCK_SHIFT;
    const to = Math.min(length, from + BLOCK) - 1;
    let sum = 0;
    for (let l = 0; l < lists.length; l++) {
      sum = Math.fround(sum + (l === rarestAt ? blockMax[b]! : best[l]!));
    }
    const bound = typedBranch ? score(sum, othersBest) : score(othersBest, sum);
    if (bound < top.floor || (bound === top.floor && blockTopId[b]! <= top.floorTie)) continue;
    for (let j = to; j >= from; j--) {
      const s = docs[j]!;
      if (!(plain ? shown[s] === 1 : keeps(store, filter, s)) || !inAll(s)) continue;
      // The rank's shares, in the lists' order: the rarest's score here, the others' found.
      let own = 0;
      for (let l = 0; l < lists.length; l++) {
        if (l === rarestAt) {
          own = Math.fround(own + scores[j]!);
          continue;
        }
        const list = lists[l]!;
        const k = seekDown(list.docs, cursors[l]!, s);
        cursors[l] = k;
        own = Math.fround(own + list.scores[k]!);
      }
      const other = shareOf(others, otherCursors, s, false);
      const value = typedBranch ? score(own, other) : score(other, own);
      if (value < top.floor) continue;
      const id = ids[s]!;
      top.push(value, id, id);
    }
  }
}
