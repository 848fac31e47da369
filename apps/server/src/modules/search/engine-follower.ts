import type { SearchIndex } from '@leafline/search-engine';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rowsOf } from '../../db/raw-rows';
import { allBrands, brandsByIds, productsAfter, productsByIds } from './engine-rows';

/**
 * The engine's index of one app instance (docs/decisions/0023, 0041), loaded from PostgreSQL at
 * start and kept in step with the `search_changes` log (migration 0016).
 *
 * Freshness: every change to products or businesses is announced on the `leafline_catalog`
 * channel when it commits (migration 0005). While this instance hears that channel, each notice
 * makes it read the log and apply what it has not applied yet; until that is done, and whenever
 * the channel is not heard (its connection lost, or before it is up), a search reads the log's
 * newest `seq` itself, in the statement that parses its terms (`logState()`), and applies the
 * log before it answers. So a search while nothing changed costs no log read, and a change is
 * seen on every instance as soon as its notice arrives (milliseconds; a reconnect reads the log
 * first). A `seq` that is missing (taken by a transaction not yet committed, or rolled back) is
 * a gap: it is looked for again with every read of the log for GAP_SECONDS, and its commit
 * brings a notice of its own.
 */

/** Products read per query while loading. */
const LOAD_BATCH = 5000;
/** More changes than this to apply at once: the index is loaded anew instead. */
const MAX_CHANGES = 20_000;
/** How long a missing seq is looked for. */
const GAP_SECONDS = 600;
/** Log rows older than this are deleted (an instance further behind loads anew). */
const KEEP_LOG = '1 day';
/** How often the log is pruned, at most. */
const PRUNE_EVERY_MS = 3_600_000;

export interface FollowerLog {
  info(o: object, msg: string): void;
  debug(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

interface ChangeRow {
  seq: string | number;
  product_id: number | null;
  business_id: number | null;
}

/** `{1,2,3}`: ids as one array parameter. */
export class IndexFollower {
  /** The index searches read: replaced whole by a load, changed in place by the log. */
  index: SearchIndex;
  loaded = false;
  /** Resolves once the first load is done (or the follower stopped before). */
  readonly ready: Promise<void>;
  /** The log's newest `seq` the index has applied. */
  applied = 0;
  /** Missing seqs and when they were first missed. */
  private readonly gaps = new Map<number, number>();
  private stopped = false;
  private applying: Promise<void> | null = null;
  private lastPrune = 0;
  private wake: (() => void) | null = null;
  /** Whether the catalogue's notices are heard (`setListening`). */
  private listening = false;
  /** Counts the notices and the changes of `listening`: each makes the index unconfirmed. */
  private notices = 0;
  /** The `notices` count up to which the log is applied; -1 while unconfirmed. */
  private confirmed = -1;

  constructor(
    private readonly db: Db,
    private readonly log: FollowerLog,
    private readonly newIndex: () => SearchIndex,
  ) {
    this.index = newIndex();
    this.ready = this.firstLoad();
  }

  /**
   * True while the index has applied every change announced so far and notices are heard: a
   * search then needs no read of the log.
   */
  get current(): boolean {
    return this.loaded && this.listening && this.confirmed === this.notices;
  }

  /** Moves on with every notice and every change of `listening` (for what depends on the log). */
  get generation(): number {
    return this.notices;
  }

  /** A catalogue change was announced: the log is read and applied now. */
  noticed(): void {
    this.notices++;
    void this.confirm();
  }

  /**
   * This instance answered a request that may have changed the catalogue: its notice may not
   * have arrived yet, so the next search reads the log itself (read-your-writes on one instance).
   */
  doubt(): void {
    this.notices++;
  }

  /** Whether notices are heard (false: searches read the log themselves until true again). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.notices++;
    if (listening) void this.confirm();
  }

  /** Reads and applies the log (the index is then current if no notice came meanwhile). */
  private async confirm(): Promise<void> {
    try {
      await this.catchUp();
    } catch (error) {
      // Searches keep reading the log themselves until the next notice or reconnect.
      this.log.error({ err: error }, 'applying the search log after a notice failed');
    }
  }

  /** The log's newest seq (`head`) and how many of its gaps are now filled (`gaps`), as SQL. */
  logState(): SQL {
    const list = [...this.gaps.keys()];
    const gaps = list.length
      ? sql`(select count(*) from search_changes where seq = any(${pgArray(list)}::bigint[]))`
      : sql`0`;
    return sql`(select coalesce(max(seq), 0) from search_changes) as head, ${gaps} as gaps`;
  }

  /**
   * Applies the log up to `head` (and the gaps if one of them appeared). `notices` is the count
   * taken before `head` was read: when none came since, the index is current again.
   */
  async bringTo(head: number, gapSeen: boolean, notices: number): Promise<void> {
    if (!this.loaded) return;
    if (head > this.applied || gapSeen) {
      await this.applyOnce();
      // An apply that was already running may have stopped below `head`.
      if (head > this.applied) await this.applyOnce();
    }
    if (this.loaded && notices === this.notices) this.confirmed = notices;
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.prune().catch((error) =>
        this.log.error({ err: error }, 'pruning the search log failed'),
      );
    }
  }

  /**
   * Brings the index up to date with the log: nothing to do while it is current, else one short
   * query when nothing changed.
   */
  async catchUp(): Promise<void> {
    if (!this.loaded || this.current) return;
    const notices = this.notices;
    const [row] = await rowsOf<{ head: string | number; gaps: string | number }>(
      this.db,
      sql`select ${this.logState()}`,
    );
    await this.bringTo(Number(row?.head ?? 0), Number(row?.gaps ?? 0) > 0, notices);
  }

  /** Stops loading and waits for the work in hand (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.ready;
    await this.applying?.catch(() => {});
  }

  /** The first load, tried again every 5 s while it fails (the database away at start). */
  private async firstLoad(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.load();
        // What was announced while it loaded is confirmed (or applied) from the log.
        void this.confirm();
        return;
      } catch (error) {
        if (this.stopped) return;
        this.log.error({ err: error }, 'loading the search index failed; trying again in 5 s');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /** Reads the whole catalogue into a new index, in one snapshot with the log's seq. */
  private async load(): Promise<void> {
    const started = performance.now();
    const next = this.newIndex();
    let snapshot = { seq: 0, missing: [] as number[] };
    await this.db.transaction(
      async (tx) => {
        snapshot = await this.readSnapshot(tx as unknown as Db, next);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (this.stopped) return;
    next.trim();
    this.index = next;
    this.applied = snapshot.seq;
    this.gaps.clear();
    const now = Date.now();
    for (const s of snapshot.missing) this.gaps.set(s, now);
    const loadSeconds = (performance.now() - started) / 1000;
    this.loaded = true;
    // A line worth an operator's eye when it took a while (a large catalogue), else debug.
    (loadSeconds >= 1 ? this.log.info : this.log.debug).call(
      this.log,
      { products: next.size, terms: next.terms, seconds: Math.round(loadSeconds * 10) / 10 },
      'search index loaded',
    );
  }

  /** The log's seq, the seqs below it this snapshot misses, and every brand and product. */
  private async readSnapshot(tx: Db, into: SearchIndex) {
    const [head] = await rowsOf<{ seq: string | number }>(
      tx,
      sql`select coalesce(max(seq), 0) as seq from search_changes`,
    );
    const seq = Number(head?.seq ?? 0);
    // Seqs just below the head that this snapshot does not see may still commit.
    const recent = await rowsOf<{ seq: string | number }>(
      tx,
      sql`select seq from search_changes where seq > ${seq - 1000} order by seq`,
    );
    const seen = new Set(recent.map((r) => Number(r.seq)));
    const missing: number[] = [];
    for (let s = Math.max(1, seq - 1000); s <= seq; s++) if (!seen.has(s)) missing.push(s);
    for (const brand of await allBrands(tx)) into.setBusiness(brand);
    let after = 0;
    for (;;) {
      if (this.stopped) break;
      const batch = await productsAfter(tx, after, LOAD_BATCH);
      for (const product of batch) into.upsert(product);
      if (batch.length < LOAD_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    return { seq, missing };
  }

  /** One apply at a time; callers that come while one runs wait for it and the next. */
  private applyOnce(): Promise<void> {
    if (!this.applying) {
      this.applying = (async () => {
        try {
          await this.apply();
        } finally {
          this.applying = null;
        }
      })();
    }
    return this.applying;
  }

  /** Applies the log's rows after `applied` (and any gap that has appeared since). */
  private async apply(): Promise<void> {
    const gapList = [...this.gaps.keys()];
    const rows = await rowsOf<ChangeRow>(
      this.db,
      sql`select seq, product_id, business_id from search_changes
        where seq > ${this.applied}${
          gapList.length ? sql` or seq = any(${pgArray(gapList)}::bigint[])` : sql``
        }
        order by seq limit ${MAX_CHANGES + 1}`,
    );
    if (rows.length > MAX_CHANGES) {
      await this.load();
      return;
    }
    if (rows.length === 0) return;
    const { head, productIds, businessIds } = this.takeChanges(rows);
    if (businessIds.size) {
      for (const brand of await brandsByIds(this.db, [...businessIds])) {
        this.index.setBusiness(brand);
      }
    }
    if (productIds.size) {
      const ids = [...productIds];
      const present = new Set<number>();
      for (const product of await productsByIds(this.db, ids)) {
        this.index.upsert(product);
        present.add(product.id);
      }
      for (const id of ids) if (!present.has(id)) this.index.remove(id);
    }
    this.applied = head;
    if (this.index.needsCompaction) this.index.compact();
  }

  /** The ids a batch of log rows changed, its newest seq, and the gaps it shows or fills. */
  private takeChanges(rows: ChangeRow[]) {
    const productIds = new Set<number>();
    const businessIds = new Set<number>();
    let head = this.applied;
    const seen = new Set<number>();
    for (const row of rows) {
      const seq = Number(row.seq);
      seen.add(seq);
      this.gaps.delete(seq);
      if (seq > head) head = seq;
      if (row.product_id !== null) productIds.add(row.product_id);
      if (row.business_id !== null) businessIds.add(row.business_id);
    }
    const now = Date.now();
    for (let s = this.applied + 1; s < head; s++) if (!seen.has(s)) this.gaps.set(s, now);
    for (const [s, since] of this.gaps) if (now - since > GAP_SECONDS * 1000) this.gaps.delete(s);
    return { head, productIds, businessIds };
  }

  /** At most hourly (bringTo's check). */
  private async prune(): Promise<void> {
    this.lastPrune = Date.now();
    await this.db.execute(
      sql`delete from search_changes where changed_at < now() - ${KEEP_LOG}::interval`,
    );
  }
}
