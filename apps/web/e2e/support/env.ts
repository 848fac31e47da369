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
