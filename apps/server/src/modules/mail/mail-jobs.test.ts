import type { CheckoutResponse } from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { addToCart, checkout, payLocal, setFees, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { ORDER_EMAILS_QUEUE } from '../orders';
import { MAIL_QUEUE } from './mail-jobs';

/**
 * Every e-mail is a durable job (issue 14, decision 0018): an order's e-mails commit with its
 * payment, survive the mail server being away, and arrive once when it is back.
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
    { SMTP_URL: url, MAIL_FROM: from, PAYMENTS_JOB_SECONDS: '0' },
    { mailer: createSmtpMailer(url, from) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The mail jobs waiting for their retry delay are due now (the delays are minutes long). */
const retriesDueNow = () =>
  t.db.execute(
    sql`update pgboss.job set start_after = now()
        where name in (${MAIL_QUEUE.name}, ${ORDER_EMAILS_QUEUE.name}) and state = 'retry'`,
  );

describe('e-mails as durable jobs', () => {
  it('an order paid while the mail server is down loses no e-mail; each arrives once when it is back', async () => {
    const { headers } = await shopper(t.app, { email: 'wren.outage@example.com' });
    const brand = await addBusiness(t.db, {
      name: 'Fern Hollow',
      email: 'shop@fern.example',
      orderEmail: 'shop@fern.example',
    });
    await setFees(t.db, brand.id, { worldwide: 400 });
    const soap = await addProduct(t.db, brand.id, { name: 'Nettle Soap', priceCents: 900 });
    await addToCart(t.app, headers, soap.id);
    const started: CheckoutResponse = (await checkout(t.app, headers)).json();
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);

    // The order's e-mails were committed with the payment, before anything tried to send them.
    const waiting = await t.app.deps.jobs.list(ORDER_EMAILS_QUEUE, 'created');
    expect(waiting.map((j) => j.data)).toEqual([{ kind: 'paid', orderIds: started.order_ids }]);

    // The mail server is away: both e-mails (the buyer's and the brand's) wait for a retry.
    await t.app.deps.tasks.idle();
    const retrying = await t.app.deps.jobs.list(MAIL_QUEUE, 'retry');
    expect(retrying.map((j) => (j.data as { message: { to: string } }).message.to).sort()).toEqual([
      'shop@fern.example',
      'wren.outage@example.com',
    ]);
    // A second failed round (the server still away) loses nothing either.
    await retriesDueNow();
    await t.app.deps.tasks.idle();
    expect(await t.app.deps.jobs.list(MAIL_QUEUE, 'retry')).toHaveLength(2);
    expect(await t.app.deps.jobs.list(MAIL_QUEUE, 'failed')).toEqual([]);

    // Back: each e-mail arrives, once.
    smtp = await startSmtpPeer(port);
    await retriesDueNow();
    await t.app.deps.tasks.idle();
    expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual([
      'shop@fern.example',
      'wren.outage@example.com',
    ]);
    expect(smtp.inbox.find((m) => m.to[0] === 'wren.outage@example.com')!.raw).toContain(
      `#${started.order_ids[0]}`,
    );
    await retriesDueNow();
    await t.app.deps.tasks.idle();
    expect(smtp.inbox).toHaveLength(2);
    expect(await t.app.deps.jobs.list(MAIL_QUEUE, 'retry')).toEqual([]);
  });
});
