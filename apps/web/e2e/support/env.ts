import path from 'node:path';

export const E2E_PORT = 3210;
/** The fresh data folder of the app under test: embedded database, media, mail outbox. */
export const E2E_DATA_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '.tmp',
  'e2e-data',
);
