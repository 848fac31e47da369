import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser: Debian's headless shell of Chromium (package chromium-headless-shell, the same
 * build as the chromium package, without the desktop browser's compositor and UI), which runs
 * the journeys in four fifths of the time; Debian's Chromium where it is not installed
 * (decision 0040). E2E_CHROMIUM picks another.
 */
export const E2E_CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

/** The app under test listens here; E2E_PORT lets two runs share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The fresh data folder of the app under test: embedded database, media, mail outbox. */
export const E2E_DATA_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '.tmp',
  `e2e-data-${E2E_PORT}`,
);

/** The SMTP peer the app under test sends its e-mails to (support/smtp-peer.mjs). */
export const E2E_SMTP_PORT = E2E_PORT + 10_000;
/** Where the SMTP peer keeps the messages it received, one .eml file each. */
export const E2E_SMTP_INBOX = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '.tmp',
  `e2e-smtp-${E2E_PORT}`,
);

/**
 * The stand-in Shopify store the app talks to (apps/server/scripts/fake-shopify.ts, issue 13):
 * its origin is the app's SHOPIFY_ADMIN_ORIGIN; it answers `GET /_fake/orders?store=` and
 * `GET /_fake/calls` with what it received. 23210 for the default port.
 */
export const E2E_SHOPIFY_PORT = E2E_PORT + 20_000;
if (E2E_SHOPIFY_PORT > 65_535) {
  throw new Error(`E2E_PORT ${E2E_PORT} leaves no port for the stand-in Shopify store (+20000).`);
}
export const E2E_SHOPIFY_ORIGIN = `http://127.0.0.1:${E2E_SHOPIFY_PORT}`;
/** The secret the app checks Shopify's webhook signatures with (SHOPIFY_API_SECRET). */
export const E2E_SHOPIFY_API_SECRET = 'e2e-shopify-webhook-secret';
