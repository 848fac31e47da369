import { createHash } from 'node:crypto';
import { BUYER_CANCEL_REASON } from '@leafline/contract';
import pg from 'pg';
import type { Received } from '../../test/helpers/smtp-peer';
import type { CartLine, RestockLog, SellerLog, ShopperLog } from './shoppers';

/**
 * The consistency audit after a load run (issue 14 point 4), read straight from the database
 * and the SMTP peer's inbox, against what the shoppers and sellers logged on their side: every
 * paid checkout has exactly its orders, payouts, transfers and mails; nothing was bought twice,
 * sent twice or lost on the way from the cart to the order; every order its buyer cancelled
 * (issue 30 point 4) was refunded, restocked and mailed once, and none it was refused.
 */

export interface AuditLine {
  name: string;
  /** How many things were checked. */
  count: number;
  lost: number;
  duplicated: number;
  /** The first problems found, to look at. */
  details: string[];
}

export interface Audit {
  lines: AuditLine[];
  /** Facts worth printing that are not faults (open payment pages, waiting payouts, …). */
  notes: string[];
  clean: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (at most `timeoutMs`) until no job is due or runs (mails, order e-mails) and no payout
 * of a brand that can be paid is still without its transfer. Answers what was left.
 */
export async function waitForQuiet(
  databaseUrl: string,
  timeoutMs: number,
): Promise<{ jobs: number; payouts: number; waitedMs: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const jobs = Number(
        (
          await client.query(
            // Due or running: a job due later (a checkout's end at its page's expiry) is not
            // work left undone.
            `select count(*) from pgboss.job
             where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
          )
        ).rows[0].count,
      );
      const payouts = Number(
        (
          await client.query(
            `select count(*) from payouts p join businesses b on b.id = p.business_id
             where p.status = 'pending' and b.stripe_account_id is not null
               and b.stripe_status = 'active'`,
          )
        ).rows[0].count,
      );
      const waitedMs = Date.now() - started;
      if ((jobs === 0 && payouts === 0) || waitedMs > timeoutMs) return { jobs, payouts, waitedMs };
      await sleep(500);
    }
  } finally {
    await client.end();
  }
}

/** A received message's subject (headers unfolded, RFC 2047 words decoded). */
export function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? '';
  return line
    .slice('subject:'.length)
    .trim()
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g,
      (_m, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_x, h: string) =>
                  String.fromCharCode(Number.parseInt(h, 16)),
                ),
              'latin1',
            ).toString('utf8'),
    );
}

const lineKey = (productId: number | null, variantId: number | null) =>
  `${productId}:${variantId ?? '-'}`;

function quantities(lines: readonly CartLine[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const l of lines)
    map.set(
      lineKey(l.productId, l.variantId),
      (map.get(lineKey(l.productId, l.variantId)) ?? 0) + l.quantity,
    );
  return map;
}

/** Units expected but missing (lost) and units there too many (duplicated). */
function compareLines(expected: Map<string, number>, found: Map<string, number>) {
  let lost = 0;
  let duplicated = 0;
  for (const key of new Set([...expected.keys(), ...found.keys()])) {
    const diff = (found.get(key) ?? 0) - (expected.get(key) ?? 0);
    if (diff < 0) lost -= diff;
    else duplicated += diff;
  }
  return { lost, duplicated };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

class Line implements AuditLine {
  count = 0;
  lost = 0;
  duplicated = 0;
  details: string[] = [];
  constructor(readonly name: string) {}
  problem(kind: 'lost' | 'duplicated', detail: string, n = 1) {
    this[kind] += n;
    if (this.details.length < 8) this.details.push(detail);
  }
}

export async function runAudit(input: {
  databaseUrl: string;
  shoppers: readonly ShopperLog[];
  sellers: readonly SellerLog[];
  inbox: readonly Received[];
  /** When the load began: the audit looks at what happened since. */
  since: Date;
  /** The counted products (issue 26) and what the run did with them. */
  stock?: {
    productIds: number[];
    atStart: number;
    refused: number;
    short: number;
    restock: RestockLog;
  };
}): Promise<Audit> {
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  try {
    return await audit(db, input);
  } finally {
    await db.end();
  }
}

type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
type AuditInput = Parameters<typeof runAudit>[0];

interface CheckoutRow {
  id: number;
  user_id: number;
  status: string;
  total_cents: number;
  discount_cents: number;
}

interface OrderRow {
  id: number;
  checkout_id: number | null;
  user_id: number | null;
  business_id: number;
  user_email: string;
  status: string;
  subtotal_cents: number;
  shipping_fee_cents: number;
  discount_cents: number;
  total_cents: number;
  stripe_transfer_id: string | null;
  shipped_email_at: Date | null;
}

interface ItemRow {
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  quantity: number;
  product_price_cents: number;
  total_price_cents: number;
}

interface PayoutRow {
  id: number;
  order_id: number;
  amount_cents: number;
  commission_cents: number;
  transfer_id: string | null;
  reversal_id: string | null;
  status: string;
}

/** What the run left in the database since it began, read once and indexed for the checks. */
interface RunRows {
  userByName: Map<string, { id: number; username: string; email: string }>;
  payouts: PayoutRow[];
  cartLines: { user_id: number; product_id: number; variant_id: number | null; quantity: number }[];
  /** `email`: where the brand's new-order mails go, its order address or else its owner's. */
  businessById: Map<number, { id: number; email: string; ready: boolean }>;
  ordersByCheckout: Map<number, OrderRow[]>;
  itemsByOrder: Map<number, ItemRow[]>;
  payoutsByOrder: Map<number, PayoutRow[]>;
  orderById: Map<number, OrderRow>;
  paidCheckouts: CheckoutRow[];
  /** The orders a cancel of the run answered 200 for (issue 30 point 4). */
  cancelled: Set<number>;
}

const PAID = new Set(['Paid', 'Shipped', 'Delivered']);

async function readRun(q: Query, input: AuditInput): Promise<RunRows> {
  const usernames = input.shoppers.map((s) => s.username);
  const users = await q<{ id: number; username: string; email: string }>(
    'select id, username, email from users where username = any($1)',
    [usernames],
  );
  const checkouts = await q<CheckoutRow>(
    `select id, user_id, status, total_cents, discount_cents from checkouts where created_at >= $1`,
    [input.since],
  );
  const orders = await q<OrderRow>(
    `select id, checkout_id, user_id, business_id, user_email, status, subtotal_cents,
            shipping_fee_cents, discount_cents, total_cents, stripe_transfer_id, shipped_email_at
     from orders where created_at >= $1`,
    [input.since],
  );
  const items = await q<ItemRow>(
    `select i.order_id, i.product_id, i.variant_id, i.quantity, i.product_price_cents,
            i.total_price_cents
     from order_items i join orders o on o.id = i.order_id where o.created_at >= $1`,
    [input.since],
  );
  const payouts = await q<PayoutRow>(
    `select p.id, p.order_id, p.amount_cents, p.commission_cents, p.transfer_id, p.reversal_id,
            p.status
     from payouts p join orders o on o.id = p.order_id where o.created_at >= $1`,
    [input.since],
  );
  const businesses = await q<{ id: number; email: string; ready: boolean }>(
    `select b.id, coalesce(nullif(trim(b.order_email), ''), u.email, '') as email,
            (b.stripe_account_id is not null and b.stripe_status = 'active') as ready
     from businesses b left join users u on u.id = b.owner_id`,
  );
  const cartLines = await q<RunRows['cartLines'][number]>(
    `select c.user_id, i.product_id, i.variant_id, i.quantity
     from cart_items i join carts c on c.id = i.cart_id where c.user_id = any($1)`,
    [users.map((u) => u.id)],
  );

  const ordersByCheckout = new Map<number, OrderRow[]>();
  for (const o of orders) {
    if (o.checkout_id === null) continue;
    ordersByCheckout.set(o.checkout_id, [...(ordersByCheckout.get(o.checkout_id) ?? []), o]);
  }
  const itemsByOrder = new Map<number, ItemRow[]>();
  for (const i of items) itemsByOrder.set(i.order_id, [...(itemsByOrder.get(i.order_id) ?? []), i]);
  const payoutsByOrder = new Map<number, PayoutRow[]>();
  for (const p of payouts)
    payoutsByOrder.set(p.order_id, [...(payoutsByOrder.get(p.order_id) ?? []), p]);
  return {
    userByName: new Map(users.map((u) => [u.username, u])),
    payouts,
    cartLines,
    businessById: new Map(businesses.map((b) => [b.id, b])),
    ordersByCheckout,
    itemsByOrder,
    payoutsByOrder,
    orderById: new Map(orders.map((o) => [o.id, o])),
    paidCheckouts: checkouts.filter((c) => c.status === 'paid'),
    cancelled: new Set(
      input.shoppers.flatMap((s) =>
        s.cancels.filter((c) => c.answers.some((a) => a.status === 200)).map((c) => c.orderId),
      ),
    ),
  };
}

/** Every paid checkout: its orders, one per brand, totals adding up. */
function auditOrders(run: RunRows): Line {
  const orderLine = new Line('paid checkouts: orders (one per brand, paid, totals add up)');
  for (const c of run.paidCheckouts) {
    orderLine.count += 1;
    const own = run.ordersByCheckout.get(c.id) ?? [];
    if (!own.length) orderLine.problem('lost', `checkout ${c.id}: paid without orders`);
    const brands = new Set(own.map((o) => o.business_id));
    if (brands.size !== own.length) {
      orderLine.problem(
        'duplicated',
        `checkout ${c.id}: ${own.length} orders for ${brands.size} brands`,
        own.length - brands.size,
      );
    }
    for (const o of own) {
      // Its buyer's cancel (200): the cancel line checks it.
      if (!PAID.has(o.status) && !run.cancelled.has(o.id))
        orderLine.problem('lost', `order ${o.id} of paid checkout ${c.id} is ${o.status}`);
      const lines = run.itemsByOrder.get(o.id) ?? [];
      const itemsCents = lines.reduce((s, i) => s + i.total_price_cents, 0);
      const wrongLine = lines.find(
        (i) => i.total_price_cents !== i.product_price_cents * i.quantity,
      );
      if (wrongLine)
        orderLine.problem('lost', `order ${o.id}: a line's total is not price × quantity`);
      if (
        itemsCents !== o.subtotal_cents ||
        o.total_cents !== o.subtotal_cents + o.shipping_fee_cents - o.discount_cents
      ) {
        orderLine.problem(
          'lost',
          `order ${o.id}: items ${itemsCents}, subtotal ${o.subtotal_cents}, shipping ${o.shipping_fee_cents}, discount ${o.discount_cents}, total ${o.total_cents}`,
        );
      }
    }
    const sum = own.reduce((s, o) => s + o.total_cents, 0);
    if (own.length && sum !== c.total_cents) {
      orderLine.problem(
        'lost',
        `checkout ${c.id}: orders add up to ${sum}, the payment was ${c.total_cents}`,
      );
    }
  }
  return orderLine;
}

/**
 * Payouts: exactly one per paid order, of the right amount, with its transfer once due.
 * Answers how many wait for their brand's payout setup.
 */
function auditPayouts(
  run: RunRows,
  paidOrders: readonly OrderRow[],
  payoutLine: Line,
  transferLine: Line,
): number {
  let waiting = 0;
  for (const o of paidOrders) {
    payoutLine.count += 1;
    const rows = run.payoutsByOrder.get(o.id) ?? [];
    if (!rows.length) {
      payoutLine.problem('lost', `order ${o.id}: no payout`);
      continue;
    }
    if (rows.length > 1)
      payoutLine.problem('duplicated', `order ${o.id}: ${rows.length} payouts`, rows.length - 1);
    const row = rows[0]!;
    const commission = Math.floor((o.total_cents * 300 + 5_000) / 10_000);
    if (row.amount_cents !== o.total_cents - commission || row.commission_cents !== commission) {
      payoutLine.problem(
        'lost',
        `order ${o.id}: payout ${row.amount_cents} + ${row.commission_cents} for a total of ${o.total_cents}`,
      );
    }
    const ready = run.businessById.get(o.business_id)?.ready ?? false;
    transferLine.count += 1;
    const expected = `tr_local_${createHash('sha256').update(`payout-${o.id}`).digest('hex').slice(0, 24)}`;
    if (run.cancelled.has(o.id)) {
      // Cancelled by its buyer: the transfer, if it went out before, is the one of its payout
      // (the cancel line checks that it was taken back).
      if (row.transfer_id && row.transfer_id !== expected) {
        transferLine.problem(
          'duplicated',
          `order ${o.id} (cancelled): transfer ${row.transfer_id}, expected ${expected}`,
        );
      }
    } else if (row.status === 'paid') {
      if (row.transfer_id !== expected || o.stripe_transfer_id !== row.transfer_id) {
        transferLine.problem(
          'duplicated',
          `order ${o.id}: transfer ${row.transfer_id} (order says ${o.stripe_transfer_id}), expected ${expected}`,
        );
      }
    } else if (row.status === 'pending' && !ready) {
      waiting += 1;
      if (row.transfer_id || o.stripe_transfer_id)
        transferLine.problem('duplicated', `order ${o.id}: a transfer for a brand without payouts`);
    } else {
      transferLine.problem(
        'lost',
        `order ${o.id}: payout ${row.status} (${ready ? 'brand ready' : 'brand not ready'})`,
      );
    }
  }
  return waiting;
}

/** Transfers never twice: none shared by payouts or orders, none for an order never paid. */
async function auditSharedTransfers(q: Query, run: RunRows, transferLine: Line): Promise<void> {
  const shared = await q<{ transfer_id: string; n: number }>(
    `select transfer_id, count(*)::int as n from payouts where transfer_id is not null
     group by transfer_id having count(*) > 1`,
  );
  for (const s of shared)
    transferLine.problem('duplicated', `transfer ${s.transfer_id} on ${s.n} payouts`, s.n - 1);
  const orderTransfers = await q<{ stripe_transfer_id: string; n: number }>(
    `select stripe_transfer_id, count(*)::int as n from orders where stripe_transfer_id is not null
     group by stripe_transfer_id having count(*) > 1`,
  );
  for (const s of orderTransfers)
    transferLine.problem(
      'duplicated',
      `transfer ${s.stripe_transfer_id} on ${s.n} orders`,
      s.n - 1,
    );
  // Payouts of orders that were never paid would be money sent for nothing.
  for (const p of run.payouts) {
    const o = run.orderById.get(p.order_id);
    if (o && !PAID.has(o.status) && !run.cancelled.has(o.id))
      transferLine.problem('duplicated', `payout ${p.id} for order ${o.id} which is ${o.status}`);
  }
}

/** A shopper's logged payments against the database: the same orders, every cart line in them. */
function auditShopperPayments(
  run: RunRows,
  shopper: ShopperLog,
  dupLine: Line,
  cartLine: Line,
): void {
  for (const paid of shopper.paid) {
    const own = paid.orderIds.map((id) => run.orderById.get(id));
    const checkoutIds = new Set(own.map((o) => o?.checkout_id));
    const checkoutId = own[0]?.checkout_id ?? null;
    const all = checkoutId === null ? [] : (run.ordersByCheckout.get(checkoutId) ?? []);
    if (
      own.some((o) => !o) ||
      checkoutIds.size !== 1 ||
      !sameSet(
        all.map((o) => o.id),
        paid.orderIds,
      )
    ) {
      dupLine.problem(
        'duplicated',
        `${shopper.username}: orders ${paid.orderIds} vs. checkout ${checkoutId}'s ${all.map((o) => o.id)}`,
      );
    }
    const lines = all.flatMap((o) => run.itemsByOrder.get(o.id) ?? []);
    cartLine.count += paid.lines.length;
    const found = new Map<string, number>();
    for (const l of lines)
      found.set(
        lineKey(l.product_id, l.variant_id),
        (found.get(lineKey(l.product_id, l.variant_id)) ?? 0) + l.quantity,
      );
    const diff = compareLines(quantities(paid.lines), found);
    if (diff.lost)
      cartLine.problem(
        'lost',
        `${shopper.username}: ${diff.lost} units missing from checkout ${checkoutId}`,
        diff.lost,
      );
    if (diff.duplicated)
      cartLine.problem(
        'duplicated',
        `${shopper.username}: ${diff.duplicated} units too many in checkout ${checkoutId}`,
        diff.duplicated,
      );
  }
}

/** The shoppers' own log against the database: no duplicate order, no cart line lost. */
function auditShoppers(run: RunRows, shoppers: readonly ShopperLog[]) {
  const dupLine = new Line('checkouts per shopper (one set of orders per payment)');
  const cartLine = new Line('cart lines → order lines of the paid checkout');
  const leftLine = new Line('cart lines not paid for → still in the cart');
  const paidByUser = new Map<number, number>();
  for (const c of run.paidCheckouts)
    paidByUser.set(c.user_id, (paidByUser.get(c.user_id) ?? 0) + 1);
  for (const shopper of shoppers) {
    const user = run.userByName.get(shopper.username);
    if (!user) {
      if (shopper.paid.length || shopper.cart.length)
        dupLine.problem('lost', `${shopper.username}: no account`);
      continue;
    }
    dupLine.count += shopper.paid.length;
    const inDb = paidByUser.get(user.id) ?? 0;
    if (inDb > shopper.paid.length) {
      dupLine.problem(
        'duplicated',
        `${shopper.username}: ${inDb} paid checkouts, paid ${shopper.paid.length} times`,
        inDb - shopper.paid.length,
      );
    } else if (inDb < shopper.paid.length) {
      dupLine.problem(
        'lost',
        `${shopper.username}: ${inDb} paid checkouts, paid ${shopper.paid.length} times`,
        shopper.paid.length - inDb,
      );
    }
    auditShopperPayments(run, shopper, dupLine, cartLine);
    leftLine.count += shopper.cart.length;
    const held = new Map<string, number>();
    for (const l of run.cartLines.filter((c) => c.user_id === user.id))
      held.set(lineKey(l.product_id, l.variant_id), l.quantity);
    const diff = compareLines(quantities(shopper.cart), held);
    if (diff.lost)
      leftLine.problem(
        'lost',
        `${shopper.username}: ${diff.lost} units gone from the cart`,
        diff.lost,
      );
    if (diff.duplicated)
      leftLine.problem(
        'duplicated',
        `${shopper.username}: ${diff.duplicated} units too many in the cart`,
        diff.duplicated,
      );
  }
  return { dupLine, cartLine, leftLine };
}

interface Mail {
  to: string[];
  subject: string;
  /** The `#123` order numbers the subject names. */
  ids: number[];
  raw: string;
}

/** A raw message with its quoted-printable soft line breaks and `=XX` bytes decoded (its text part readable). */
function decodedBody(raw: string): string {
  const bytes: number[] = [];
  const text = raw.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** How many mails to `to` pass `test`. */
const countMails = (
  mails: readonly Mail[],
  to: string,
  test: (subject: string, ids: number[]) => boolean,
) => mails.filter((m) => m.to.includes(to.toLowerCase()) && test(m.subject, m.ids)).length;

/** Each paid checkout's buyer confirmation and its brands' new-order mails, each once. */
function auditOrderMails(run: RunRows, mails: readonly Mail[], confirmLine: Line, brandLine: Line) {
  for (const c of run.paidCheckouts) {
    const own = run.ordersByCheckout.get(c.id) ?? [];
    if (!own.length) continue;
    confirmLine.count += 1;
    const ids = own.map((o) => o.id);
    const n = countMails(
      mails,
      own[0]!.user_email,
      (s, found) => /confirmed/.test(s) && sameSet(found, ids),
    );
    if (n === 0)
      confirmLine.problem(
        'lost',
        `checkout ${c.id} (${ids}): no confirmation to ${own[0]!.user_email}`,
      );
    if (n > 1) confirmLine.problem('duplicated', `checkout ${c.id}: ${n} confirmations`, n - 1);
    for (const o of own) {
      const email = run.businessById.get(o.business_id)?.email ?? '';
      if (!email) continue;
      brandLine.count += 1;
      const m = countMails(
        mails,
        email,
        (s, found) => /^New order/.test(s) && found.length === 1 && found[0] === o.id,
      );
      if (m === 0) brandLine.problem('lost', `order ${o.id}: no new-order mail to ${email}`);
      if (m > 1) brandLine.problem('duplicated', `order ${o.id}: ${m} new-order mails`, m - 1);
    }
  }
}

/**
 * Each Shipped the sellers were refused (409): only for an order its buyer cancelled (a cancel
 * answered 200), which ended Canceled — a refusal of any other order is a shipment lost.
 */
async function auditShipRefusals(
  q: Query,
  input: AuditInput,
  cancelled: ReadonlySet<number>,
): Promise<Line> {
  const line = new Line('sellers: Shipped refused only for a cancelled order');
  const refused = [...new Set(input.sellers.flatMap((s) => s.shipRefused))];
  const rows = await q<{ id: number; status: string }>(
    'select id, status from orders where id = any($1)',
    [refused],
  );
  for (const o of rows) {
    line.count += 1;
    if (!cancelled.has(o.id) || o.status !== 'Canceled') {
      line.problem(
        'lost',
        `order ${o.id}: Shipped refused (409) but ${o.status}, not cancelled by its buyer`,
      );
    }
  }
  return line;
}

/** Each order its seller shipped: Shipped, and its buyer's shipped mail sent once. */
async function auditShippedMails(
  q: Query,
  input: AuditInput,
  mails: readonly Mail[],
  shippedByLog: ReadonlySet<number>,
  cancelled: ReadonlySet<number>,
): Promise<Line> {
  const shippedLine = new Line('mails: shipped mail per shipped order');
  const shippedOrders = await q<{ id: number; status: string; user_email: string }>(
    `select id, status, user_email from orders
     where id = any($1) or shipped_email_at >= $2 or (created_at >= $2 and shipped_email_at is not null)`,
    [[...shippedByLog], input.since],
  );
  for (const o of shippedOrders) {
    shippedLine.count += 1;
    if (o.status !== 'Shipped' && o.status !== 'Delivered') {
      shippedLine.problem(
        'lost',
        `order ${o.id}: set Shipped by its seller but ${o.status}${cancelled.has(o.id) ? ' (its buyer cancelled it meanwhile, 200: the shipped mail went out for a cancelled order)' : ''}`,
      );
    }
    const n = countMails(
      mails,
      o.user_email,
      (s, found) => /has shipped/.test(s) && found.length === 1 && found[0] === o.id,
    );
    if (n === 0) shippedLine.problem('lost', `order ${o.id}: no shipped mail to ${o.user_email}`);
    if (n > 1) shippedLine.problem('duplicated', `order ${o.id}: ${n} shipped mails`, n - 1);
  }
  return shippedLine;
}

/** No message received twice (the same recipients and subject). */
function auditDuplicateMails(mails: readonly Mail[]): Line {
  const anyDupLine = new Line('mails: no message twice (recipient + subject)');
  const seen = new Map<string, number>();
  for (const m of mails) {
    anyDupLine.count += 1;
    const key = `${[...m.to].sort().join(',')}|${m.subject}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [key, n] of seen) if (n > 1) anyDupLine.problem('duplicated', `${n} × ${key}`, n - 1);
  return anyDupLine;
}

/**
 * The buyers' cancels (issue 30 point 4). Every order a cancel answered 200 for: one refund,
 * succeeded, of the order's total, with the buyer's reason; the order Canceled; its payout not
 * left to the brand (canceled, or reversed once transferred); its sold units back in stock once
 * (a restock movement per sale movement of the order); the buyer's "has been cancelled" mail and
 * the brand's "cancelled by the buyer" mail, each once. Every order only refused (409, no request
 * of its shopper answered 200): no refund with the buyer's reason.
 */
async function auditCancels(
  q: Query,
  run: RunRows,
  input: AuditInput,
  mails: readonly Mail[],
  shippedByLog: ReadonlySet<number>,
): Promise<{ lines: Line[]; note: string }> {
  const cancelLine = new Line('buyer cancels (200): 1 refund, Canceled, payout back, restocked');
  const mailLine = new Line('mails: buyer cancels (200): buyer and brand mailed once each');
  const refusedLine = new Line('buyer cancels refused (409): no buyer refund');
  const logged = input.shoppers.flatMap((s) => s.cancels);
  const ids = [...new Set(logged.map((c) => c.orderId))];
  const refunds = await q<{
    order_id: number;
    status: string;
    amount_cents: number;
    target_status: string;
    reason: string;
  }>(
    `select order_id, status, amount_cents, target_status, reason from refunds
     where order_id = any($1::int[])`,
    [ids],
  );
  const moves = await q<{
    order_id: number;
    product_id: number;
    variant_id: number | null;
    kind: string;
    delta: number;
  }>(
    `select order_id, product_id, variant_id, kind, delta from stock_movements
     where order_id = any($1::int[]) and kind in ('sale', 'restock') and delta is not null`,
    [ids],
  );
  const states = await q<{ order_id: number; stock_state: string; n: number }>(
    `select order_id, stock_state, count(*)::int as n from order_items
     where order_id = any($1::int[]) group by order_id, stock_state`,
    [ids],
  );
  const refundsOf = (id: number) => refunds.filter((r) => r.order_id === id);
  let restocked = 0;
  for (const id of run.cancelled) {
    cancelLine.count += 1;
    const o = run.orderById.get(id);
    if (!o) {
      cancelLine.problem('lost', `order ${id}: cancelled (200) but not an order of the run`);
      continue;
    }
    const own = refundsOf(id);
    if (!own.length) cancelLine.problem('lost', `order ${id}: cancelled (200) without a refund`);
    if (own.length > 1)
      cancelLine.problem('duplicated', `order ${id}: ${own.length} refunds`, own.length - 1);
    const refund = own[0];
    if (refund && refund.status !== 'succeeded')
      cancelLine.problem('lost', `order ${id}: its refund is ${refund.status}`);
    if (refund && refund.amount_cents !== o.total_cents) {
      cancelLine.problem(
        refund.amount_cents < o.total_cents ? 'lost' : 'duplicated',
        `order ${id}: refunded ${refund.amount_cents} of a total of ${o.total_cents}`,
      );
    }
    if (refund && (refund.target_status !== 'Canceled' || refund.reason !== BUYER_CANCEL_REASON)) {
      cancelLine.problem(
        'lost',
        `order ${id}: its refund is to ${refund.target_status} for '${refund.reason}'`,
      );
    }
    if (o.status !== 'Canceled') {
      cancelLine.problem(
        'lost',
        `order ${id}: cancelled (200) but ${o.status}${shippedByLog.has(id) ? ' (its seller set it Shipped, PATCH 200)' : ''}`,
      );
    }
    for (const p of run.payoutsByOrder.get(id) ?? []) {
      if (p.status !== 'canceled' && p.status !== 'reversed')
        cancelLine.problem('lost', `order ${id}: its payout is left ${p.status}`);
      else if (p.transfer_id && !p.reversal_id)
        cancelLine.problem('lost', `order ${id}: its transfer ${p.transfer_id} not taken back`);
    }
    // Units per product/variant: what the sale took, what the cancel put back.
    const net = new Map<string, { sold: number; back: number }>();
    for (const m of moves.filter((x) => x.order_id === id)) {
      const key = lineKey(m.product_id, m.variant_id);
      const u = net.get(key) ?? { sold: 0, back: 0 };
      if (m.kind === 'sale') u.sold -= m.delta;
      else u.back += m.delta;
      net.set(key, u);
    }
    for (const [key, u] of net) {
      restocked += u.back;
      if (u.back < u.sold)
        cancelLine.problem('lost', `order ${id}: ${u.sold} of ${key} sold, ${u.back} put back`);
      if (u.back > u.sold)
        cancelLine.problem(
          'duplicated',
          `order ${id}: ${u.sold} of ${key} sold, ${u.back} put back`,
          u.back - u.sold,
        );
    }
    const stillSold = states.find((x) => x.order_id === id && x.stock_state === 'sold')?.n ?? 0;
    if (stillSold) cancelLine.problem('lost', `order ${id}: ${stillSold} lines still 'sold'`);

    mailLine.count += 1;
    const buyer = mails.filter(
      (m) =>
        m.to.includes(o.user_email.toLowerCase()) &&
        /has been cancelled$/.test(m.subject) &&
        m.ids.length === 1 &&
        m.ids[0] === id,
    );
    if (!buyer.length) mailLine.problem('lost', `order ${id}: no cancel mail to ${o.user_email}`);
    if (buyer.length > 1)
      mailLine.problem('duplicated', `order ${id}: ${buyer.length} cancel mails to the buyer`);
    for (const m of buyer) {
      if (!decodedBody(m.raw).includes(`You cancelled your order #${id} `))
        mailLine.problem('lost', `order ${id}: the buyer's mail does not say they cancelled it`);
    }
    const brandTo = run.businessById.get(o.business_id)?.email ?? '';
    if (brandTo) {
      const n = countMails(
        mails,
        brandTo,
        (subject, found) =>
          /was cancelled by the buyer$/.test(subject) && found.length === 1 && found[0] === id,
      );
      if (n === 0) mailLine.problem('lost', `order ${id}: no cancel mail to its brand ${brandTo}`);
      if (n > 1) mailLine.problem('duplicated', `order ${id}: ${n} cancel mails to its brand`);
    }
  }
  const refused = new Set(
    logged
      .filter((c) => !run.cancelled.has(c.orderId) && c.answers.every((a) => a.status === 409))
      .map((c) => c.orderId),
  );
  for (const id of refused) {
    refusedLine.count += 1;
    const own = refundsOf(id).filter((r) => r.reason === BUYER_CANCEL_REASON);
    if (own.length)
      refusedLine.problem(
        'duplicated',
        `order ${id}: refused (409) yet refunded for '${BUYER_CANCEL_REASON}' (${own[0]!.status})`,
      );
  }
  const answers = logged.flatMap((c) => c.answers);
  const byAnswer = new Map<string, number>();
  for (const a of answers) {
    const key = a.status === 200 ? '200' : a.status === 409 ? `409 '${a.error}'` : `${a.status}`;
    byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
  }
  const twice = logged.filter((c) => c.answers.length > 1).length;
  return {
    lines: [cancelLine, mailLine, refusedLine],
    note: `cancels: ${logged.length} orders (${twice} with two requests at once), ${run.cancelled.size} cancelled, ${refused.size} refused, ${restocked} units back in stock; answers: ${[...byAnswer].map(([k, n]) => `${n} × ${k}`).join(', ')}`,
  };
}

/** Pending orders: each still has a payment page that can take the money. */
async function auditPending(q: Query, since: Date): Promise<{ line: Line; live: number }> {
  const pendingLine = new Line('pending orders without a live payment page');
  const pending = await q<{ id: number; checkout_id: number | null; live: boolean }>(
    `select o.id, o.checkout_id, exists (
        select 1 from local_payment_sessions s
        where s.checkout_id = o.checkout_id and s.status = 'open' and s.expires_at > now()
      ) as live
     from orders o where o.status = 'Pending' and o.created_at >= $1`,
    [since],
  );
  pendingLine.count = pending.length;
  for (const p of pending)
    if (!p.live)
      pendingLine.problem(
        'lost',
        `order ${p.id} (checkout ${p.checkout_id}) Pending without a live payment page`,
      );
  return { line: pendingLine, live: pending.filter((p) => p.live).length };
}

/**
 * Parked jobs: a job that failed for good is work that did not happen (a mail, a transfer, a
 * refund) until an operator replays it.
 */
async function auditParkedJobs(q: Query, since: Date): Promise<Line> {
  const parkedLine = new Line('jobs parked (failed for good) during the run');
  const parked = await q<{ id: string; name: string; output: unknown }>(
    `select id::text as id, name, output from pgboss.job where created_on >= $1`,
    [since],
  );
  parkedLine.count = parked.length;
  const failedJobs = await q<{ id: string; name: string; output: unknown }>(
    `select id::text as id, name, output from pgboss.job
     where state = 'failed' and created_on >= $1`,
    [since],
  );
  for (const job of failedJobs) {
    parkedLine.problem('lost', `job ${job.name} ${job.id}: ${JSON.stringify(job.output)}`);
  }
  return parkedLine;
}

/**
 * Stock (issue 26): every count never below 0 and held exactly by the open checkouts'
 * lines; for each counted product of the run, its movements add up to its count, and its units
 * sold are exactly the paid order lines that took them (none sold twice, none outside the count).
 */
async function auditStock(q: Query, input: AuditInput): Promise<{ lines: Line[]; note?: string }> {
  const holdLine = new Line('stock: counts ≥ 0, each hold an open checkout’s line');
  const counts = await q<{
    product_id: number;
    variant_id: number | null;
    stock: number;
    reserved: number;
    held: number;
  }>(
    `select s.product_id, s.variant_id, s.stock, s.reserved,
       coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
         where i.product_id = s.product_id and i.variant_id is not distinct from s.variant_id
           and i.stock_state = 'held' and o.status = 'Pending'), 0)::int as held
     from stock_levels s`,
  );
  holdLine.count = counts.length;
  for (const c of counts) {
    const unit = `product ${c.product_id}${c.variant_id ? ` variant ${c.variant_id}` : ''}`;
    if (c.stock < 0 || c.reserved < 0)
      holdLine.problem('duplicated', `${unit}: stock ${c.stock}, reserved ${c.reserved}`);
    if (c.reserved > c.held)
      holdLine.problem('lost', `${unit}: ${c.reserved} reserved, ${c.held} held by open checkouts`);
    if (c.reserved < c.held)
      holdLine.problem(
        'duplicated',
        `${unit}: ${c.reserved} reserved, ${c.held} held by open checkouts`,
      );
  }
  const soldLine = new Line('stock: movements add up; sold = paid lines, back = restocked');
  const ids = input.stock?.productIds ?? [];
  if (!ids.length) return { lines: [holdLine, soldLine] };
  const units = await q<{
    product_id: number;
    stock: number;
    moved: number;
    sold: number;
    paid: number;
    outside: number;
    back: number;
    restocked: number;
  }>(
    `select s.product_id, s.stock,
       (select coalesce(sum(m.delta), 0)::int from stock_movements m
         where m.product_id = s.product_id and m.variant_id is null) as moved,
       (select coalesce(-sum(m.delta), 0)::int from stock_movements m
         where m.product_id = s.product_id and m.variant_id is null and m.kind = 'sale') as sold,
       (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
         where i.product_id = s.product_id and i.variant_id is null
           and i.stock_state in ('sold', 'restocked')) as paid,
       (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
         where i.product_id = s.product_id and i.variant_id is null
           and o.status not in ('Pending', 'Canceled') and i.stock_state not in ('sold', 'restocked')
           and o.created_at >= $2) as outside,
       (select coalesce(sum(m.delta), 0)::int from stock_movements m
         where m.product_id = s.product_id and m.variant_id is null and m.kind = 'restock') as back,
       (select coalesce(sum(i.quantity), 0)::int from order_items i
         where i.product_id = s.product_id and i.variant_id is null
           and i.stock_state = 'restocked') as restocked
     from stock_levels s where s.product_id = any($1::int[]) and s.variant_id is null`,
    [ids, input.since],
  );
  soldLine.count = units.length;
  for (const u of units) {
    if (u.moved !== u.stock)
      soldLine.problem(
        u.moved > u.stock ? 'lost' : 'duplicated',
        `product ${u.product_id}: count ${u.stock}, its movements add up to ${u.moved}`,
      );
    if (u.sold !== u.paid)
      soldLine.problem(
        u.sold > u.paid ? 'lost' : 'duplicated',
        `product ${u.product_id}: ${u.sold} units sold from the count, ${u.paid} on paid lines`,
      );
    if (u.outside)
      soldLine.problem(
        'duplicated',
        `product ${u.product_id}: ${u.outside} paid units not counted`,
      );
    // Refunds and the buyers' cancels put units back: once per restocked line's unit.
    if (u.back !== u.restocked)
      soldLine.problem(
        u.back > u.restocked ? 'duplicated' : 'lost',
        `product ${u.product_id}: ${u.back} units put back by refunds, ${u.restocked} on restocked lines`,
      );
  }
  const back = units.reduce((n, u) => n + u.back, 0);
  const sold = units.reduce((n, u) => n + u.sold, 0);
  const s = input.stock!;
  return {
    lines: [holdLine, soldLine],
    note: `stock: ${units.length} counted products (${s.atStart} each at the start): ${sold} units sold, ${back} back from refunds and cancels, ${s.restock.units} put back on the shelf in ${s.restock.restocks} restocks, ${s.refused} adds refused (sold out or fewer left), ${s.short} checkouts refused for stock and fixed in one click`,
  };
}

async function audit(db: pg.Client, input: AuditInput): Promise<Audit> {
  const q: Query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await db.query(text, values)).rows as T[];
  const notes: string[] = [];
  const run = await readRun(q, input);
  const orderLine = auditOrders(run);

  const payoutLine = new Line('payouts (one per paid order, total − round(3 %))');
  const transferLine = new Line('transfers (one per payout, none shared)');
  const paidOrders = run.paidCheckouts.flatMap((c) => run.ordersByCheckout.get(c.id) ?? []);
  const waiting = auditPayouts(run, paidOrders, payoutLine, transferLine);
  if (waiting)
    notes.push(
      `${waiting} payouts wait for their brand's payout setup (not due: no transfer, as it should be)`,
    );
  await auditSharedTransfers(q, run, transferLine);

  const { dupLine, cartLine, leftLine } = auditShoppers(run, input.shoppers);

  const mails: Mail[] = input.inbox.map((m) => {
    const subject = subjectOf(m.raw);
    const ids = [...subject.matchAll(/#(\d+)/g)].map((x) => Number(x[1]));
    return { to: m.to.map((t) => t.toLowerCase()), subject, ids, raw: m.raw };
  });
  const confirmLine = new Line('mails: buyer confirmation per paid checkout');
  const brandLine = new Line("mails: brand's new-order mail per paid order");
  auditOrderMails(run, mails, confirmLine, brandLine);
  // Sellers also ship the demo orders seeded Paid before the run: those count too.
  const shippedByLog = new Set(input.sellers.flatMap((s) => s.shipped));
  const shippedLine = await auditShippedMails(q, input, mails, shippedByLog, run.cancelled);
  const refusedLine = await auditShipRefusals(q, input, run.cancelled);
  const anyDupLine = auditDuplicateMails(mails);
  const cancels = await auditCancels(q, run, input, mails, shippedByLog);
  notes.push(cancels.note);

  const pending = await auditPending(q, input.since);
  const parkedLine = await auditParkedJobs(q, input.since);
  const stock = await auditStock(q, input);
  if (stock.note) notes.push(stock.note);

  const abandoned = input.shoppers.reduce((s, x) => s + x.unpaid.length, 0);
  notes.push(
    `${run.paidCheckouts.length} paid checkouts, ${paidOrders.length} paid orders, ${abandoned} checkouts left unpaid (${pending.live} orders Pending with an open page), ${shippedByLog.size} orders shipped, ${mails.length} mails received`,
  );

  const lines = [
    orderLine,
    dupLine,
    cartLine,
    leftLine,
    payoutLine,
    transferLine,
    confirmLine,
    brandLine,
    shippedLine,
    refusedLine,
    anyDupLine,
    ...cancels.lines,
    pending.line,
    parkedLine,
    ...stock.lines,
  ];
  return { lines, notes, clean: lines.every((l) => l.lost === 0 && l.duplicated === 0) };
}
