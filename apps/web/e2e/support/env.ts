import path from 'node:path';

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
