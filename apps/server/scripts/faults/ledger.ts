import pg from 'pg';
import type { SeenPayment } from './shoppers';

/**
 * What a fault may not do, read from the database and the mail server afterwards: the money a
 * shopper paid (a local payment session `complete`, whatever answer reached the shopper) ends
 * as a paid checkout whose orders are Paid once, each with one payout, one confirmation to the
 * buyer and one new-order mail to its brand. A lost item is one of these missing, a duplicate
 * one of them twice.
 */

export interface Mail {
  to: string[];
  raw: string;
}

export interface LedgerResult {
  /** Payments taken (sessions complete) of the fault's shoppers. */
  paid: number;
  /** Orders of those payments. */
  orders: number;
  orderIds: number[];
  lost: string[];
  duplicated: string[];
  /** Mails still missing (may yet arrive: the mail retries run on their own schedule). */
  mailsMissing: number;
  /** Checkouts left open without a payment page (their process died before it made one). */
  stranded: number;
}

/** The Subject header, unfolded. */
export function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = /^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

/** Order ids named by the mails: buyer confirmations and brand new-order mails apart. */
export function mailIndex(mails: readonly Mail[]) {
  const confirmations = new Map<number, number>();
  const brandMails = new Map<number, number>();
  for (const mail of mails) {
    const subject = subjectOf(mail.raw);
    const ids = [...subject.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
    const into = /^New order/i.test(subject)
      ? brandMails
      : /confirmed/i.test(subject)
        ? confirmations
        : null;
    if (!into) continue;
    for (const id of ids) into.set(id, (into.get(id) ?? 0) + 1);
  }
  return { confirmations, brandMails };
}

/** Checks the payments of the shoppers `emails` (and those they saw) against `mails`. */
export async function checkLedger(
  databaseUrl: string,
  emails: readonly string[],
  seen: readonly SeenPayment[],
  mails: readonly Mail[],
): Promise<LedgerResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lost: string[] = [];
    const duplicated: string[] = [];
    const sessions = await client.query<{
      id: string;
      session_status: string;
      checkout_id: number;
      checkout_status: string;
    }>(
      `select s.id, s.status as session_status, c.id as checkout_id, c.status as checkout_status
         from local_payment_sessions s
         join checkouts c on c.id = s.checkout_id
         join users u on u.id = c.user_id
        where u.email = any($1)`,
      [emails],
    );
    const byId = new Map(sessions.rows.map((s) => [s.id, s]));
    for (const payment of seen) {
      const session = byId.get(payment.sessionId);
      if (session?.session_status !== 'complete') {
        lost.push(`payment page said paid, session ${payment.sessionId} is not complete`);
      }
    }
    const paidSessions = sessions.rows.filter((s) => s.session_status === 'complete');
    const checkoutIds = paidSessions.map((s) => s.checkout_id);
    for (const s of paidSessions) {
      if (s.checkout_status !== 'paid') {
        lost.push(`checkout ${s.checkout_id} was paid at the provider but is ${s.checkout_status}`);
      }
    }
    const orders = await client.query<{
      id: number;
      checkout_id: number;
      status: string;
      brand_email: string;
      payouts: number;
      paid_events: number;
    }>(
      // brand_email: where its new-order mails go, the order address or else the owner's.
      `select o.id, o.checkout_id, o.status,
              coalesce(nullif(trim(b.order_email), ''), u.email, '') as brand_email,
              (select count(*)::int from payouts p where p.order_id = o.id) as payouts,
              (select count(*)::int from order_events e
                where e.order_id = o.id and e.type = 'paid') as paid_events
         from orders o join businesses b on b.id = o.business_id
         left join users u on u.id = b.owner_id
        where o.checkout_id = any($1)
        order by o.id`,
      [checkoutIds],
    );
    const { confirmations, brandMails } = mailIndex(mails);
    let mailsMissing = 0;
    for (const order of orders.rows) {
      if (order.status !== 'Paid') lost.push(`order ${order.id} is ${order.status}, not Paid`);
      if (order.payouts === 0) lost.push(`order ${order.id} has no payout`);
      if (order.payouts > 1) duplicated.push(`order ${order.id} has ${order.payouts} payouts`);
      if (order.paid_events > 1) {
        duplicated.push(`order ${order.id} was marked paid ${order.paid_events} times`);
      }
      const confirmed = confirmations.get(order.id) ?? 0;
      if (confirmed === 0) mailsMissing += 1;
      if (confirmed > 1) duplicated.push(`order ${order.id}: ${confirmed} buyer confirmations`);
      if (order.brand_email.trim() !== '') {
        const told = brandMails.get(order.id) ?? 0;
        if (told === 0) mailsMissing += 1;
        if (told > 1) duplicated.push(`order ${order.id}: ${told} new-order mails to its brand`);
      }
    }
    // Every order the shopper was given for a payment they saw is among them.
    const known = new Set(orders.rows.map((o) => o.id));
    for (const payment of seen) {
      for (const id of payment.orderIds) {
        if (!known.has(id)) lost.push(`order ${id} of a paid page is not in a paid checkout`);
      }
    }
    const stranded = await client.query<{ n: number }>(
      `select count(*)::int as n from checkouts c join users u on u.id = c.user_id
        where u.email = any($1) and c.status = 'open' and c.provider_session_id is null`,
      [emails],
    );
    return {
      paid: paidSessions.length,
      orders: orders.rows.length,
      orderIds: orders.rows.map((o) => o.id),
      lost,
      duplicated,
      mailsMissing,
      stranded: stranded.rows[0]?.n ?? 0,
    };
  } finally {
    await client.end();
  }
}

/**
 * The failed checkouts of `emails` (provider down): each must be ended — `failed`, its orders
 * Canceled — not left Pending. Answers the ones still open (with their Pending orders).
 */
export async function checkFailedCheckouts(databaseUrl: string, emails: readonly string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ status: string; n: number; pending: number }>(
      `select c.status, count(*)::int as n,
              sum((select count(*) from orders o
                    where o.checkout_id = c.id and o.status = 'Pending'))::int as pending
         from checkouts c join users u on u.id = c.user_id
        where u.email = any($1) and c.provider_session_id is null
        group by c.status`,
      [emails],
    );
    return rows.rows;
  } finally {
    await client.end();
  }
}

/** Products of the demo catalogue that go in a cart as they are (no variant to choose). */
export async function buyableProducts(databaseUrl: string, limit = 12): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: number }>(
      `select p.id from products p
        where not exists (select 1 from variants v where v.product_id = p.id)
        order by p.id limit $1`,
      [limit],
    );
    return rows.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** The job runner's unfinished jobs by queue and state (what a missing mail waits in). */
export async function unfinishedJobs(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ name: string; state: string; n: number }>(
      `select name, state, count(*)::int as n from pgboss.job
        where state not in ('completed', 'cancelled') group by name, state order by name, state`,
    );
    return rows.rows.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ') || 'none';
  } finally {
    await client.end();
  }
}

/** What the stock counts of these products say after a fault (issue 26). */
export interface HoldsResult {
  /** Units held by checkouts that can no longer be paid (open, but never got a page). */
  stranded: number;
  /** Counts whose `reserved` is not what their open checkouts hold. */
  unbalanced: string[];
  /** Of those, units reserved that no open checkout holds (a hold lost, never released). */
  overReserved: number;
  /** Units open checkouts hold beyond what is reserved (a hold released twice). */
  underReserved: number;
  /** Units held, in all. */
  held: number;
}

/**
 * Every count's `reserved` must be exactly what open checkouts' lines hold, and none of those
 * checkouts may be one that never got its payment page (a process killed between the two):
 * those are ended by the periodic payment job, their stock released.
 */
export async function checkHolds(databaseUrl: string, productIds: number[]): Promise<HoldsResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{
      product_id: number;
      reserved: number;
      held: number;
      stranded: number;
    }>(
      `select s.product_id, s.reserved,
          coalesce(sum(oi.quantity) filter (where c.id is not null), 0)::int as held,
          coalesce(sum(oi.quantity) filter (where c.provider_session_id is null), 0)::int as stranded
        from stock_levels s
        left join order_items oi on oi.product_id = s.product_id and oi.variant_id is null
          and oi.stock_state = 'held'
        left join orders o on o.id = oi.order_id
        left join checkouts c on c.id = o.checkout_id and c.status = 'open'
        where s.product_id = any($1) and s.variant_id is null
        group by s.product_id, s.reserved`,
      [productIds],
    );
    return {
      stranded: rows.rows.reduce((n, r) => n + r.stranded, 0),
      unbalanced: rows.rows
        .filter((r) => r.reserved !== r.held)
        .map((r) => `product ${r.product_id}: ${r.reserved} reserved, ${r.held} held`),
      held: rows.rows.reduce((n, r) => n + r.held, 0),
      overReserved: rows.rows.reduce((n, r) => n + Math.max(r.reserved - r.held, 0), 0),
      underReserved: rows.rows.reduce((n, r) => n + Math.max(r.held - r.reserved, 0), 0),
    };
  } finally {
    await client.end();
  }
}

/** Counts the products' stock (large enough never to run out): every checkout holds it. */
export async function countStock(databaseUrl: string, productIds: number[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into stock_levels (product_id, stock) select id, 1000000 from unnest($1::int[]) as t(id)
        on conflict on constraint stock_levels_unit_uq do update set stock = 1000000`,
      [productIds],
    );
  } finally {
    await client.end();
  }
}
