import { describe, expect, it } from 'vitest';
import { addCountryFee, formValuesOf, readCountryFee, shippingFeesBodyOf } from './country-fees';

describe('country fees', () => {
  it('adds only a complete entry, upper-cased, each country once', () => {
    expect(addCountryFee([], 'ca', '')).toBeNull();
    expect(addCountryFee([], '  ', '5')).toBeNull();
    const one = addCountryFee([], ' ca ', ' 5.00 ');
    expect(one).toEqual([{ country: 'CA', fee: '5.00' }]);
    expect(addCountryFee(one ?? [], 'CA', '6')).toEqual([{ country: 'CA', fee: '6' }]);
  });

  it('reads both shapes of the spec, and skips incomplete ones', () => {
    expect(readCountryFee({ country: 'us', fee: '4.00' })).toEqual({ country: 'US', fee: '4.00' });
    expect(readCountryFee({ country_code: 'GB', country_fee: 7 })).toEqual({
      country: 'GB',
      fee: '7',
    });
    expect(readCountryFee({ country: 'FR', fee: null })).toBeNull();
  });

  it('sends empty amounts as null', () => {
    const values = formValuesOf(undefined);
    expect(shippingFeesBodyOf({ ...values, threshold_free: ' 75 ' })).toEqual({
      worldwide_shipping_fee: null,
      all_except_selected_fee: null,
      threshold_free: '75',
      country_fees: [],
    });
  });
});
