import { type Config, readOrCreateSecret } from '../../config';
import type { Db } from '../../db/client';
import { createLocalProvider, type DeliverEvent } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

interface Log {
  warn(obj: object, msg?: string): void;
}

/** Stripe when STRIPE_SECRET_KEY is set, else the local provider (DESIGN 2.7). */
export function createPaymentProvider(
  config: Config,
  deps: { db: Db; deliver: DeliverEvent; log: Log },
): PaymentProvider {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      ...(config.stripeConnectWebhookSecret
        ? { connectWebhookSecret: config.stripeConnectWebhookSecret }
        : {}),
      api: config.stripeApi,
    });
  }
  return createLocalProvider({
    db: deps.db,
    // STRIPE_WEBHOOK_SECRET alone (no key) signs the local events too.
    webhookSecret:
      config.stripeWebhookSecret ??
      readOrCreateSecret(config.dataDir, 'local-webhook-secret', 'whsec_'),
    deliver: deps.deliver,
    onDeliveryError: (error, sessionId) =>
      deps.log.warn({ err: error, sessionId }, 'local payment event not delivered; retried later'),
  });
}
