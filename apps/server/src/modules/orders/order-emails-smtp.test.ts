import type { CheckoutResponse } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addPromo,
  addToCart,
  applyPromo,
  checkout,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { mimeParts, type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';

/** The e-mails after a payment, through a real SMTP conversation (DESIGN §3). */

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const from = 'Leafline <orders@leafline.test>';
  t = await buildTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: from,
      PUBLIC_URL: 'https://leafline.example',
      PAYMENTS_JOB_SECONDS: '0',
    },
    { mailer: createSmtpMailer(smtp.url, from) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const subjectOf = (raw: string) => {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const unfolded = match.replace(/\r?\n[ \t]/g, ' ');
  // =?UTF-8?Q?…?= encoded words, when the subject has non-ASCII characters.
  return unfolded.replace(/=\?utf-8\?q\?([^?]*)\?=/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      'latin1',
    ).toString('utf8'),
  );
};

describe('order e-mails over SMTP', () => {
  it('the buyer gets every brand order with totals, discount and address; each brand its own order', async () => {
    await addPromo(t.db, 'LEAFLINE10', { percentOff: 10 });
    const { account, headers } = await shopper(t.app, { email: 'maya.smtp@example.com' });
    const a = await addBusiness(t.db, {
      name: 'Moss & Stone',
      email: 'shop@moss.example',
      orderEmail: 'shop@moss.example',
    });
    const b = await addBusiness(t.db, {
      name: 'Willow Lane',
      email: 'orders@willow.example',
      orderEmail: 'orders@willow.example',
    });
    await setFees(t.db, a.id, { worldwide: 500 });
    await setFees(t.db, b.id, { worldwide: 300 });
    const scarf = await addProduct(t.db, a.id, {
      name: 'Alpaca Scarf',
      priceCents: 3200,
      variants: [{ option1: 'Rust' }],
    });
    const tin = await addProduct(t.db, b.id, { name: 'Tea Tin', priceCents: 1000 });
    await addToCart(t.app, headers, scarf.id, { variantId: scarf.variants[0]!.id });
    await addToCart(t.app, headers, tin.id, { quantity: 2 });
    const started: CheckoutResponse = (await checkout(t.app, headers)).json();
    await applyPromo(t.app, started.checkout_url, 'LEAFLINE10');
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    // The e-mails are sent by a background task: once the app has no task in flight, every
    // send has finished, and a send ends only after the peer stored the message. So the inbox
    // is complete here, and its length below proves that nothing more was sent.
    await t.app.deps.tasks.idle();
    const [idA, idB] = started.order_ids;

    const buyer = smtp.inbox.find((m) => m.to.includes(account.email))!;
    expect(buyer).toBeDefined();
    expect(subjectOf(buyer.raw)).toBe(`Your Leafline orders #${idA}, #${idB} are confirmed`);
    expect(buyer.raw).toMatch(/multipart\/alternative/i);
    const parts = mimeParts(buyer.raw);
    expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain']);
    const text = parts['text/plain']!;
    // Items $32 + $20 = $52, shipping $5 + $3 (under $75); 10 % of the items = $5.20,
    // split 32 : 20 → $3.20 and $2.00.
    for (const line of [
      'Hi Fern,',
      `Order #${idA} from Moss & Stone`,
      '1 × Alpaca Scarf (Option: Rust) — $32.00',
      'Shipping: $5.00',
      'Discount: −$3.20',
      'Order total: $33.80',
      `Order #${idB} from Willow Lane`,
      '2 × Tea Tin — $20.00',
      'Order total: $21.00',
      'Original total: $60.00',
      'Discount (LEAFLINE10): −$5.20',
      'Total paid: $54.80 with Visa',
      '12 Alder Street',
      'Portland, OR 97201',
      `See your order: https://leafline.example/order-confirmation?order_ids=${idA},${idB}`,
    ]) {
      expect(text).toContain(line);
    }
    const html = parts['text/html']!;
    expect(html).toContain('Moss &amp; Stone');
    expect(html).toContain(
      `<a href="https://leafline.example/order-confirmation?order_ids=${idA},${idB}"`,
    );
    expect(html).toContain('−$5.20');

    const brandA = smtp.inbox.find((m) => m.to.includes('shop@moss.example'))!;
    expect(subjectOf(brandA.raw)).toBe(`New order #${idA} on Leafline`);
    const brandText = mimeParts(brandA.raw)['text/plain']!;
    expect(brandText).toContain('Alpaca Scarf (Option: Rust)');
    expect(brandText).toContain('Order total: $33.80');
    // 3 % of $33.80 = $1.014 → $1.01.
    expect(brandText).toContain('Your payout: $32.79');
    expect(brandText).toContain('Phone: 503-555-0100');
    expect(brandText).not.toContain('Tea Tin');

    const brandB = smtp.inbox.find((m) => m.to.includes('orders@willow.example'))!;
    expect(subjectOf(brandB.raw)).toBe(`New order #${idB} on Leafline`);
    expect(mimeParts(brandB.raw)['text/plain']).toContain('2 × Tea Tin — $20.00');
    expect(smtp.inbox).toHaveLength(3);
  });
});
