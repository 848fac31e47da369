import type { Db } from '../db/client';

export interface DemoAccount {
  role: string;
  username: string;
  password: string;
}

/** Demo accounts of the seeded catalogue; printed at every start while they exist. */
export const DEMO_ACCOUNTS: DemoAccount[] = [];

/** Seeds the demo catalogue on the first start of an empty database; never over data. */
export async function seedDemoIfEmpty(
  _db: Db,
  _options: { mediaDir: string; log: (msg: string) => void },
): Promise<boolean> {
  return false;
}
