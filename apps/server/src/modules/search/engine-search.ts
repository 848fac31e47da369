import { PRODUCT_CATEGORIES } from '@leafline/contract';
import { SEARCH_PRICE_RANGES, SEARCH_SUGGESTIONS_MAX } from '@leafline/contract/catalog';
import { SEARCH_BRAND_FACET_MAX } from '@leafline/contract/shop-facets-texts';
import {
  type EngineQuery,
  hasPhrase,
  parseTsquery,
  type QueryNode,
  SearchIndex,
} from '@leafline/search-engine';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { type FollowerLog, IndexFollower } from './engine-follower';
import { correctedWordsSql, phraseMatches } from './search.repo';
import type { SearchPort, SearchRequest } from './search-port';

/**
 * The in-memory adapter of the search port (decision 0023, 0031): @leafline/search-engine's
 * index of this instance, kept in step with PostgreSQL (engine-follower.ts). Each search's
 * terms are parsed by PostgreSQL (with the typo correction) in the statement that also reads
 * the change log's head, then answered from memory, the page's fields included. A search
 * answers null while its index loads, and for a phrase in quotes (the index keeps no word
 * positions): the SQL search answers those. Facets wait up to FACETS_WAIT_MS for the load
 * first (then null: a 503).
 */
export interface SearchEngine extends SearchPort {
  /** Resolves once the first load is done (or the engine stopped before). */
  readonly ready: Promise<void>;
  readonly loaded: boolean;
  /** Whether the index has applied every announced change, notices heard: no log read needed. */
  readonly current: boolean;
  /** The change log's newest `seq` the index has applied. */
  readonly applied: number;
  /** A catalogue change was announced (NOTIFY `leafline_catalog`). */
  noticed(): void;
  /** Whether the catalogue's notices are heard: while not, every search reads the log. */
  setListening(listening: boolean): void;
  /** This instance may just have changed the catalogue: the next search reads the log. */
  doubt(): void;
  /** Stops loading and waits for the work in hand (before the database closes). */
  stop(): Promise<void>;
}

/** How long a facets call waits for the index's first load before it gives up. */
const FACETS_WAIT_MS = 10_000;

/** How many searches' parsed terms an instance keeps, while the catalogue does not change. */
const PARSED_KEPT = 5000;

/** A search's terms as PostgreSQL parsed them. */
interface ParsedTerms {
  typed: QueryNode | null;
  corrected: QueryNode | null;
  /** The words after typo correction (only when a word was corrected). */
  correctedWords: string[] | null;
}

const NO_TERMS: ParsedTerms = { typed: null, corrected: null, correctedWords: null };

/** The parse statement's row (the log's columns only when it reads the log). */
interface ParseRow {
  typed: string | null;
  corrected_words: string | null;
  corrected: string | null;
  head?: string | number;
  gaps?: string | number;
}

/** The shop's categories, price ranges, suggestion and brand-facet counts: all the index is told. */
const newSearchIndex = () =>
  new SearchIndex({
    categories: PRODUCT_CATEGORIES,
    priceRanges: SEARCH_PRICE_RANGES,
    maxSuggestions: SEARCH_SUGGESTIONS_MAX,
    maxBrandFacets: SEARCH_BRAND_FACET_MAX,
  });

export function createSearchEngine(options: { db: Db; log: FollowerLog }): SearchEngine {
  const { db } = options;
  const follower = new IndexFollower(db, options.log, newSearchIndex);

  /**
   * Terms as PostgreSQL parsed them, kept by their text while the catalogue is unchanged: the
   * parse depends on the terms and, for the typo correction, on the catalogue's words, which
   * change only with a notice (the follower's generation). Kept only while the index is current.
   */
  const parsedKept = new Map<string, ParsedTerms>();
  let parsedGeneration = -1;

  /**
   * Parses the terms (as PostgreSQL does, with typo correction against the catalogue's words)
   * and brings the index up to date. While the index is current (notices heard, nothing
   * announced unapplied) no log is read, and terms parsed before cost no round trip at all;
   * otherwise the log's head comes in the statement that parses the terms.
   */
  async function prepare(terms: string, words: string[]): Promise<ParsedTerms> {
    if (follower.current) {
      if (terms === '') return NO_TERMS;
      const kept = keptParses().get(terms);
      if (kept) return kept;
      const generation = follower.generation;
      const [row] = await parseRows(terms, words, false);
      return keepParse(terms, generation, parsedOf(row, words));
    }
    const notices = follower.generation;
    const [row] = await parseRows(terms, words, true);
    await follower.bringTo(Number(row?.head ?? 0), Number(row?.gaps ?? 0) > 0, notices);
    return terms === '' ? NO_TERMS : keepParse(terms, notices, parsedOf(row, words));
  }

  /** The kept parses, emptied when the catalogue has changed since they were made. */
  function keptParses(): Map<string, ParsedTerms> {
    if (parsedGeneration !== follower.generation) {
      parsedKept.clear();
      parsedGeneration = follower.generation;
    }
    return parsedKept;
  }

  /** Keeps a parse made at `generation` if the index is current at it. */
  function keepParse(terms: string, generation: number, parsed: ParsedTerms): ParsedTerms {
    if (follower.current && generation === follower.generation) {
      const kept = keptParses();
      if (kept.size >= PARSED_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(terms, parsed);
    }
    return parsed;
  }

  /** One statement: the parsed terms (when there are any) and, when asked, the log's state. */
  function parseRows(terms: string, words: string[], withLog: boolean) {
    const log = withLog ? sql`, ${follower.logState()}` : sql``;
    return rowsOf<ParseRow>(
      db,
      terms === ''
        ? sql`select null as typed, null as corrected_words, null as corrected${log}`
        : sql`with corrected as (select (${correctedWordsSql(words)}) as words)
          select websearch_to_tsquery('english', ${terms})::text as typed,
            c.words as corrected_words,
            plainto_tsquery('english', coalesce(c.words, ''))::text as corrected${log}
          from corrected c`,
    );
  }

  function parsedOf(row: ParseRow | undefined, words: string[]): ParsedTerms {
    const correctedWords = row?.corrected_words ? row.corrected_words.split(' ') : [];
    const typo = correctedWords.some((w, i) => w !== words[i]);
    const corrected = typo && row?.corrected ? parseTsquery(row.corrected) : null;
    return {
      typed: row?.typed ? parseTsquery(row.typed) : null,
      corrected,
      correctedWords: corrected ? correctedWords : null,
    };
  }

  const queryOf = (request: SearchRequest, parsed: ParsedTerms): EngineQuery => ({
    typed: parsed.typed,
    corrected: parsed.corrected,
    hasTerms: request.terms !== '',
    productCategory: request.productCategory,
    sort: request.sort,
    refinements: request.refinements,
  });
  const phrased = (parsed: ParsedTerms) => hasPhrase(parsed.typed) || hasPhrase(parsed.corrected);

  return {
    ready: follower.ready,
    get loaded() {
      return follower.loaded;
    },
    get current() {
      return follower.current;
    },
    get applied() {
      return follower.applied;
    },
    noticed: () => follower.noticed(),
    doubt: () => follower.doubt(),
    setListening: (listening) => follower.setListening(listening),
    stop: () => follower.stop(),

    async search(request, limit, offset) {
      if (!follower.loaded) return null;
      const parsed = await prepare(request.terms, request.words);
      // A phrase in quotes needs the words' positions: the SQL search answers it.
      if (phrased(parsed)) return null;
      const found = follower.index.search(queryOf(request, parsed), limit, offset);
      // The page's fields come from the index too: no second round trip.
      return { rows: follower.index.summaries(found.ids), total: found.total };
    },

    async facets(request) {
      if (!(await loadedWithin(follower, FACETS_WAIT_MS))) return null;
      if (request.terms !== '' && request.words.length === 0) {
        // Terms with no letter or digit match nothing.
        return follower.index.facetsOfIds([], request.refinements);
      }
      const parsed = await prepare(request.terms, request.words);
      const query = queryOf(request, parsed);
      if (!phrased(parsed)) return follower.index.facets(query);
      // The index's matches of all the words, narrowed by PostgreSQL to the phrase's.
      const exact = await phraseMatches(
        db,
        follower.index.textMatchIds(query),
        request.terms,
        parsed.correctedWords,
      );
      return follower.index.facetsOfIds(exact, request.refinements, request.productCategory);
    },

    async facetsOfList(ids, refinements) {
      if (!(await loadedWithin(follower, FACETS_WAIT_MS))) return null;
      await follower.catchUp();
      return follower.index.facetsOfIds(ids, refinements);
    },

    async filterList(ids, refinements) {
      if (!follower.loaded) return null;
      await follower.catchUp();
      return follower.index.filterIds(ids, refinements);
    },

    async suggest(q) {
      // While the index loads (a large catalogue at start) there is nothing to suggest yet.
      if (!follower.loaded) return null;
      await follower.catchUp();
      return follower.index.suggestions.suggest(q);
    },
  };
}

/** Whether the index is loaded, waiting for its first load up to `ms`. */
async function loadedWithin(follower: IndexFollower, ms: number): Promise<boolean> {
  if (follower.loaded) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([follower.ready, timeout]);
  clearTimeout(timer);
  return follower.loaded;
}
