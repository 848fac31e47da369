import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import type { LocalSessionRow } from '../../adapters/payments/local-provider';
import { renderPaymentPage } from './payment-page';

/** The local payment page looks like the shop: its palette and fonts, from no other host. */

const line = (
  kind: 'product' | 'shipping',
  name: string,
  cents: number,
  businessId: number,
  businessName: string,
) => ({ kind, name, quantity: 1, unitAmountCents: cents, businessId, businessName });

const session = {
  id: 'cs_local_look',
  status: 'open',
  currency: 'usd',
  lineItems: [
    line('product', 'Linen Tee (M)', 3000, 1, 'Alder & Oak'),
    line('shipping', 'Shipping', 500, 1, 'Alder & Oak'),
    line('product', 'Oat Soap', 1500, 2, 'Bramble Goods'),
    line('shipping', 'Shipping', 400, 2, 'Bramble Goods'),
  ],
  customerEmail: 'fern@example.com',
  discountCode: 'SPRING20',
  amountDiscountCents: 900,
} as unknown as LocalSessionRow;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the local payment page', () => {
  // The labels and amounts of the page are read in local-payment.test.ts (a promo applied).
  it("uses the shop's self-hosted fonts and palette, from no other host", async () => {
    const html = renderPaymentPage({ session, cancelHref: '/checkout' });
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    expect(style).not.toMatch(/https?:|\/\/[a-z]/i);
    // The palette is the web app's: the same values as apps/web/src/styles.css's tokens.
    const webStyles = readFileSync(
      fileURLToPath(new URL('../../../../web/src/styles.css', import.meta.url)),
      'utf8',
    );
    for (const token of ['cream', 'forest-900']) {
      const web = new RegExp(`--color-${token}:\\s*(#[0-9a-f]{6})`, 'i').exec(webStyles)?.[1];
      expect(web, token).toBeTruthy();
      expect(style).toContain(`--${token}:${web}`);
    }
    const fonts = [...style.matchAll(/font-family:"([^"]+)";[^}]*src:url\(([^)]+)\)/g)];
    expect(fonts.map((f) => f[1])).toEqual(['Inter Variable', 'Fraunces Variable']);
    for (const [, , url] of fonts) {
      const res = await t.app.inject({ url: url! });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    expect((await t.app.inject({ url: '/pay/assets/nope.woff2' })).statusCode).toBe(404);
  });

  it('answers 404 to the names every object has (constructor, __proto__), not a 500', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await t.app.inject({ url: `/pay/assets/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toEqual({ error: 'Not found.' });
    }
  });
});
