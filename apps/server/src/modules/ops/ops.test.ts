import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, failingMailer, type TestApp } from '../../../test/helpers/app';
import { OPS_MESSAGES } from '../../lib/ops-token';
import { queueMail } from '../mail';
import { OPS_JOB_MESSAGES, summarizeJobData } from './ops.service';

/**
 * The operator calls on the durable jobs (decision 0020): hidden without OPS_TOKEN, refused
 * without the right bearer token, and with it the counts per queue, the parked jobs and their
 * replay. A mail server that is down is the parked job here.
 */

const OPS_TOKEN = 'ops-token-for-the-ops-test-0123';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
let t: TestApp;
const tried: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ OPS_TOKEN }, { mailer: failingMailer(tried) });
});
afterAll(async () => {
  await t.close();
});

const ID = '0b5b2a4e-8a0f-4c37-9d7a-0f3f3c0f8a11';

describe('the operator calls without OPS_TOKEN', () => {
  it('do not exist (404), whatever the token', async () => {
    const plain = await buildTestApp();
    try {
      for (const [method, url] of [
        ['GET', '/ops/jobs/'],
        ['GET', '/ops/jobs/failed/'],
        ['POST', `/ops/jobs/mail.send/${ID}/retry/`],
        ['POST', '/ops/jobs/mail.send/not-an-id/retry/'],
      ] as const) {
        const res = await plain.app.inject({ method, url, headers: ops });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: OPS_MESSAGES.notFound });
      }
    } finally {
      await plain.close();
    }
  });
});

describe('the operator calls with OPS_TOKEN', () => {
  it('answer 401 without the token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-token-at-all' },
      { authorization: OPS_TOKEN },
    ]) {
      const res = await t.app.inject({ url: '/ops/jobs/', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toEqual({ error: OPS_MESSAGES.unauthorized });
    }
    const post = await t.app.inject({ method: 'POST', url: `/ops/jobs/mail.send/${ID}/retry/` });
    expect(post.statusCode).toBe(401);
  });

  it('count the jobs of every known queue, list the parked ones, and replay one', async () => {
    const before = await t.app.inject({ url: '/ops/jobs/', headers: ops });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const queues = before.json().queues as Array<Record<string, unknown>>;
    expect(queues.map((q) => q.queue)).toEqual(
      expect.arrayContaining(['mail.send', 'payout.transfer', 'payout.reverse', 'refund.settle']),
    );
    expect(queues.find((q) => q.queue === 'payout.transfer')).toEqual({
      queue: 'payout.transfer',
      waiting: 0,
      created: 0,
      retry: 0,
      active: 0,
      failed: 0,
    });

    // A mail the server never takes: retried, then parked (its last retry played at once).
    await queueMail(t.app.deps.jobs, t.db, {
      to: 'fern@example.com',
      subject: 'Your order',
      text: 'Reset your password: https://leafline.example/reset/?token=secret-reset-token-42',
      html: '<a href="https://leafline.example/reset/?token=secret-reset-token-42">Reset</a>',
    });
    const mailCounts = async () =>
      (
        (await t.app.inject({ url: '/ops/jobs/', headers: ops })).json().queues as Array<{
          queue: string;
          created: number;
          retry: number;
          failed: number;
        }>
      ).find((q) => q.queue === 'mail.send')!;
    expect((await mailCounts()).created).toBe(1);
    await t.app.deps.jobs.drain();
    expect((await mailCounts()).retry).toBe(1);
    // Its retries used up (played here): the next failure parks it.
    await t.db.execute(
      sql`update pgboss.job set retry_count = retry_limit, start_after = now() - interval '1 second'
          where name = 'mail.send' and state = 'retry'`,
    );
    await t.app.deps.jobs.drain();
    expect(await mailCounts()).toMatchObject({ created: 0, retry: 0, failed: 1 });

    const failed = await t.app.inject({ url: '/ops/jobs/failed/', headers: ops });
    expect(failed.statusCode).toBe(200);
    const [job] = failed.json().jobs as Array<Record<string, unknown>>;
    expect(job).toMatchObject({
      queue: 'mail.send',
      error: 'connect ECONNREFUSED',
      created_at: expect.any(String),
      failed_at: expect.any(String),
    });
    // Only a summary of its data: the recipient masked and the subject, never the message.
    expect(job!.data).toEqual({ message: { to: 'f***@example.com', subject: 'Your order' } });
    expect(failed.body).not.toContain('secret-reset-token-42');
    expect(failed.body).not.toContain('fern@');
    expect(job!.attempts).toBeGreaterThan(1);
    expect(tried).toContain('fern@example.com');

    // Replayed: waiting for its run again; a replay of a job not parked is a readable 404.
    const replay = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/mail.send/${job!.id}/retry/`,
      headers: ops,
    });
    expect(replay.statusCode).toBe(200);
    expect(await mailCounts()).toMatchObject({ retry: 1, failed: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/mail.send/${job!.id}/retry/`,
      headers: ops,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: OPS_JOB_MESSAGES.notParked('mail.send', String(job!.id)),
    });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/no.such.queue/${ID}/retry/`,
      headers: ops,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuse a malformed job id or queue name with a readable 400', async () => {
    const badId = await t.app.inject({
      method: 'POST',
      url: '/ops/jobs/mail.send/42/retry/',
      headers: ops,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe(OPS_JOB_MESSAGES.idInvalid);
    const badQueue = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/${encodeURIComponent("mail'; drop")}/${ID}/retry/`,
      headers: ops,
    });
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.json().error).toBe(OPS_JOB_MESSAGES.queueInvalid);
  });

  it('are not in the API documentation', async () => {
    const doc = await t.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths).filter((p) => p.startsWith('/ops'))).toEqual([]);
  });
});

describe('the summary of a parked job’s data', () => {
  it('keeps numbers and ids, masks a mail’s recipient, and redacts any other text', () => {
    expect(summarizeJobData('payout.transfer', { orderId: 12 })).toEqual({ orderId: 12 });
    expect(
      summarizeJobData('shopify.product-refresh', {
        businessId: 3,
        shopifyProductId: 'gid://shopify/Product/9',
        accessToken: 'shpat_secret',
        note: 'anything a person wrote',
        nested: { resetUrl: 'https://x.example/reset?token=t', kind: 'reset' },
      }),
    ).toEqual({
      businessId: 3,
      shopifyProductId: 'gid://shopify/Product/9',
      accessToken: '[redacted]',
      note: '[redacted]',
      nested: { resetUrl: '[redacted]', kind: 'reset' },
    });
    expect(summarizeJobData('mail.send', { message: { to: 'x', subject: 'Hi' } })).toEqual({
      message: { to: '***', subject: 'Hi' },
    });
  });
});
