import { INPUT_MESSAGES } from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';

/**
 * A NUL that reaches PostgreSQL past the route hook (text a handler decodes itself, as a
 * multipart field would be) is still a readable 400, not a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      beforeReady: (app) => {
        app.post('/test/decoded-text', async (request) => {
          const text = Buffer.from(String(request.body), 'base64').toString('utf8');
          await t.db.execute(sql`select ${text}::text`);
          return { ok: true };
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a NUL refused by PostgreSQL itself', () => {
  it('answers 400 with the readable text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/decoded-text',
      headers: { 'content-type': 'text/plain' },
      payload: Buffer.from('Fern\u0000Moss').toString('base64'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INPUT_MESSAGES.nulCharacter });
  });
});
