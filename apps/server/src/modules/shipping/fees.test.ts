import { FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeShippingFromCents, quoteShipping, rateForCountry, type ShippingRates } from './fees';

const rates = (values: Partial<ShippingRates> & { countries?: Record<string, number> } = {}) => ({
  worldwideFeeCents: values.worldwideFeeCents ?? null,
  allExceptSelectedFeeCents: values.allExceptSelectedFeeCents ?? null,
  thresholdFreeCents: values.thresholdFreeCents ?? null,
  countryFeesCents: new Map(Object.entries(values.countries ?? {})),
});

describe('rateForCountry (DESIGN 2.6 fallback chain)', () => {
  const full = rates({
    worldwideFeeCents: 1500,
    allExceptSelectedFeeCents: 900,
    countries: { US: 500, CA: 700 },
  });

  it('takes the country fee first', () => {
    expect(rateForCountry(full, 'US')).toBe(500);
    expect(rateForCountry(full, 'CA')).toBe(700);
  });

  it('reads the country code in any case and spacing', () => {
    expect(rateForCountry(full, ' us ')).toBe(500);
  });

  it('falls back to all_except_selected_fee for a country not listed', () => {
    expect(rateForCountry(full, 'MX')).toBe(900);
  });

  it('falls back to worldwide_shipping_fee without an all-except fee', () => {
    expect(rateForCountry(rates({ worldwideFeeCents: 1500, countries: { CA: 700 } }), 'US')).toBe(
      1500,
    );
  });

  it('is 0 when nothing applies, and without any setting', () => {
    expect(rateForCountry(rates({ countries: { CA: 700 } }), 'US')).toBe(0);
    expect(rateForCountry(rates(), 'US')).toBe(0);
    expect(rateForCountry(null, 'US')).toBe(0);
  });

  it('keeps a country fee of 0 (free to that country) instead of falling back', () => {
    expect(rateForCountry(rates({ worldwideFeeCents: 1500, countries: { US: 0 } }), 'US')).toBe(0);
  });

  it('keeps an all-except fee of 0 instead of falling back to worldwide', () => {
    expect(
      rateForCountry(rates({ worldwideFeeCents: 1500, allExceptSelectedFeeCents: 0 }), 'US'),
    ).toBe(0);
  });

  it('does not read inherited keys as countries', () => {
    expect(rateForCountry(rates({ worldwideFeeCents: 300 }), 'constructor')).toBe(300);
  });
});

describe('quoteShipping', () => {
  const brandA = {
    businessId: 1,
    rates: rates({ worldwideFeeCents: 500, thresholdFreeCents: 4000 }),
  };
  const brandB = { businessId: 2, rates: rates({ countries: { US: 800 } }) };

  it('charges every brand its rate below all thresholds and sums them', () => {
    const quote = quoteShipping(
      [
        { ...brandA, subtotalCents: 1000 },
        { ...brandB, subtotalCents: 2000 },
      ],
      'US',
    );
    expect(quote).toEqual({
      country: 'US',
      subtotalCents: 3000,
      totalFeeCents: 1300,
      marketplaceFree: false,
      amountToFreeShippingCents: 4500,
      businesses: [
        {
          businessId: 1,
          subtotalCents: 1000,
          baseFeeCents: 500,
          feeCents: 500,
          thresholdFreeCents: 4000,
          freeReason: null,
        },
        {
          businessId: 2,
          subtotalCents: 2000,
          baseFeeCents: 800,
          feeCents: 800,
          thresholdFreeCents: null,
          freeReason: null,
        },
      ],
    });
  });

  it("makes one brand's shipping free at its threshold_free, exactly at it too", () => {
    const quote = quoteShipping(
      [
        { ...brandA, subtotalCents: 4000 },
        { ...brandB, subtotalCents: 1000 },
      ],
      'US',
    );
    expect(quote.businesses.map((b) => [b.feeCents, b.freeReason])).toEqual([
      [0, 'business_threshold'],
      [800, null],
    ]);
    expect(quote.totalFeeCents).toBe(800);
  });

  it('charges a brand one cent below its threshold', () => {
    const quote = quoteShipping([{ ...brandA, subtotalCents: 3999 }], 'US');
    expect(quote.businesses[0]).toMatchObject({ feeCents: 500, freeReason: null });
  });

  it('treats a threshold of 0 as always free', () => {
    const quote = quoteShipping(
      [
        {
          businessId: 3,
          subtotalCents: 100,
          rates: rates({ worldwideFeeCents: 400, thresholdFreeCents: 0 }),
        },
      ],
      'US',
    );
    expect(quote.totalFeeCents).toBe(0);
  });

  it('makes every fee 0 when the cart subtotal reaches $75 across brands', () => {
    const quote = quoteShipping(
      [
        { ...brandA, subtotalCents: 3500 },
        { ...brandB, subtotalCents: 4000 },
      ],
      'US',
    );
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(7500);
    expect(quote.marketplaceFree).toBe(true);
    expect(quote.totalFeeCents).toBe(0);
    expect(quote.amountToFreeShippingCents).toBe(0);
    expect(quote.businesses.map((b) => [b.baseFeeCents, b.feeCents, b.freeReason])).toEqual([
      [500, 0, 'marketplace_threshold'],
      [800, 0, 'marketplace_threshold'],
    ]);
  });

  it('still charges one cent below $75', () => {
    const quote = quoteShipping(
      [
        { ...brandA, subtotalCents: 3499 },
        { ...brandB, subtotalCents: 4000 },
      ],
      'US',
    );
    expect(quote.marketplaceFree).toBe(false);
    expect(quote.amountToFreeShippingCents).toBe(1);
    expect(quote.totalFeeCents).toBe(1300);
  });

  it('gives no reason when the rate is 0 anyway', () => {
    const quote = quoteShipping([{ businessId: 4, subtotalCents: 9000, rates: null }], 'US');
    expect(quote.businesses[0]).toMatchObject({ baseFeeCents: 0, feeCents: 0, freeReason: null });
  });

  it('prices each brand for the country given', () => {
    const quote = quoteShipping(
      [
        {
          businessId: 5,
          subtotalCents: 100,
          rates: rates({ countries: { CA: 700 }, worldwideFeeCents: 200 }),
        },
      ],
      'CA',
    );
    expect(quote.totalFeeCents).toBe(700);
  });

  it('takes another marketplace threshold when given one', () => {
    const quote = quoteShipping([{ ...brandB, subtotalCents: 1000 }], 'US', 1000);
    expect(quote.totalFeeCents).toBe(0);
  });

  it('is all zero for an empty cart', () => {
    expect(quoteShipping([], 'US')).toMatchObject({
      subtotalCents: 0,
      totalFeeCents: 0,
      marketplaceFree: false,
      amountToFreeShippingCents: 7500,
      businesses: [],
    });
  });
});

describe('freeShippingFromCents (the search filter\'s "ships free at $X", decision 0031)', () => {
  it("is 0 for a brand charging nothing, else its own threshold or the marketplace's, the lower", () => {
    expect(freeShippingFromCents(null, 'US')).toBe(0);
    expect(
      freeShippingFromCents(rates({ countries: { US: 0 }, worldwideFeeCents: 900 }), 'US'),
    ).toBe(0);
    expect(
      freeShippingFromCents(rates({ worldwideFeeCents: 500, thresholdFreeCents: 3000 }), 'US'),
    ).toBe(3000);
    expect(
      freeShippingFromCents(rates({ worldwideFeeCents: 500, thresholdFreeCents: 9000 }), 'US'),
    ).toBe(FREE_SHIPPING_THRESHOLD_CENTS);
    expect(freeShippingFromCents(rates({ worldwideFeeCents: 500 }), 'US')).toBe(
      FREE_SHIPPING_THRESHOLD_CENTS,
    );
    // The country's own fee counts: free to Canada, $6 to the US.
    const cedar = rates({ worldwideFeeCents: 0, countries: { US: 600, CA: 0 } });
    expect(freeShippingFromCents(cedar, 'CA')).toBe(0);
    expect(freeShippingFromCents(cedar, 'US')).toBe(FREE_SHIPPING_THRESHOLD_CENTS);
  });

  it('says exactly when a cart of the brand alone is quoted no shipping', () => {
    const fee = fc.option(fc.constantFrom(0, 1, 500, 650, 1500), { nil: null });
    const generated = fc.record({
      worldwideFeeCents: fee,
      allExceptSelectedFeeCents: fee,
      thresholdFreeCents: fc.option(fc.constantFrom(0, 1, 2999, 3000, 7500, 9000), { nil: null }),
      us: fee,
    });
    fc.assert(
      fc.property(
        fc.option(generated, { nil: null }),
        fc.integer({ min: 0, max: 12_000 }),
        fc.constantFrom(FREE_SHIPPING_THRESHOLD_CENTS, 1, 5000),
        (values, amount, marketplace) => {
          const brand =
            values &&
            rates({
              ...values,
              countries: values.us === null ? {} : { US: values.us },
            });
          const quoted = quoteShipping(
            [{ businessId: 1, subtotalCents: amount, rates: brand }],
            'US',
            marketplace,
          );
          expect(quoted.totalFeeCents === 0).toBe(
            amount >= freeShippingFromCents(brand, 'US', marketplace),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
