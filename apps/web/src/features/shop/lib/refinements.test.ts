import {
  CATEGORY_ALIASES as CONTRACT_CATEGORY_ALIASES,
  SEARCH_PRICE_RANGES,
} from '@leafline/contract/catalog';
import { describe, expect, it } from 'vitest';
import {
  brandIdsOf,
  CATEGORY_ALIASES,
  canonicalBrands,
  canonicalPrice,
  cartAmountParam,
  customPriceLabel,
  dollarsParam,
  PRICE_RANGES,
  paramCents,
  priceRangeIndex,
  priceRangeLabel,
  priceRangeParams,
  withBrand,
} from './refinements';

describe('shop refinements', () => {
  it('offers the contract’s price ranges and category aliases (kept here without zod)', () => {
    expect(PRICE_RANGES).toEqual(SEARCH_PRICE_RANGES);
    expect(CATEGORY_ALIASES).toEqual(CONTRACT_CATEGORY_ALIASES);
  });

  it('names the ranges as shoppers read them', () => {
    expect(PRICE_RANGES.map(priceRangeLabel)).toEqual([
      'Under $25',
      '$25 to $49.99',
      '$50 to $99.99',
      '$100 and over',
    ]);
  });

  it('writes a range as min_price and max_price in dollars, both ends included', () => {
    expect(PRICE_RANGES.map(priceRangeParams)).toEqual([
      { minPrice: '', maxPrice: '24.99' },
      { minPrice: '25', maxPrice: '49.99' },
      { minPrice: '50', maxPrice: '99.99' },
      { minPrice: '100', maxPrice: '' },
    ]);
    for (const [index, range] of PRICE_RANGES.entries()) {
      const { minPrice, maxPrice } = priceRangeParams(range);
      expect(priceRangeIndex(minPrice, maxPrice)).toBe(index);
    }
    expect(priceRangeIndex('', '')).toBe(-1);
    expect(priceRangeIndex('0', '24.99')).toBe(0);
    expect(priceRangeIndex('10', '20')).toBeNull();
  });

  it('reads and writes prices of the address in one form', () => {
    expect(paramCents('25')).toBe(2500);
    expect(paramCents('25.5')).toBe(2550);
    expect(paramCents('49.99')).toBe(4999);
    for (const bad of ['', '-1', '1.999', 'abc', '1e3', '12345678'])
      expect(paramCents(bad)).toBeNull();
    expect(canonicalPrice('25.00')).toBe('25');
    expect(canonicalPrice('25.5')).toBe('25.50');
    expect(canonicalPrice('nope')).toBe('');
    expect(canonicalPrice(null)).toBe('');
    expect(dollarsParam(0)).toBe('0');
    expect(dollarsParam(7500)).toBe('75');
  });

  it('asks free shipping at the cart subtotal, 0 without one', () => {
    expect(cartAmountParam('42.00')).toBe('42');
    expect(cartAmountParam('80.50')).toBe('80.50');
    expect(cartAmountParam(undefined)).toBe('0');
    expect(cartAmountParam('0.00')).toBe('0');
  });

  it('names a range from a shared address that the shop does not offer', () => {
    expect(customPriceLabel('10', '20')).toBe('$10 to $20');
    expect(customPriceLabel('10.50', '')).toBe('$10.50 and over');
    expect(customPriceLabel('', '30')).toBe('Up to $30');
  });

  it('writes the chosen brands in one form: distinct, ascending, at most 20 (issue 30)', () => {
    expect(canonicalBrands('7,3,3')).toBe('3,7');
    expect(canonicalBrands(' 12 ')).toBe('12');
    for (const bad of ['', 'fern', '1,,2', '-3', '1, 2', null, undefined]) {
      expect(canonicalBrands(bad)).toBe('');
    }
    expect(canonicalBrands('0,5')).toBe('5');
    expect(canonicalBrands(Array.from({ length: 25 }, (_, k) => 25 - k).join(','))).toBe(
      Array.from({ length: 20 }, (_, k) => k + 1).join(','),
    );
    expect(brandIdsOf('3,7')).toEqual([3, 7]);
    expect(brandIdsOf('')).toEqual([]);
    expect(withBrand('', 7, true)).toBe('7');
    expect(withBrand('7', 3, true)).toBe('3,7');
    expect(withBrand('3,7', 3, false)).toBe('7');
    expect(withBrand('7', 7, false)).toBe('');
  });
});
