import { type CheckoutResponse, REVIEW_LIMITS } from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addToCart,
  checkout,
  payableSeller,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { makeJobsDue } from '../../../test/helpers/jobs';
import { type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { MAIL_QUEUE } from '../mail';
import { ORDER_EMAILS_QUEUE } from './order-email-jobs';

/**
 * Issue 27: "How was it?" — the buyer is asked to review, once, a week after the order is first
 * Delivered, through the durable runner: not before the week (time moved forward here), not
 * twice (Delivered again changes nothing), not for what they reviewed already, and not lost
 * while the mail server is away.
 */

let port: number;
let smtp: SmtpPeer | undefined;
let t: TestApp;
const from = 'Leafline <orders@leafline.test>';

beforeAll(async () => {
  // A port where the mail server lives, down for now.
  const probe = await startSmtpPeer();
  port = Number(new URL(probe.url).port);
  await probe.close();
  const url = `smtp://127.0.0.1:${port}`;
  t = await buildTestApp(
    {
      SMTP_URL: url,
      MAIL_FROM: from,
      PUBLIC_URL: 'https://leafline.example',
      PAYMENTS_JOB_SECONDS: '0',
      // Jobs run when the test drains them.
      JOBS_WORKERS: 'false',
    },
    { mailer: createSmtpMailer(url, from) },
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The review requests waiting, with how many seconds until each is due. */
async function reviewRequests() {
  const result = (await t.db.execute(
    sql`select data, extract(epoch from start_after - now())::float8 as wait
        from pgboss.job where name = ${ORDER_EMAILS_QUEUE.name}
          and data->>'kind' = 'review_request' order by created_on`,
  )) as unknown as { rows: Array<{ data: { orderId: number }; wait: number }> };
  return result.rows;
}

/** The review request's mail jobs in a state (the order's other e-mails left aside). */
const reviewMails = async (state: 'created' | 'retry') =>
  (await t.app.deps.jobs.list(MAIL_QUEUE, state))
    .map((j) => (j.data as { message: { to: string; subject: string } }).message)
    .filter((m) => m.subject.startsWith('How was'));

const retriesDueNow = () =>
  t.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second'
        where name = ${MAIL_QUEUE.name} and state = 'retry'`,
  );

describe('the "How was it?" e-mail', () => {
  it('goes once, a week after the order is Delivered, and survives the mail server being away', async () => {
    const brand = await payableSeller(t.app, t.db, { name: 'Thimble & Thread' });
    await setFees(t.db, brand.business.id, { worldwide: 400 });
    const apron = await addProduct(t.db, brand.business.id, { name: 'Waxed Apron' });
    const mitts = await addProduct(t.db, brand.business.id, { name: 'Oven Mitts' });
    const buyer = await shopper(t.app, { email: 'iris.reviews@example.com' });
    await addToCart(t.app, buyer.headers, apron.id);
    await addToCart(t.app, buyer.headers, mitts.id);
    const started: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    const orderId = started.order_ids[0]!;
    const setStatus = async (status: string) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/business/orders/edit/${orderId}/`,
        headers: brand.headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The other e-mails of the order are not this test's.
    await t.app.deps.jobs.drain([ORDER_EMAILS_QUEUE]);
    await t.db.execute(sql`delete from pgboss.job where name = ${MAIL_QUEUE.name}`);

    await setStatus('Shipped');
    expect(await reviewRequests()).toEqual([]);
    await setStatus('Delivered');
    const [request] = await reviewRequests();
    expect(request?.data).toEqual({ kind: 'review_request', orderId });
    const week = REVIEW_LIMITS.requestAfterDays * 86_400;
    expect(request!.wait).toBeGreaterThan(week - 60);
    expect(request!.wait).toBeLessThanOrEqual(week);
    // Delivered again (after a step back): still one.
    await setStatus('Shipped');
    await setStatus('Delivered');
    expect(await reviewRequests()).toHaveLength(1);

    // Before the week has passed nothing is sent (the shipped e-mail's job is another's).
    await t.app.deps.jobs.drain([ORDER_EMAILS_QUEUE, MAIL_QUEUE]);
    expect(await reviewMails('created')).toEqual([]);
    expect(await reviewMails('retry')).toEqual([]);
    await t.db.execute(sql`delete from pgboss.job where name = ${MAIL_QUEUE.name}`);

    // Meanwhile the buyer reviewed the mitts: the e-mail asks about the apron only.
    await t.db.execute(sql`insert into reviews (product_id, user_id, rating, body)
      values (${mitts.id}, ${buyer.account.id}, 5, 'Thick and warm, no burns since.')`);

    // A week on: the e-mail is due, the mail server is away: it waits for its retry.
    await makeJobsDue(t.db, ORDER_EMAILS_QUEUE.name);
    await t.app.deps.jobs.drain([ORDER_EMAILS_QUEUE, MAIL_QUEUE]);
    expect((await reviewMails('retry')).map((m) => m.to)).toEqual(['iris.reviews@example.com']);

    // Back: it arrives once, with a link to the apron's reviews and none to the mitts.
    smtp = await startSmtpPeer(port);
    await retriesDueNow();
    await t.app.deps.jobs.drain([MAIL_QUEUE]);
    expect(smtp.inbox).toHaveLength(1);
    const raw = smtp.inbox[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('How was your order from Thimble & Thread');
    expect(raw).toContain(`https://leafline.example/shop/products/${apron.id}#reviews`);
    expect(raw).not.toContain(`/shop/products/${mitts.id}#reviews`);
    await makeJobsDue(t.db);
    await t.app.deps.jobs.drain([ORDER_EMAILS_QUEUE, MAIL_QUEUE]);
    expect(smtp.inbox).toHaveLength(1);
  });
});
