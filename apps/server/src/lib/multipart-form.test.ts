import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { signedInShopper } from '../../test/helpers/auth';
import { businesses } from '../db/schema/index';
import { MULTIPART_MESSAGES } from './multipart-form';

/** Forms the multipart parser itself cannot read (found by the API fuzzer, issue 14). */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = (await signedInShopper(t.app)).headers;
});
afterAll(async () => {
  await t.close();
});

const form = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nTidepool\r\n--${boundary}--\r\n`;

const register = (contentType: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registerbiz/',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });

describe('a multipart form the parser cannot read', () => {
  it.each([
    ['without a boundary', 'multipart/form-data', form('b0undary')],
    [
      'with a boundary over 256 characters',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      form('b'.repeat(300)),
    ],
    ['cut short', 'multipart/form-data; boundary=b0undary', form('b0undary').slice(0, 50)],
  ])('is a 400 the seller can read when sent %s, and registers nothing', async (_, type, body) => {
    const res = await register(type, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MULTIPART_MESSAGES.unreadable });
    const [row] = await t.db.select({ n: count() }).from(businesses);
    expect(row!.n).toBe(0);
  });

  it('still answers the limits with their own status and text', async () => {
    const fields = Array.from(
      { length: 450 },
      (_, i) => `--b0undary\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join('');
    const res = await register(
      'multipart/form-data; boundary=b0undary',
      `${fields}--b0undary--\r\n`,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Too many fields in one request.');
  });
});
