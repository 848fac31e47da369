import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * Knows whether the code running now is inside one of the app's database transactions, so that
 * calls to the outside world can refuse to run there (decision 0011): a transaction that waits
 * on a payment provider holds its connection and its row locks for as long as the provider
 * takes, and on PGlite (one connection) it would block every other request.
 */

interface Scope {
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();
const tracked = new WeakSet<Db>();

/** Makes every `db.transaction(…)` of this handle known to `inTransaction()`. */
export function trackTransactions(db: Db): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction((tx) => {
      const state: Scope = { open: true };
      // Work started inside (a background task) may outlive the transaction: it is then out.
      return scope.run(state, () => work(tx).finally(() => (state.open = false)));
    }, config)) as Db['transaction'];
}

/** True while the caller runs inside a transaction of a tracked handle. */
export const inTransaction = (): boolean => scope.getStore()?.open === true;
