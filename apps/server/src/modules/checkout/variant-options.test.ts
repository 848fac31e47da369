import { describe, expect, it } from 'vitest';
import { variantOptions } from './variant-options';

describe('variantOptions', () => {
  it('names the options by the product option names', () => {
    expect(variantOptions('M', 'Forest', ['Size', 'Color'])).toEqual({
      Size: 'M',
      Color: 'Forest',
    });
    expect(variantOptions('Lemon Myrtle', null, ['Scent'])).toEqual({ Scent: 'Lemon Myrtle' });
    // A name used twice stays apart.
    expect(variantOptions('Oat', 'Sage', ['Color', 'Color'])).toEqual({
      Color: 'Oat',
      'Color 2': 'Sage',
    });
  });

  it('reads a missing name from the value, as for products whose seller never named them', () => {
    expect(variantOptions('M', 'Sage', ['Size'])).toEqual({ Size: 'M', Option: 'Sage' });
    expect(variantOptions('XL', 'Clay', ['', ' '])).toEqual({ Size: 'XL', Option: 'Clay' });
  });
});
