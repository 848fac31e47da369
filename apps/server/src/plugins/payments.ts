import fp from 'fastify-plugin';
import { createPaymentProvider } from '../adapters/payments/create-payment-provider';
import { outsideTransactions } from '../adapters/payments/outside-transactions';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import { WEBHOOK_PATH } from '../modules/payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider: Stripe with a key, else the local one (DESIGN 2.7). */
    payments: PaymentProvider;
  }
}

export interface PaymentsOptions {
  /** A provider the caller made (tests, benches); else by config. */
  provider?: PaymentProvider;
}

/** The provider, refused inside a database transaction (decision 0011). */
export const paymentsPlugin = fp<PaymentsOptions>(
  async (app, options) => {
    const provider =
      options.provider ??
      createPaymentProvider(app.config, {
        db: app.db,
        log: app.log,
        // The local provider reports through the same webhook route as Stripe.
        deliver: async (payload, signature) => {
          const response = await app.inject({
            method: 'POST',
            url: WEBHOOK_PATH,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload,
          });
          return response.statusCode;
        },
      });
    app.decorate('payments', outsideTransactions(provider));
  },
  { name: 'payments', dependencies: ['core'] },
);
