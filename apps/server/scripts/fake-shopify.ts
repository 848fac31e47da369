import { parseArgs } from 'node:util';
import { demoCatalog, largeCatalog } from '../test/helpers/fake-shopify-catalog';
import {
  REALISTIC_PROFILES,
  serveDeliveryProfiles,
  serveWebhookSubscriptions,
} from '../test/helpers/fake-shopify-delivery';
import { fakeShopifyOrders } from '../test/helpers/fake-shopify-orders';
import { DEMO_STORE, startFakeShopify } from '../test/helpers/fake-shopify-server';

/**
 * The stand-in Shopify store on its own (issue 13), for `npm start` demos and the browser tests:
 *
 *   npx tsx apps/server/scripts/fake-shopify.ts --port 4010 [--large] [--simulate-costs]
 *
 * It serves the demo store (240 active products, `--large`: 5,000) at
 * `<origin>/<store>/admin/api/<version>/graphql.json`, its pictures at `<origin>/cdn/…`, and
 * what it received at `GET <origin>/_fake/calls` and `GET <origin>/_fake/orders?store=`;
 * `POST <origin>/_fake/uninstall?store=[&token=]` revokes a token as uninstalling the app does
 * (the app's uninstall webhook is then confirmed by Shopify refusing it).
 * Start the app with SHOPIFY_ADMIN_ORIGIN=<origin> and connect the printed store and token.
 * One JSON line on stdout says where it listens (for scripts that start it).
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    large: { type: 'boolean', default: false },
    'simulate-costs': { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake-shopify: --port must be a port number, not ${values.port}`);
  process.exit(2);
}

const shopify = await startFakeShopify([DEMO_STORE], { port, host: values.host });
shopify.setCatalog(DEMO_STORE.domain, values.large ? largeCatalog() : demoCatalog());
shopify.simulateCosts = values['simulate-costs'];
// Everything the app asks of a store: orders (created and found by tag), delivery profiles for
// the shipping-fee sync, and webhook subscriptions made at connect.
fakeShopifyOrders(shopify);
serveDeliveryProfiles(shopify, REALISTIC_PROFILES);
serveWebhookSubscriptions(shopify);

console.log(
  JSON.stringify({
    origin: shopify.url,
    store: DEMO_STORE.domain,
    accessToken: DEMO_STORE.accessToken,
    products: shopify.catalogs.get(DEMO_STORE.domain)!.filter((p) => p.status === 'ACTIVE').length,
  }),
);

const stop = async () => {
  await shopify.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
