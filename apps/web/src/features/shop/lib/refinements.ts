import { centsToPrice } from '@leafline/contract/money';
import { SEARCH_MAX_BRANDS } from '@leafline/contract/shop-facets-texts';
import { BRANDS_PARAM, PRICE_PARAM } from '@/lib/shop-cache';

/**
 * The price ranges of the shop's filter, in cents: [min, max], max null for "and over".
 * The contract's SEARCH_PRICE_RANGES (a test holds them equal): that module brings zod, which
 * stays out of the shop's bundle.
 */
export const PRICE_RANGES: ReadonlyArray<readonly [number, number | null]> = [
  [0, 2499],
  [2500, 4999],
  [5000, 9999],
  [10000, null],
];

/**
 * Category values that list another product category (the contract's CATEGORY_ALIASES, held
 * equal by a test): SPEC §9's 'Stationery' lists Art Supplies.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = { Stationary: 'Art Supplies' };

/** Cents as the shop's address writes dollars: 2500 → '25', 4999 → '49.99'. */
export function dollarsParam(cents: number): string {
  return centsToPrice(Math.max(0, Math.round(cents))).replace(/\.00$/, '');
}

/** A price of the address ('25', '25.5', '25.50') to cents; null when it is not one. */
export function paramCents(value: string): number | null {
  const text = value.trim();
  if (!PRICE_PARAM.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A price of the address in its one written form ('25.00' → '25', '25.5' → '25.50'); '' when none. */
export function canonicalPrice(value: string | null | undefined): string {
  const cents = value ? paramCents(value) : null;
  return cents === null ? '' : dollarsParam(cents);
}

/** A decimal price string of the API ('42.00') as the address writes it ('42'); '0' when none. */
export function cartAmountParam(subtotal: string | null | undefined): string {
  return canonicalPrice(subtotal ?? '') || '0';
}

const wholeDollars = (cents: number) =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${centsToPrice(cents)}`;

/** 'Under $25', '$25 to $49.99', '$100 and over'. */
export function priceRangeLabel([min, max]: readonly [number, number | null]): string {
  if (max === null) return `${wholeDollars(min)} and over`;
  if (min === 0) return `Under ${wholeDollars(max + 1)}`;
  return `${wholeDollars(min)} to ${wholeDollars(max)}`;
}

/** The address's min_price/max_price of a range ('' for no lower bound or no upper bound). */
export function priceRangeParams([min, max]: readonly [number, number | null]) {
  return {
    minPrice: min > 0 ? dollarsParam(min) : '',
    maxPrice: max === null ? '' : dollarsParam(max),
  };
}

/** Which of PRICE_RANGES the filters' prices are: its index, -1 for any price, null for another range. */
export function priceRangeIndex(minPrice: string, maxPrice: string): number | null {
  if (minPrice === '' && maxPrice === '') return -1;
  const min = minPrice === '' ? 0 : paramCents(minPrice);
  const max = maxPrice === '' ? null : paramCents(maxPrice);
  const index = PRICE_RANGES.findIndex(([a, b]) => a === min && b === max);
  return index === -1 ? null : index;
}

/** The label of a range the shop does not offer (from a shared address): '$10 to $20', 'From $10'. */
export function customPriceLabel(minPrice: string, maxPrice: string): string {
  const min = minPrice === '' ? null : paramCents(minPrice);
  const max = maxPrice === '' ? null : paramCents(maxPrice);
  if (min !== null && max !== null) return `${wholeDollars(min)} to ${wholeDollars(max)}`;
  if (min !== null) return `${wholeDollars(min)} and over`;
  return `Up to ${wholeDollars(max ?? 0)}`;
}

/** The chosen brands' ids of the filters' `brands` ('3,7' → [3, 7]; '' → []). */
export function brandIdsOf(brands: string): number[] {
  return brands === '' ? [] : brands.split(',').map(Number);
}

/**
 * Brand ids of the address in their one written form: distinct, ascending, at most
 * SEARCH_MAX_BRANDS ('7,3,3' → '3,7'); '' when none or when the value is not a list of ids.
 */
export function canonicalBrands(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (!BRANDS_PARAM.test(text)) return '';
  const ids = [...new Set(text.split(',').map(Number))].filter((id) => id >= 1);
  return ids
    .sort((a, b) => a - b)
    .slice(0, SEARCH_MAX_BRANDS)
    .join(',');
}

/** The filters' `brands` with one brand chosen or not. */
export function withBrand(brands: string, id: number, chosen: boolean): string {
  const others = brandIdsOf(brands).filter((b) => b !== id);
  return canonicalBrands([...others, ...(chosen ? [id] : [])].join(','));
}
