import { FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract';
import type { SearchSuggestion } from '@leafline/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/raw-rows';
import { correctedWordsSql } from '../search.repo';
import type { FacetCounts } from '../search-criteria';
import { type BusinessDoc, type EngineQuery, type ProductDoc, SearchIndex } from './search-index';
import { parseTsquery, type QueryNode } from './text';

/**
 * The search engine of one app instance (docs/decisions/0023): the in-memory SearchIndex, loaded
 * from PostgreSQL at start and kept in step with the `search_changes` log (migration 0016).
 *
 * Freshness: every search reads the log's newest `seq` in the same statement that parses its
 * terms, and applies what it has not applied yet before it answers. A search therefore sees every
 * change committed before it began, on every instance, whatever happened to NOTIFY. A `seq`
 * that is missing (taken by a transaction not yet committed, or rolled back) is a gap: it is
 * looked for again with every search for GAP_SECONDS, so a late commit is not missed.
 */

/** Products read per query while loading. */
const LOAD_BATCH = 5000;
/** More changes than this to apply at once: the index is loaded anew instead. */
const MAX_CHANGES = 20_000;
/** How long a missing seq is looked for. */
const GAP_SECONDS = 600;
/** Log rows older than this are deleted (an instance further behind loads anew). */
const KEEP_LOG = '1 day';

export interface ParsedTerms {
  typed: QueryNode | null;
  corrected: QueryNode | null;
  correctedWords: string[];
}

export interface SearchEngine {
  /** Resolves once the first load is done (or the engine stopped before). */
  readonly ready: Promise<void>;
  readonly loaded: boolean;
  readonly index: SearchIndex;
  /**
   * Parses the terms (as PostgreSQL does, with typo correction against the catalogue's words)
   * and brings the index up to date, in one round trip.
   */
  prepare(terms: string, words: string[]): Promise<ParsedTerms>;
  /** Brings the index up to date with the log (one short query when nothing changed). */
  catchUp(): Promise<void>;
  search(query: EngineQuery, limit: number, offset: number): { ids: number[]; total: number };
  facets(query: EngineQuery): FacetCounts;
  /** Search as you type, on the index brought up to date. */
  suggest(q: string): Promise<SearchSuggestion[]>;
  /** Stops loading and waits for the work in hand (before the database closes). */
  stop(): Promise<void>;
}

interface ProductRow {
  id: number;
  name: string;
  business_id: number;
  price_cents: number;
  condition: string;
  product_category: string;
  created_ms: string | number;
  primary_image: string | null;
  vector: string | null;
}

interface BusinessRow {
  id: number;
  name: string;
  is_active: boolean;
  verified: boolean;
  us_rate: number | string;
  threshold_free_cents: number | null;
}

const productColumns = sql`p.id, p.name, p.business_id, p.price_cents, p.condition, p.product_category,
  (extract(epoch from p.created_at) * 1000)::float8 as created_ms,
  (select i.image from product_images i where i.product_id = p.id
    order by i.position, i.id limit 1) as primary_image,
  p.search_vector::text as vector`;

function toProduct(row: ProductRow): ProductDoc {
  return {
    id: row.id,
    name: row.name,
    businessId: row.business_id,
    priceCents: row.price_cents,
    createdMs: Number(row.created_ms),
    productCategory: row.product_category,
    secondHand: row.condition === 'second_hand',
    primaryImage: row.primary_image,
    vector: row.vector,
  };
}

/** Each brand's open and verified state and its US shipping rule (rateForCountry of fees.ts). */
const businessQuery = (where: ReturnType<typeof sql>) => sql`
  select b.id, b.name, b.is_active, b.verified, c.threshold_free_cents,
    case when c.id is null then 0 else coalesce(
      (select f.fee_cents from shipping_country_fees f
        where f.config_id = c.id and upper(f.country_code) = 'US' limit 1),
      c.all_except_selected_fee_cents, c.worldwide_shipping_fee_cents, 0) end as us_rate
  from businesses b left join shipping_fee_configs c on c.business_id = b.id
  where ${where}`;

function toBusiness(row: BusinessRow): BusinessDoc {
  return {
    id: row.id,
    name: row.name,
    active: row.is_active,
    verified: row.verified,
    usRateCents: Number(row.us_rate),
    thresholdFreeCents: row.threshold_free_cents,
  };
}

export function createSearchEngine(options: {
  db: Db;
  log: {
    info(o: object, msg: string): void;
    debug(o: object, msg: string): void;
    error(o: object, msg: string): void;
  };
  marketplaceFreeShippingCents?: number;
}): SearchEngine {
  const { db, log } = options;
  const marketplaceFreeShippingCents =
    options.marketplaceFreeShippingCents ?? FREE_SHIPPING_THRESHOLD_CENTS;
  let index = new SearchIndex({ marketplaceFreeShippingCents });
  let applied = 0;
  /** Missing seqs and when they were first missed. */
  const gaps = new Map<number, number>();
  let loaded = false;
  let stopped = false;
  let applying: Promise<void> | null = null;
  let lastPrune = 0;

  /** Reads the whole catalogue into a new index, in one snapshot with the log's seq. */
  async function load(): Promise<void> {
    const started = performance.now();
    const next = new SearchIndex({ marketplaceFreeShippingCents });
    let seq = 0;
    const missing: number[] = [];
    await db.transaction(
      async (tx) => {
        const [head] = await rowsOf<{ seq: string | number }>(
          tx as unknown as Db,
          sql`select coalesce(max(seq), 0) as seq from search_changes`,
        );
        seq = Number(head?.seq ?? 0);
        // Seqs just below the head that this snapshot does not see may still commit.
        const recent = await rowsOf<{ seq: string | number }>(
          tx as unknown as Db,
          sql`select seq from search_changes where seq > ${seq - 1000} order by seq`,
        );
        const seen = new Set(recent.map((r) => Number(r.seq)));
        for (let s = Math.max(1, seq - 1000); s <= seq; s++) if (!seen.has(s)) missing.push(s);
        for (const row of await rowsOf<BusinessRow>(
          tx as unknown as Db,
          businessQuery(sql`true`),
        )) {
          next.setBusiness(toBusiness(row));
        }
        let after = 0;
        for (;;) {
          if (stopped) return;
          const rows = await rowsOf<ProductRow>(
            tx as unknown as Db,
            sql`select ${productColumns} from products p where p.id > ${after}
              order by p.id limit ${LOAD_BATCH}`,
          );
          for (const row of rows) next.upsert(toProduct(row));
          if (rows.length < LOAD_BATCH) break;
          after = rows[rows.length - 1]!.id;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    next.trim();
    index = next;
    applied = seq;
    gaps.clear();
    const now = Date.now();
    for (const s of missing) gaps.set(s, now);
    const loadSeconds = (performance.now() - started) / 1000;
    loaded = true;
    // A line worth an operator's eye when it took a while (a large catalogue), else debug.
    (loadSeconds >= 1 ? log.info : log.debug).call(
      log,
      { products: next.size, terms: next.terms, seconds: Math.round(loadSeconds * 10) / 10 },
      'search index loaded',
    );
  }

  /** Applies the log's rows after `applied` (and any gap that has appeared since). */
  async function apply(): Promise<void> {
    const gapList = [...gaps.keys()];
    const rows = await rowsOf<{
      seq: string | number;
      product_id: number | null;
      business_id: number | null;
    }>(
      db,
      sql`select seq, product_id, business_id from search_changes
        where seq > ${applied}${
          gapList.length ? sql` or seq = any(${`{${gapList.join(',')}}`}::bigint[])` : sql``
        }
        order by seq limit ${MAX_CHANGES + 1}`,
    );
    if (rows.length > MAX_CHANGES) {
      await load();
      return;
    }
    if (rows.length === 0) return;
    const productIds = new Set<number>();
    const businessIds = new Set<number>();
    let head = applied;
    const seen = new Set<number>();
    for (const row of rows) {
      const seq = Number(row.seq);
      seen.add(seq);
      gaps.delete(seq);
      if (seq > head) head = seq;
      if (row.product_id !== null) productIds.add(row.product_id);
      if (row.business_id !== null) businessIds.add(row.business_id);
    }
    const now = Date.now();
    for (let s = applied + 1; s < head; s++) if (!seen.has(s)) gaps.set(s, now);
    for (const [s, since] of gaps) if (now - since > GAP_SECONDS * 1000) gaps.delete(s);

    if (businessIds.size) {
      const ids = [...businessIds];
      const found = await rowsOf<BusinessRow>(
        db,
        businessQuery(sql`b.id = any(${`{${ids.join(',')}}`}::int[])`),
      );
      for (const row of found) index.setBusiness(toBusiness(row));
      const gone = new Set(ids);
      for (const row of found) gone.delete(row.id);
      for (const id of gone) {
        index.setBusiness({
          id,
          name: null,
          active: false,
          verified: false,
          usRateCents: 0,
          thresholdFreeCents: null,
        });
      }
    }
    if (productIds.size) {
      const ids = [...productIds];
      const found = await rowsOf<ProductRow>(
        db,
        sql`select ${productColumns} from products p
          where p.id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      const present = new Set<number>();
      for (const row of found) {
        index.upsert(toProduct(row));
        present.add(row.id);
      }
      for (const id of ids) if (!present.has(id)) index.remove(id);
    }
    applied = head;
    if (index.needsCompaction) index.compact();
  }

  /** One apply at a time; callers that come while one runs wait for it and the next. */
  function applyOnce(): Promise<void> {
    if (!applying) {
      applying = (async () => {
        try {
          await apply();
        } finally {
          applying = null;
        }
      })();
    }
    return applying;
  }

  /** At most hourly (bringTo's check). */
  async function prune() {
    lastPrune = Date.now();
    await db.execute(
      sql`delete from search_changes where changed_at < now() - ${KEEP_LOG}::interval`,
    );
  }

  /** The first load, tried again every 5 s while it fails (the database away at start). */
  let wake: (() => void) | null = null;
  const ready = (async () => {
    while (!stopped) {
      try {
        await load();
        return;
      } catch (error) {
        if (stopped) return;
        log.error({ err: error }, 'loading the search index failed; trying again in 5 s');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();

  /** Applies the log up to `head` (and the gaps if one of them appeared). */
  async function bringTo(head: number, gapSeen: boolean) {
    if (!loaded) return;
    if (head > applied || gapSeen) {
      await applyOnce();
      // An apply that was already running may have stopped below `head`.
      if (head > applied) await applyOnce();
    }
    if (Date.now() - lastPrune > 3_600_000) {
      prune().catch((error) => log.error({ err: error }, 'pruning the search log failed'));
    }
  }

  const gapSql = () => {
    const list = [...gaps.keys()];
    return list.length
      ? sql`(select count(*) from search_changes where seq = any(${`{${list.join(',')}}`}::bigint[]))`
      : sql`0`;
  };

  return {
    ready,
    get loaded() {
      return loaded;
    },
    get index() {
      return index;
    },
    async prepare(terms, words) {
      const [row] = await rowsOf<{
        typed: string | null;
        corrected_words: string | null;
        corrected: string | null;
        head: string | number;
        gaps: string | number;
      }>(
        db,
        terms === ''
          ? sql`select null as typed, null as corrected_words, null as corrected,
              (select coalesce(max(seq), 0) from search_changes) as head, ${gapSql()} as gaps`
          : sql`with corrected as (select (${correctedWordsSql(words)}) as words)
            select websearch_to_tsquery('english', ${terms})::text as typed,
              c.words as corrected_words,
              plainto_tsquery('english', coalesce(c.words, ''))::text as corrected,
              (select coalesce(max(seq), 0) from search_changes) as head,
              ${gapSql()} as gaps
            from corrected c`,
      );
      await bringTo(Number(row?.head ?? 0), Number(row?.gaps ?? 0) > 0);
      const correctedWords = row?.corrected_words ? row.corrected_words.split(' ') : [];
      const typo = correctedWords.some((w, i) => w !== words[i]);
      return {
        typed: row?.typed ? parseTsquery(row.typed) : null,
        corrected: typo && row?.corrected ? parseTsquery(row.corrected) : null,
        correctedWords,
      };
    },
    async catchUp() {
      if (!loaded) return;
      const [row] = await rowsOf<{ head: string | number; gaps: string | number }>(
        db,
        sql`select (select coalesce(max(seq), 0) from search_changes) as head,
          ${gapSql()} as gaps`,
      );
      await bringTo(Number(row?.head ?? 0), Number(row?.gaps ?? 0) > 0);
    },
    search: (query, limit, offset) => index.search(query, limit, offset),
    facets: (query) => index.facets(query),
    async suggest(q) {
      await this.catchUp();
      return index.suggestions.suggest(q);
    },
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await ready;
      await applying?.catch(() => {});
    },
  };
}
