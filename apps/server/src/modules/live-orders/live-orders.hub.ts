import {
  LIVE_MESSAGES,
  type LiveEvent,
  type OrderEvent,
  type OrderEventType,
  REVIEW_EVENT_TYPE,
} from '@leafline/contract';
import type { Database, Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  findBusinessOrder,
  findOrdersByIds,
  isPaidOrLater,
  latestOrderEventId,
  listOrderEventsAfter,
  ORDERS_CHANNEL,
  type OrderEventKind,
  type OrderNotice,
} from '../orders';
import {
  latestReviewEventId,
  listReviewEventsAfter,
  type ReviewNotice,
  sellerReviewsByIds,
} from '../reviews';
import { toSellerOrders } from '../seller-orders';

/**
 * Live orders (SPEC §1 "real-time purchase updates", DESIGN 2.13): one LISTEN on
 * `leafline_orders` per app instance, and the open dashboard streams by business. A notice for
 * a business with open streams is read once (the seller's order) and written, as one SSE
 * event, to that business's streams only. Every instance hears every commit's NOTIFY, so a
 * payment handled by one instance reaches the dashboards open on any other. A new review of one
 * of the business's products travels the same way (issue 27: its notice on the same channel, its
 * id from the same sequence), so one stream and one resume point carry both.
 */

/** A notice on the channel: an order's event or a new review's. */
type Notice = OrderNotice | ReviewNotice;
const isReview = (notice: Notice): notice is ReviewNotice => notice.type === 'review';

/** How far back a resume also looks, whatever the ids (ids are taken before commit). */
export const CATCH_UP_WINDOW_MS = 30_000;
/** Events read a page at a time when a stream catches up. */
const CATCH_UP_PAGE = 500;
/** A stream catching up holds at most this many live events; past it, it is closed. */
export const MAX_BUFFERED_EVENTS = 1_000;
/** Bytes written but not yet taken by a client past which it is dropped (it reconnects). */
export const MAX_UNSENT_BYTES = 1024 * 1024;
/** Ids a stream remembers having sent (a catch-up may read again what was just sent). */
const SENT_IDS_KEPT = 5_000;

/** The SSE event of each kind of order event (a new kind must name its own). */
const SSE_EVENT_NAMES: Record<OrderEventKind, OrderEventType> = {
  paid: 'order.paid',
  status: 'order.updated',
  edit: 'order.updated',
  message: 'order.message',
  return: 'order.return',
};

export const sseEventName = (kind: OrderEventKind): OrderEventType => SSE_EVENT_NAMES[kind];

/** One event as written on the stream. */
export const sseFrame = (event: LiveEvent) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** Where a stream writes; `writableLength` is what the client has not taken yet. */
export interface StreamSink {
  write(chunk: string): void;
  readonly writableLength: number;
  /** Ends the stream (the client reconnects and catches up). */
  end(): void;
}

/** One open dashboard stream. */
export class LiveStream {
  /** The last event id sent on this stream (or the client's Last-Event-ID). */
  lastId: number;
  private readonly sent = new Set<number>();
  /** Live events held while the stream catches up from the database. */
  private buffer: Array<{ id: number; frame: string }> | undefined;
  closed = false;
  /** The catch-up under way, if any (the next one waits for it). */
  catchingUp: Promise<void> | undefined;
  /** When it opened (a stream sent nothing yet catches up from then, not from the start). */
  readonly openedAt = Date.now();
  /**
   * Whether the session that opened the stream still holds (its account active, its access
   * token's version current). Asked before every event and at every keep-alive: a logout or a
   * password reset closes the stream instead of letting it carry buyers' data on.
   */
  sessionHolds: (() => Promise<boolean>) | undefined;

  constructor(
    readonly businessId: number,
    private readonly sink: StreamSink,
    lastId: number,
  ) {
    this.lastId = lastId;
  }

  /** A live event: written now, or held while catching up. */
  deliver(id: number, frame: string): void {
    if (this.closed) return;
    if (this.buffer) {
      if (this.buffer.length >= MAX_BUFFERED_EVENTS) this.close();
      else this.buffer.push({ id, frame });
      return;
    }
    this.write(id, frame);
  }

  /** Holds live events until `endCatchUp`. */
  beginCatchUp(): void {
    this.buffer ??= [];
  }

  /** Writes what was held, oldest first, and goes live. */
  endCatchUp(): void {
    const held = this.buffer ?? [];
    this.buffer = undefined;
    held.sort((a, b) => a.id - b.id);
    for (const { id, frame } of held) this.write(id, frame);
  }

  write(id: number, frame: string): void {
    if (this.closed || this.sent.has(id)) return;
    this.sent.add(id);
    if (this.sent.size > SENT_IDS_KEPT) {
      const oldest = this.sent.values().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
    if (id > this.lastId) this.lastId = id;
    this.sink.write(frame);
    // A client that does not read: dropped rather than held in memory.
    if (this.sink.writableLength > MAX_UNSENT_BYTES) this.close();
  }

  /**
   * Where a new stream starts: an `id:` line without data (no event; the client keeps it as
   * its last event id), so that a client that loses the stream before any event resumes from
   * here and is sent what it missed.
   */
  markStart(id: number): void {
    if (this.closed || id <= this.lastId) return;
    this.lastId = id;
    this.sink.write(`id: ${id}\n\n`);
  }

  /** A comment line, so that proxies keep the connection. */
  keepAlive(): void {
    if (this.closed) return;
    this.sink.write(': keep-alive\n\n');
    if (this.sink.writableLength > MAX_UNSENT_BYTES) this.close();
  }

  /** True when the stream may be sent an event; a session that ended closes it. */
  async stillAllowed(): Promise<boolean> {
    if (this.closed) return false;
    if (!this.sessionHolds) return true;
    // A check that fails ends the stream too: the dashboard reconnects through the guard.
    const holds = await this.sessionHolds().catch(() => false);
    if (!holds) this.close();
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer = undefined;
    this.sink.end();
  }
}

export interface LiveOrdersHub {
  /** Opens the LISTEN if it is not open yet; throws when the database cannot be reached. */
  ready(): Promise<void>;
  /**
   * Adds a stream and, when it resumes (`lastId` > 0), sends first what it missed; a new one
   * is sent the business's newest event id (`markStart`). Returns the function that removes it.
   */
  open(stream: LiveStream, options: { resume: boolean }): Promise<() => void>;
  /** Streams open on this instance. */
  readonly size: number;
  /** Ends every stream (app close). */
  closeStreams(): void;
  /** Closes the LISTEN. */
  stop(): Promise<void>;
}

type HubLog = { error(obj: object, msg?: string): void };

/** What the hub's steps share: the open streams by business and the LISTEN's state. */
interface HubState {
  readonly db: Db;
  readonly log: HubLog;
  readonly streams: Map<number, Set<LiveStream>>;
  /** Per business, the notices in hand, one after the other (events stay in order). */
  readonly queues: Map<number, Promise<void>>;
  listening: Promise<() => Promise<void>> | undefined;
  wasLost: boolean;
  stopped: boolean;
}

/** The events of `notices` (one business), each with the seller's order or review, in id order. */
async function readEvents(db: Db, businessId: number, notices: readonly Notice[]) {
  if (!notices.length) return [];
  const orderNotices = notices.filter((n): n is OrderNotice => !isReview(n));
  const reviewNotices = notices.filter(isReview);
  const [orders, reviews] = await Promise.all([
    readOrders(db, businessId, orderNotices),
    sellerReviewsByIds(db, businessId, [...new Set(reviewNotices.map((n) => n.review))]),
  ]);
  const reviewById = new Map(reviews.map((r) => [r.id, r]));
  const events: Array<{ id: number; frame: string }> = [];
  for (const notice of [...notices].sort((a, b) => a.id - b.id)) {
    let event: LiveEvent | undefined;
    if (isReview(notice)) {
      // A review hidden or deleted since is nobody's news.
      const review = reviewById.get(notice.review);
      if (review) event = { id: notice.id, type: REVIEW_EVENT_TYPE, business: businessId, review };
    } else {
      const order = orders.get(notice.order);
      if (order) {
        event = { id: notice.id, type: sseEventName(notice.type), business: businessId, order };
      }
    }
    if (event) events.push({ id: notice.id, frame: sseFrame(event) });
  }
  return events;
}

/** The seller's orders of these notices, by id; only paid orders are anybody's (issue 24). */
async function readOrders(
  db: Db,
  businessId: number,
  notices: readonly OrderNotice[],
): Promise<Map<number, OrderEvent['order']>> {
  if (!notices.length) return new Map();
  const ids = [...new Set(notices.map((n) => n.order))];
  const rows =
    ids.length === 1
      ? [await findBusinessOrder(db, businessId, ids[0]!)].filter((r) => r !== undefined)
      : (await findOrdersByIds(db, ids)).filter((r) => r.businessId === businessId);
  const orders = await toSellerOrders(db, businessId, rows.filter(isPaidOrLater));
  return new Map(orders.map((o) => [o.id, o]));
}

/** Reads one notice's event and writes it to the business's streams that may still have it. */
async function deliverNotice(state: HubState, businessId: number, notice: Notice) {
  const open = state.streams.get(businessId);
  if (!open?.size) return;
  try {
    const [event] = await readEvents(state.db, businessId, [notice]);
    if (!event) return;
    const targets = [...(state.streams.get(businessId) ?? [])];
    const allowed = await Promise.all(targets.map((stream) => stream.stillAllowed()));
    targets.forEach((stream, i) => {
      if (allowed[i]) stream.deliver(event.id, event.frame);
    });
  } catch (error) {
    // Not lost: the business's streams end, and their dashboards reconnect and catch up.
    state.log.error({ err: error, notice }, 'live orders: reading an event failed');
    for (const stream of state.streams.get(businessId) ?? []) stream.close();
  }
}

function onNotice(state: HubState, payload: string): void {
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return;
  }
  const businessId = notice.business;
  if (!Number.isInteger(businessId) || !state.streams.get(businessId)?.size) return;
  const previous = state.queues.get(businessId) ?? Promise.resolve();
  const next = previous.then(() => deliverNotice(state, businessId, notice));
  state.queues.set(businessId, next);
  void next.then(() => {
    if (state.queues.get(businessId) === next) state.queues.delete(businessId);
  });
}

/**
 * Sends `stream` the events after its last id (and the recent ones), then goes live. Two
 * catch-ups of one stream (its resume, and the LISTEN coming back) run one after the other.
 */
function catchUp(db: Db, stream: LiveStream): Promise<void> {
  const run = (stream.catchingUp ?? Promise.resolve()).then(() => readMissed(db, stream));
  stream.catchingUp = run.catch(() => {});
  return run;
}

async function readMissed(db: Db, stream: LiveStream): Promise<void> {
  stream.beginCatchUp();
  try {
    // A stream that has no event id yet wants what happened since it opened, not the whole
    // history: the time window alone, stretched back to its opening.
    let after = stream.lastId > 0 ? stream.lastId : 2_147_483_647; // the largest id
    let sinceMs: number | undefined =
      stream.lastId > 0 ? CATCH_UP_WINDOW_MS : Date.now() - stream.openedAt + CATCH_UP_WINDOW_MS;
    for (;;) {
      const options = { limit: CATCH_UP_PAGE, ...(sinceMs === undefined ? {} : { sinceMs }) };
      const [orderNotices, reviewNotices] = await Promise.all([
        listOrderEventsAfter(db, stream.businessId, after, options),
        listReviewEventsAfter(db, stream.businessId, after, options),
      ]);
      // One page of the two logs by id: what is past the page's last id comes next time.
      const notices: Notice[] = [...orderNotices, ...reviewNotices]
        .sort((a, b) => a.id - b.id)
        .slice(0, CATCH_UP_PAGE);
      if (!notices.length || !(await stream.stillAllowed())) return;
      for (const event of await readEvents(db, stream.businessId, notices)) {
        stream.write(event.id, event.frame);
      }
      if (orderNotices.length < CATCH_UP_PAGE && reviewNotices.length < CATCH_UP_PAGE) break;
      after = Math.max(...notices.map((n) => n.id));
      sinceMs = undefined;
    }
  } finally {
    stream.endCatchUp();
  }
}

/** Sends a new stream the business's newest event id (live events meanwhile come after). */
async function markStart(db: Db, stream: LiveStream): Promise<void> {
  stream.beginCatchUp();
  try {
    const latest = Math.max(
      ...(await Promise.all([
        latestOrderEventId(db, stream.businessId),
        latestReviewEventId(db, stream.businessId),
      ])),
    );
    if (latest > 0) stream.markStart(latest);
  } finally {
    stream.endCatchUp();
  }
}

function onState(state: HubState, up: boolean): void {
  if (!up) {
    if (!state.wasLost && !state.stopped) {
      state.log.error({}, 'live orders: the LISTEN connection was lost');
    }
    state.wasLost = true;
    return;
  }
  if (!state.wasLost) return;
  state.wasLost = false;
  state.log.error({}, 'live orders: the LISTEN connection is back; streams catch up');
  // Notices sent while the LISTEN was away are lost: every stream catches up from its last id.
  for (const set of state.streams.values()) {
    for (const stream of set) {
      catchUp(state.db, stream).catch((error) => {
        state.log.error({ err: error }, 'live orders: catching up failed');
        stream.close();
      });
    }
  }
}

/** Adds `stream` to its business's set; returns the function that removes it. */
function addStream(state: HubState, stream: LiveStream): () => void {
  let set = state.streams.get(stream.businessId);
  if (!set) {
    set = new Set();
    state.streams.set(stream.businessId, set);
  }
  set.add(stream);
  return () => {
    const current = state.streams.get(stream.businessId);
    current?.delete(stream);
    if (current && !current.size) state.streams.delete(stream.businessId);
  };
}

export function createLiveOrdersHub(deps: {
  db: Db;
  listen: Database['listen'];
  log: HubLog;
}): LiveOrdersHub {
  const state: HubState = {
    db: deps.db,
    log: deps.log,
    streams: new Map(),
    queues: new Map(),
    listening: undefined,
    wasLost: false,
    stopped: false,
  };
  const { streams } = state;

  return {
    ready() {
      if (state.stopped) return Promise.reject(new AppError(503, LIVE_MESSAGES.shuttingDown));
      if (!state.listening) {
        const listening = deps.listen(
          ORDERS_CHANNEL,
          (payload) => onNotice(state, payload),
          (up) => onState(state, up),
        );
        state.listening = listening;
        listening.catch(() => {
          state.listening = undefined;
        });
      }
      return state.listening.then(() => {});
    },
    async open(stream, options) {
      if (state.stopped) throw new AppError(503, LIVE_MESSAGES.shuttingDown);
      const remove = addStream(state, stream);
      try {
        if (options.resume) await catchUp(state.db, stream);
        else await markStart(state.db, stream);
      } catch (error) {
        remove();
        throw error;
      }
      return remove;
    },
    get size() {
      let n = 0;
      for (const set of streams.values()) n += set.size;
      return n;
    },
    closeStreams() {
      for (const set of streams.values()) for (const stream of set) stream.close();
      streams.clear();
    },
    async stop() {
      state.stopped = true;
      const pending = state.listening;
      state.listening = undefined;
      if (pending) await (await pending.catch(() => async () => {}))();
    },
  };
}
