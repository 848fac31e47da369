import {
  BUSINESS_MESSAGES,
  CHECKOUT_MESSAGES,
  type CheckoutResponse,
  ORDER_MESSAGE_LIMITS,
  ORDER_MESSAGE_MESSAGES,
  type OrderMessageSentResponse,
  type OrderMessageSummary,
  type OrderMessagesResponse,
} from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import type { SignedInShopper } from '../../../test/helpers/auth';
import {
  addToCart,
  checkout,
  type Headers,
  payableSeller,
  payLocal,
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { orderMessages } from '../../db/schema/index';

/**
 * Decision 0051: a thread per paid order between its buyer and its brand. The buyer writes, the
 * brand reads and answers, each message e-mailed to the other side as text; nobody else reaches
 * a thread (404, nothing written), an unpaid order has none, a body is 1–2000 characters, and an
 * author's messages about an order are limited in the database.
 */

let t: TestApp;
let brand: SignedInShopper & { business: { id: number; name: string } };
let otherBrand: SignedInShopper;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0', PUBLIC_URL: 'https://shop.example' });
  brand = await payableSeller(t.app, t.db, { name: 'Fern Goods' });
  otherBrand = await payableSeller(t.app, t.db, { name: 'Other Goods' });
  productId = (await addProduct(t.db, brand.business.id, { name: 'Clay Cup', priceCents: 1800 }))
    .id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A new shopper's order of the cup; paid unless told otherwise. */
async function order(options: { pay?: boolean } = {}) {
  const { account, headers } = await shopper(t.app);
  await addToCart(t.app, headers, productId);
  const body: CheckoutResponse = (await checkout(t.app, headers)).json();
  if (options.pay !== false) {
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
  }
  return { account, headers, orderId: body.order_ids[0]! };
}

const buyerUrl = (orderId: number) => `/api/orders/${orderId}/messages/`;
const brandUrl = (orderId: number) => `/api/business/orders/${orderId}/messages/`;

const post = (url: string, headers: Headers, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

async function rowsOf(orderId: number) {
  return t.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
}

/** The e-mails sent so far with this subject. */
const mailsAbout = (subject: string) => t.mail.filter((m) => m.subject === subject);

describe('order messages', () => {
  it('the buyer writes, the brand reads and answers, each side is e-mailed the text, both see the thread', async () => {
    const b = await order();
    const written = await post(buyerUrl(b.orderId), b.headers, {
      body: '  Could you gift-wrap it?\nThanks!  ',
    });
    expect(written.statusCode, written.body).toBe(201);
    const sent: OrderMessageSentResponse = written.json();
    expect(sent.message).toBe(ORDER_MESSAGE_MESSAGES.sent);
    expect(sent.order_message).toMatchObject({
      side: 'buyer',
      author_name: 'Fern Moss',
      body: 'Could you gift-wrap it?\nThanks!',
    });

    const seen = await get(brandUrl(b.orderId), brand.headers);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as OrderMessagesResponse).messages.map((m) => m.body)).toEqual([
      'Could you gift-wrap it?\nThanks!',
    ]);

    const answer = await post(brandUrl(b.orderId), brand.headers, {
      body: 'Of course! <b>Gift</b> & "wrap" <script>alert(1)</script>',
    });
    expect(answer.statusCode, answer.body).toBe(201);

    const thread: OrderMessagesResponse = (await get(buyerUrl(b.orderId), b.headers)).json();
    expect(thread.order_id).toBe(b.orderId);
    expect(thread.messages.map((m) => [m.side, m.author_name, m.body])).toEqual([
      ['buyer', 'Fern Moss', 'Could you gift-wrap it?\nThanks!'],
      ['brand', brand.business.name, 'Of course! <b>Gift</b> & "wrap" <script>alert(1)</script>'],
    ]);

    const buyerSummary: OrderMessageSummary[] = (
      await get('/api/orders/messages/', b.headers)
    ).json();
    expect(buyerSummary).toEqual([
      expect.objectContaining({ order_id: b.orderId, count: 2, last_side: 'brand' }),
    ]);
    const brandSummary: OrderMessageSummary[] = (
      await get(`/api/business/order-messages/${brand.business.id}/`, brand.headers)
    ).json();
    expect(brandSummary).toContainEqual(
      expect.objectContaining({ order_id: b.orderId, count: 2, last_side: 'brand' }),
    );

    // The e-mails, through the mail jobs: the brand's to its owner, the buyer's to the order's.
    await t.app.deps.tasks.idle();
    const toBrand = mailsAbout(`New message about order #${b.orderId} on Leafline`);
    expect(toBrand.map((m) => m.to)).toEqual([brand.shopper.email]);
    expect(toBrand[0]!.text).toContain('> Could you gift-wrap it?\n> Thanks!');
    expect(toBrand[0]!.text).toContain(
      `https://shop.example/dashboard/orders?business=${brand.business.id}`,
    );
    expect(toBrand[0]!.html).toContain('Could you gift-wrap it?\nThanks!');

    const toBuyer = mailsAbout(`${brand.business.name} answered about your order #${b.orderId}`);
    expect(toBuyer.map((m) => m.to)).toEqual([b.account.email]);
    // As written in the text part; escaped, never markup, in the HTML part.
    expect(toBuyer[0]!.text).toContain('Of course! <b>Gift</b> & "wrap" <script>alert(1)</script>');
    expect(toBuyer[0]!.text).toContain('https://shop.example/myorders');
    expect(toBuyer[0]!.html).toContain(
      'Of course! &lt;b&gt;Gift&lt;/b&gt; &amp; &quot;wrap&quot; &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(toBuyer[0]!.html).not.toContain('<b>Gift</b>');
    expect(toBuyer[0]!.html).not.toContain('<script>');
  });

  it('another buyer, the buyer on the brand’s calls and another brand get 404, and nothing is written', async () => {
    const b = await order();
    const stranger = await shopper(t.app, { address: false });
    const mailBefore = t.mail.length;
    const cases: Array<[string, Headers, string]> = [
      [buyerUrl(b.orderId), stranger.headers, CHECKOUT_MESSAGES.orderNotFound],
      [brandUrl(b.orderId), b.headers, BUSINESS_MESSAGES.orderNotFound],
      [brandUrl(b.orderId), otherBrand.headers, BUSINESS_MESSAGES.orderNotFound],
      // The brand's owner is not the buyer: the buyer's calls do not reach it either.
      [buyerUrl(b.orderId), brand.headers, CHECKOUT_MESSAGES.orderNotFound],
      [buyerUrl(999_999), b.headers, CHECKOUT_MESSAGES.orderNotFound],
      [buyerUrl(Number.NaN), b.headers, CHECKOUT_MESSAGES.orderNotFound],
    ];
    for (const [url, headers, error] of cases) {
      for (const res of [await get(url, headers), await post(url, headers, { body: 'Hello?' })]) {
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.json().error).toBe(error);
      }
    }
    expect(await rowsOf(b.orderId)).toEqual([]);
    await t.app.deps.tasks.idle();
    expect(t.mail.length).toBe(mailBefore);
    // The other brand's list does not show it; the stranger's is empty.
    const otherBusiness = (await get('/api/business/dashboard/', otherBrand.headers)).json()
      .businesses[0].id as number;
    await post(buyerUrl(b.orderId), b.headers, { body: 'Is it shipped?' });
    expect(
      (await get(`/api/business/order-messages/${otherBusiness}/`, otherBrand.headers)).json(),
    ).toEqual([]);
    expect((await get('/api/orders/messages/', stranger.headers)).json()).toEqual([]);
    // Without a token: 401.
    expect((await t.app.inject({ method: 'GET', url: buyerUrl(b.orderId) })).statusCode).toBe(401);
  });

  it('an unpaid order has no thread: 404 for its buyer and its brand, nothing written', async () => {
    const b = await order({ pay: false });
    for (const [url, headers] of [
      [buyerUrl(b.orderId), b.headers],
      [brandUrl(b.orderId), brand.headers],
    ] as const) {
      expect((await get(url, headers)).statusCode).toBe(404);
      const res = await post(url, headers, { body: 'Hello?' });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(CHECKOUT_MESSAGES.orderNotFound);
    }
    expect(await rowsOf(b.orderId)).toEqual([]);
  });

  it('refuses an empty, too long or control-character body with the contract’s text', async () => {
    const b = await order();
    const cases: Array<[unknown, string]> = [
      [{ body: '' }, ORDER_MESSAGE_MESSAGES.body],
      [{ body: ' \n\t ' }, ORDER_MESSAGE_MESSAGES.body],
      [{ body: 'x'.repeat(ORDER_MESSAGE_LIMITS.body + 1) }, ORDER_MESSAGE_MESSAGES.body],
      [{}, ORDER_MESSAGE_MESSAGES.body],
      [{ body: 42 }, ORDER_MESSAGE_MESSAGES.body],
      [{ body: 'Ring the bell\u0007' }, ORDER_MESSAGE_MESSAGES.controlCharacters],
    ];
    for (const [payload, error] of cases) {
      for (const [url, headers] of [
        [buyerUrl(b.orderId), b.headers],
        [brandUrl(b.orderId), brand.headers],
      ] as const) {
        const res = await post(url, headers, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        expect(res.json().error).toBe(error);
      }
    }
    expect(await rowsOf(b.orderId)).toEqual([]);
    // 2000 characters (emoji counted as one each) is the most.
    const longest = '🌿'.repeat(ORDER_MESSAGE_LIMITS.body);
    expect((await post(buyerUrl(b.orderId), b.headers, { body: longest })).statusCode).toBe(201);
  });

  it('limits an author to 5 messages a minute and 30 a day per order (429 with the contract’s text)', async () => {
    const b = await order();
    await t.app.deps.tasks.idle();
    const mailBefore = t.mail.length;
    for (let i = 1; i <= ORDER_MESSAGE_LIMITS.perMinute; i++) {
      const res = await post(buyerUrl(b.orderId), b.headers, { body: `Question ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await post(buyerUrl(b.orderId), b.headers, { body: 'Question 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(ORDER_MESSAGE_MESSAGES.tooMany);
    expect(await rowsOf(b.orderId)).toHaveLength(ORDER_MESSAGE_LIMITS.perMinute);
    await t.app.deps.tasks.idle();
    expect(t.mail.length - mailBefore).toBe(ORDER_MESSAGE_LIMITS.perMinute);
    // The limit is the author's: the brand still answers.
    expect((await post(brandUrl(b.orderId), brand.headers, { body: 'Answers' })).statusCode).toBe(
      201,
    );

    // A minute later the buyer may write again, up to 30 in the day.
    await t.db.execute(
      sql`update order_messages set created_at = now() - interval '2 hours' where order_id = ${b.orderId}`,
    );
    await t.db.insert(orderMessages).values(
      Array.from(
        { length: ORDER_MESSAGE_LIMITS.perDay - ORDER_MESSAGE_LIMITS.perMinute - 1 },
        (_, i) => ({
          orderId: b.orderId,
          side: 'buyer' as const,
          authorId: b.account.id,
          body: `Earlier ${i}`,
          createdAt: new Date(Date.now() - 3 * 3600_000),
        }),
      ),
    );
    expect((await post(buyerUrl(b.orderId), b.headers, { body: 'The 30th' })).statusCode).toBe(201);
    const over = await post(buyerUrl(b.orderId), b.headers, { body: 'The 31st' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(ORDER_MESSAGE_MESSAGES.tooMany);
  });

  it('holds the limit when messages arrive at once', async () => {
    const b = await order();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(buyerUrl(b.orderId), b.headers, { body: `Now ${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(ORDER_MESSAGE_LIMITS.perMinute);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - ORDER_MESSAGE_LIMITS.perMinute);
    expect(await rowsOf(b.orderId)).toHaveLength(ORDER_MESSAGE_LIMITS.perMinute);
  });
});
