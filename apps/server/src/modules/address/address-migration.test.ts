import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

/**
 * Migration 0038 (issue "Account basics", point 2): each user's one shipping address becomes
 * their default saved address, nothing lost. Run on PostgreSQL: the migrations up to 0037 on an
 * empty database, the old rows written, then the rest.
 */

const adminUrl = inject('pgAdminUrl');
const name = `leafline_addr_mig_${randomBytes(4).toString('hex')}`;
let pool: pg.Pool | undefined;
let before: string;

/** The migrations folder with its journal cut before the entry tagged `firstLeftOut`. */
function migrationsUpTo(firstLeftOut: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leafline-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(firstLeftOut));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  before = migrationsUpTo('0038_');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  if (before) rmSync(before, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe.skipIf(!adminUrl)('migration 0038: the shipping address becomes the default', () => {
  it('moves every user’s address, as their default, and drops the old table', async () => {
    const db = drizzle(pool!);
    await migrate(db, { migrationsFolder: before });
    const q = (text: string, values: unknown[] = []) => pool!.query(text, values);
    const users = await q(
      `insert into users (username, email, password_hash) values
        ('ada', 'ada@example.com', 'x'), ('bob', 'bob@example.com', 'x'), ('cy', 'cy@example.com', 'x')
       returning id`,
    );
    const [ada, bob, cy] = users.rows.map((r: { id: number }) => r.id);
    await q(
      `insert into shipping_addresses (user_id, first_name, last_name, address_line1,
         address_line2, city, state, postal_code, country, phone_number, updated_at)
       values ($1, 'Ada', 'Moss', '1 Alder St', 'Apt 3', 'Portland', 'OR', '97201', 'US',
         '503-555-0100', '2025-05-01T10:00:00Z'),
              ($2, 'Bob', 'Fern', '2 Birch Ln', '', 'Salem', 'OR', '97301', 'US',
         '503-555-0101', '2025-06-01T10:00:00Z')`,
      [ada, bob],
    );

    await migrate(db, { migrationsFolder });

    const moved = await q(
      `select user_id, is_default, first_name, last_name, address_line1, address_line2, city,
         state, postal_code, country, phone_number, created_at
       from addresses order by user_id`,
    );
    expect(moved.rows).toEqual([
      {
        user_id: ada,
        is_default: true,
        first_name: 'Ada',
        last_name: 'Moss',
        address_line1: '1 Alder St',
        address_line2: 'Apt 3',
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
        country: 'US',
        phone_number: '503-555-0100',
        created_at: new Date('2025-05-01T10:00:00Z'),
      },
      expect.objectContaining({ user_id: bob, is_default: true, address_line1: '2 Birch Ln' }),
    ]);
    expect(moved.rows.some((r: { user_id: number }) => r.user_id === cy)).toBe(false);
    const old = await q(`select to_regclass('public.shipping_addresses') as t`);
    expect(old.rows[0].t).toBeNull();
  }, 60_000);
});
