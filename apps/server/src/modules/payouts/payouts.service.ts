import { COMMISSION_RATE } from '@leafline/contract';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { setOrderTransfer } from '../orders/orders.repo';
import {
  type DuePayout,
  insertPayouts as insertPayoutRows,
  listTransfersToReverse,
  lockDuePayouts,
  postponePayout,
  recordPayoutFailure,
  recordPayoutPaid,
  recordPayoutReversed,
  recordTransferOfCanceled,
} from './payouts.repo';

/**
 * Payouts to the brands (SPEC §1: 3 % commission, paid at the time of purchase; DESIGN 2.7).
 * A row per paid order is written in the transaction that marks the order Paid; the transfer
 * is sent after that transaction commits, and again later by the periodic job when it failed.
 * Rows are claimed in a short transaction (FOR UPDATE SKIP LOCKED, then their next attempt
 * moved ahead), the transfer is made outside any transaction, and its answer is recorded in
 * another (decision 0011). Every transfer carries the idempotency key `payout-<orderId>`, so
 * even a crash between the provider's answer and our record cannot make a second transfer.
 */

const COMMISSION_BASIS_POINTS = Math.round(COMMISSION_RATE * 10_000);
/** Attempts before a payout is marked failed (someone has to look at it then). */
export const MAX_PAYOUT_ATTEMPTS = 12;
/** How long a brand without a connected account waits before it is looked at again. */
const NO_ACCOUNT_RETRY_MS = 60 * 60_000;
const BATCH = 10;
/**
 * How long a claimed payout is left to the instance that claimed it: longer than a transfer
 * call can take with the SDK's retries (3 × 20 s), so it is never sent twice at once.
 */
const CLAIM_MS = 5 * 60_000;

/**
 * Whether a brand can be paid now: it has a connected account and its payouts are active
 * (pending or restricted brands wait; their payouts are not attempts).
 */
export const payoutsReady = (brand: {
  accountId: string | null;
  stripeStatus: string | null;
}): boolean => Boolean(brand.accountId) && brand.stripeStatus === 'active';

export const payoutIdempotencyKey = (orderId: number) => `payout-${orderId}`;
/** One reversal per order, whoever asks for it (the refund, or the worker after a race). */
export const reversalIdempotencyKey = (orderId: number) => `reversal-${orderId}`;
export const transferGroupOf = (checkoutId: number) => `checkout_${checkoutId}`;

/** round(3 % × total), half-up, in whole cents. */
export function commissionCents(totalCents: number): number {
  return Math.floor((totalCents * COMMISSION_BASIS_POINTS + 5_000) / 10_000);
}

/** What the brand receives for an order: total − round(3 % × total). */
export const payoutCents = (totalCents: number) => totalCents - commissionCents(totalCents);

/** Wait before attempt n + 1 after n failed ones: 1 min, 2, 4, … at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(6 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** The payout rows of newly paid orders; part of the transaction that marks them Paid. */
export async function insertPayouts(
  tx: Db,
  checkoutId: number,
  paid: readonly { orderId: number; businessId: number; totalCents: number }[],
): Promise<void> {
  await insertPayoutRows(
    tx,
    paid.map((o) => ({
      orderId: o.orderId,
      businessId: o.businessId,
      amountCents: payoutCents(o.totalCents),
      commissionCents: commissionCents(o.totalCents),
      transferGroup: transferGroupOf(checkoutId),
    })),
  );
}

export interface PayoutDeps {
  db: Db;
  payments: PaymentProvider;
  log: { warn(obj: object, msg?: string): void };
}

export interface PayoutRun {
  paid: number;
  retrying: number;
  failed: number;
  waiting: number;
}

/**
 * Claims a batch of due payouts in one short transaction: each row to send gets its next
 * attempt moved CLAIM_MS ahead, so no other instance takes it while its transfer is on the
 * way (and a crash leaves it due again after that, to be sent with the same key). Rows of a
 * brand whose payouts are not set up (no connected account, or its status is not active:
 * pending or restricted) are put off for an hour; that is not an attempt. `account.updated`
 * making the brand active makes them due at once (businesses.service.ts).
 */
async function claimDuePayouts(
  deps: PayoutDeps,
  run: PayoutRun,
  orderIds: readonly number[] | undefined,
): Promise<{ rows: DuePayout[]; locked: number }> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockDuePayouts(tx, BATCH, orderIds);
    const now = Date.now();
    const rows: DuePayout[] = [];
    for (const row of locked) {
      if (!payoutsReady(row)) {
        run.waiting += 1;
        await postponePayout(
          tx,
          row.id,
          new Date(now + NO_ACCOUNT_RETRY_MS),
          'The brand has not finished setting up payouts yet.',
        );
        continue;
      }
      await postponePayout(tx, row.id, new Date(now + CLAIM_MS));
      rows.push(row);
    }
    return { rows, locked: locked.length };
  });
}

/** One claimed payout: the transfer (outside any transaction), then its result recorded. */
async function sendPayout(deps: PayoutDeps, run: PayoutRun, row: DuePayout): Promise<void> {
  const attempts = row.attempts + 1;
  let transfer: { id: string };
  try {
    transfer = await deps.payments.createTransfer(
      {
        amountCents: row.amountCents,
        destination: row.accountId!,
        transferGroup: row.transferGroup,
        orderId: row.orderId,
      },
      payoutIdempotencyKey(row.orderId),
    );
  } catch (error) {
    const gaveUp = attempts >= MAX_PAYOUT_ATTEMPTS;
    deps.log.warn({ err: error, orderId: row.orderId, attempts }, 'transfer failed');
    await recordPayoutFailure(deps.db, row.id, {
      attempts,
      error: error instanceof Error ? error.message : String(error),
      nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
      gaveUp,
    });
    if (gaveUp) run.failed += 1;
    else run.retrying += 1;
    return;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await recordPayoutPaid(tx, row.id, transfer.id, attempts))) return false;
    await setOrderTransfer(tx, row.orderId, transfer.id);
    return true;
  });
  if (recorded) {
    run.paid += 1;
    return;
  }
  // The order was refunded while the transfer was on its way (the refund canceled the payout):
  // the transfer id is kept and the money taken back from the brand, so it never keeps it.
  if (await recordTransferOfCanceled(deps.db, row.id, transfer.id, attempts)) {
    await setOrderTransfer(deps.db, row.orderId, transfer.id);
    try {
      await reversePayoutTransfer(deps, {
        id: row.id,
        orderId: row.orderId,
        transferId: transfer.id,
        amountCents: row.amountCents,
      });
    } catch (error) {
      // Tried again by the periodic job (reverseStrandedTransfers), with the same key.
      deps.log.warn({ err: error, orderId: row.orderId }, 'transfer reversal failed');
    }
  }
}

/**
 * Takes a brand's transfer back after its order was refunded (key `reversal-<orderId>`: asked
 * twice, reversed once) and records the payout `reversed`. Outside any transaction; throws the
 * provider's error.
 */
export async function reversePayoutTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  payout: { id: number; orderId: number; transferId: string; amountCents: number },
): Promise<string> {
  const reversal = await deps.payments.reverseTransfer(
    { transferId: payout.transferId, amountCents: payout.amountCents, orderId: payout.orderId },
    reversalIdempotencyKey(payout.orderId),
  );
  await recordPayoutReversed(deps.db, payout.id, reversal.id);
  return reversal.id;
}

/** Canceled payouts whose transfer went out anyway (a race, or a crash): taken back now. */
export async function reverseStrandedTransfers(deps: PayoutDeps): Promise<number> {
  let reversed = 0;
  for (const payout of await listTransfersToReverse(deps.db)) {
    try {
      await reversePayoutTransfer(deps, { ...payout, transferId: payout.transferId! });
      reversed += 1;
    } catch (error) {
      deps.log.warn({ err: error, orderId: payout.orderId }, 'transfer reversal failed');
    }
  }
  return reversed;
}

/**
 * Sends every pending payout that is due (only those of `orderIds` when given): claim a batch,
 * make its transfers, record each answer; again until a batch comes back short.
 */
export async function processDuePayouts(
  deps: PayoutDeps,
  options: { orderIds?: readonly number[] } = {},
): Promise<PayoutRun> {
  const run: PayoutRun = { paid: 0, retrying: 0, failed: 0, waiting: 0 };
  if (options.orderIds && !options.orderIds.length) return run;
  for (let batch = 0; batch < 100; batch++) {
    const claimed = await claimDuePayouts(deps, run, options.orderIds);
    for (const row of claimed.rows) await sendPayout(deps, run, row);
    if (claimed.locked < BATCH) break;
  }
  return run;
}
