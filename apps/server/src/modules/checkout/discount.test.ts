import { describe, expect, it } from 'vitest';
import { promoDiscountCents } from '../../adapters/payments/local-provider';
import { checkTestCard } from '../../adapters/payments/test-card';
import { commissionCents, payoutCents } from '../orders';
import { prorateDiscount, splitByWeight } from './discount';
import { variantOptions } from './variant-options';

/** The arithmetic of payments, without a database. */

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('splitByWeight (largest remainder)', () => {
  it('splits exactly when the shares are whole', () => {
    expect(splitByWeight(850, [7000, 1500])).toEqual([700, 150]);
  });

  it('gives the left-over cents to the largest remainders', () => {
    // 100 × 1/3 each: 33.33… → 33, 33, 33 and one cent left, to the first (ties: earlier).
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 500 over 5250 : 900 → 426.83 / 73.17 → 427 / 73.
    expect(splitByWeight(500, [5250, 900])).toEqual([427, 73]);
    // 10 over 1 : 2 : 7 → 1 / 2 / 7.
    expect(splitByWeight(10, [1, 2, 7])).toEqual([1, 2, 7]);
    // 7 over 2 : 3 : 5 → 1.4 / 2.1 / 3.5 → 1 / 2 / 3, then 1 cent to the largest remainder (.5).
    expect(splitByWeight(7, [2, 3, 5])).toEqual([1, 2, 4]);
  });

  it('breaks equal remainders toward the larger weight', () => {
    // 3 over 1 : 1 : 2 → 0.75 / 0.75 / 1.5: remainders .75, .75, .5 → one each to the first two.
    expect(splitByWeight(3, [1, 1, 2])).toEqual([1, 1, 1]);
    // 1 over 3 : 1 : 1 : 3 → remainders 3/8, 1/8, 1/8, 3/8: tie of 3/8 goes to the first.
    expect(splitByWeight(1, [3, 1, 1, 3])).toEqual([1, 0, 0, 0]);
  });

  it('always adds up, for many random cases, and never goes negative', () => {
    let seed = 42;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let i = 0; i < 2000; i++) {
      const weights = Array.from({ length: 1 + random(6) }, () => random(50_000));
      const amount = random(100_000);
      const shares = splitByWeight(amount, weights);
      expect(sum(shares)).toBe(amount);
      expect(shares.every((s) => s >= 0)).toBe(true);
      const total = sum(weights);
      if (total > 0) {
        shares.forEach((s, k) => {
          expect(Math.abs(s - (amount * weights[k]!) / total)).toBeLessThan(1);
        });
      }
    }
  });

  it('splits evenly when every weight is 0, and handles huge amounts exactly', () => {
    expect(splitByWeight(5, [0, 0])).toEqual([3, 2]);
    expect(splitByWeight(0, [10, 20])).toEqual([0, 0]);
    expect(splitByWeight(2_000_000_000, [1_999_999_999, 1])).toEqual([1_999_999_999, 1]);
    expect(() => splitByWeight(-1, [1])).toThrow(RangeError);
  });
});

describe('prorateDiscount over brand orders', () => {
  it('spreads by item subtotal, not by shipping', () => {
    expect(
      prorateDiscount(850, [
        { subtotalCents: 7000, shippingCents: 0 },
        { subtotalCents: 1500, shippingCents: 900 },
      ]),
    ).toEqual([700, 150]);
  });

  it('never gives an order more than its own total', () => {
    // A discount larger than the items (a coupon that covered shipping too at Stripe).
    const shares = prorateDiscount(1200, [
      { subtotalCents: 500, shippingCents: 400 },
      { subtotalCents: 500, shippingCents: 100 },
    ]);
    expect(shares).toEqual([500 + 160, 500 + 40]);
    expect(
      prorateDiscount(99_999, [
        { subtotalCents: 500, shippingCents: 400 },
        { subtotalCents: 500, shippingCents: 100 },
      ]),
    ).toEqual([900, 600]);
  });

  it('is 0 everywhere without a discount, and copes with one order', () => {
    expect(
      prorateDiscount(0, [
        { subtotalCents: 100, shippingCents: 0 },
        { subtotalCents: 1, shippingCents: 0 },
      ]),
    ).toEqual([0, 0]);
    expect(prorateDiscount(333, [{ subtotalCents: 1000, shippingCents: 500 }])).toEqual([333]);
    expect(prorateDiscount(-5, [{ subtotalCents: 1000, shippingCents: 0 }])).toEqual([0]);
  });
});

describe('commission and payout (3 %, half up)', () => {
  it.each([
    [6300, 189, 6111],
    [1350, 41, 1309], // 40.5 → 41
    [1250, 38, 1212], // 37.5 → 38
    [1249, 37, 1212], // 37.47 → 37
    [16, 0, 16], // 0.48 → 0
    [17, 1, 16], // 0.51 → 1
    [0, 0, 0],
  ])('an order of %i cents: commission %i, payout %i', (total, commission, payout) => {
    expect(commissionCents(total)).toBe(commission);
    expect(payoutCents(total)).toBe(payout);
  });
});

describe('promo codes of the local page', () => {
  it('take a percentage (half up) or an amount off the items, never more than the items', () => {
    expect(promoDiscountCents({ percentOff: 10, amountOffCents: null }, 8500)).toBe(850);
    expect(promoDiscountCents({ percentOff: 10, amountOffCents: null }, 1255)).toBe(126);
    expect(promoDiscountCents({ percentOff: 100, amountOffCents: null }, 999)).toBe(999);
    expect(promoDiscountCents({ percentOff: null, amountOffCents: 500 }, 8500)).toBe(500);
    expect(promoDiscountCents({ percentOff: null, amountOffCents: 5000 }, 1200)).toBe(1200);
  });
});

describe('the test cards', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const card = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Fern' };

  it('4242… pays, 4000 0000 0000 0002 is declined', () => {
    expect(checkTestCard(card, now)).toEqual({
      ok: true,
      outcome: 'paid',
      brand: 'visa',
      last4: '4242',
    });
    expect(checkTestCard({ ...card, number: '4000-0000-0000-0002' }, now)).toMatchObject({
      ok: true,
      outcome: 'declined',
    });
  });

  it('reads expiry dates as MM/YY or MM/YYYY, valid through the end of the month', () => {
    expect(checkTestCard({ ...card, expiry: '11/26' }, now).ok).toBe(true);
    expect(checkTestCard({ ...card, expiry: '11/2026' }, now).ok).toBe(true);
    expect(checkTestCard({ ...card, expiry: '1026' }, now)).toEqual({
      ok: false,
      problems: { expiry: 'expiry_past' },
    });
  });

  it('names every problem at once', () => {
    expect(checkTestCard({ number: '42', expiry: 'ab', cvc: '', name: '' }, now)).toEqual({
      ok: false,
      problems: {
        number: 'card_incomplete',
        expiry: 'expiry_invalid',
        cvc: 'cvc_incomplete',
        name: 'name_missing',
      },
    });
  });
});

describe('variant options of an order item', () => {
  it('names sizes "Size" and the rest "Option", uniquely', () => {
    expect(variantOptions('M', 'Sage')).toEqual({ Size: 'M', Option: 'Sage' });
    expect(variantOptions('32 oz', null)).toEqual({ Size: '32 oz' });
    expect(variantOptions('Lemon Myrtle', null)).toEqual({ Option: 'Lemon Myrtle' });
    expect(variantOptions('Rose', 'Clay')).toEqual({ Option: 'Rose', 'Option 2': 'Clay' });
    expect(variantOptions(' ', null)).toEqual({});
    expect(variantOptions(null, null)).toEqual({});
  });
});
