import { inTransaction } from '../../db/transaction-scope';
import type { PaymentProvider } from './payment-provider';

/**
 * A provider call made inside a database transaction: a defect of the caller, never of the
 * provider. The money path claims in one short transaction, calls the provider outside it and
 * records the answer in another (decision 0011).
 */
export class ProviderCallInTransactionError extends Error {
  constructor(readonly call: string) {
    super(`payment provider call "${call}" made inside a database transaction`);
    this.name = 'ProviderCallInTransactionError';
  }
}

/** Methods that never leave the process (checking a signature is pure computation). */
const LOCAL_ONLY = new Set<PropertyKey>(['verifyWebhook']);

/**
 * The provider with every call that reaches it refused while the caller is inside one of the
 * app's transactions (the ones `trackTransactions` follows). Extra methods of an
 * implementation (the local provider's page calls) are guarded and kept as they are.
 */
export function outsideTransactions<P extends PaymentProvider>(provider: P): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || LOCAL_ONLY.has(property)) return value;
      return (...args: unknown[]) => {
        if (inTransaction()) throw new ProviderCallInTransactionError(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
