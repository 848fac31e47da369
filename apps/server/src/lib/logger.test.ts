import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { captureLog } from '../../test/helpers/log-capture';
import { users } from '../db/schema/index';

/** The log of a failed query names the query, never the values it carried (a password hash). */

const { lines, logger } = captureLog('info');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logger: logger });
  // A rule the real schema lacks, so that inserting this account fails inside PostgreSQL.
  await t.db.execute(
    sql`alter table users add constraint test_no_bramble check (first_name <> 'Bramble')`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the log of a failed insert', () => {
  it('keeps the query and the error code but no parameter value', async () => {
    const password = 'correct-horse-battery-staple-7';
    const res = await t.app.inject({
      method: 'POST',
      url: '/register/',
      payload: {
        fname: 'Bramble',
        lname: 'Secretsson',
        username: 'bramble_logged',
        email: 'bramble.logged@example.com',
        password1: password,
        password2: password,
      },
    });
    expect(res.statusCode).toBe(500);
    expect(await t.db.$count(users)).toBe(0);

    const log = lines.join('');
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'request failed');
    for (const value of ['bramble_logged', 'bramble.logged@example.com', 'Secretsson', 'scrypt$']) {
      expect(log).not.toContain(value);
    }
    expect(log).not.toMatch(/params:/);
    expect(log).not.toMatch(/Failing row/);
    // What the log keeps is enough to find the cause: the query and PostgreSQL's error code.
    expect(entry.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(JSON.stringify(entry.err)).toContain('"code":"23514"');
  });
});
