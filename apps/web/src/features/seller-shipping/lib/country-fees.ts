import type { ShippingFeesBody, ShippingFeesResponse } from '@leafline/contract/cart';

/** One row of the country-fee preview list: the code (upper case) and the fee as typed. */
export interface CountryFeeRow {
  country: string;
  fee: string;
}

/** The shipping-fee form's values, as typed (empty means not set). */
export interface ShippingFeeValues {
  worldwide_shipping_fee: string;
  all_except_selected_fee: string;
  threshold_free: string;
  country_fees: CountryFeeRow[];
}

/**
 * A country fee as the server sent it. SPEC §3 gives two readings, `{country, fee}` and
 * `{country_code, country_fee}`: both are read.
 */
type StoredCountryFee = {
  country?: string | null;
  fee?: string | number | null;
  country_code?: string | null;
  country_fee?: string | number | null;
};

export function readCountryFee(entry: StoredCountryFee): CountryFeeRow | null {
  const country = (entry.country ?? entry.country_code ?? '').trim().toUpperCase();
  const fee = entry.fee ?? entry.country_fee;
  if (!country || fee === null || fee === undefined || String(fee).trim() === '') return null;
  return { country, fee: String(fee) };
}

export function formValuesOf(saved: ShippingFeesResponse | undefined): ShippingFeeValues {
  const entries = (saved?.country_fees ?? []) as StoredCountryFee[];
  return {
    worldwide_shipping_fee: saved?.worldwide_shipping_fee ?? '',
    all_except_selected_fee: saved?.all_except_selected_fee ?? '',
    threshold_free: saved?.threshold_free ?? '',
    country_fees: entries.map(readCountryFee).filter((row): row is CountryFeeRow => row !== null),
  };
}

/**
 * SPEC §5: a country fee joins the list only when both code and fee are filled; the code is
 * upper-cased. A code already listed gets the new fee (each country once). Answers the new
 * list, or null when the entry is incomplete.
 */
export function addCountryFee(
  list: readonly CountryFeeRow[],
  code: string,
  fee: string,
): CountryFeeRow[] | null {
  const country = code.trim().toUpperCase();
  const amount = fee.trim();
  if (!country || !amount) return null;
  const others = list.filter((row) => row.country !== country);
  return [...others, { country, fee: amount }];
}

/** SPEC §5: empty fee fields are sent as null. */
export function shippingFeesBodyOf(values: ShippingFeeValues): ShippingFeesBody {
  const amount = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    worldwide_shipping_fee: amount(values.worldwide_shipping_fee),
    all_except_selected_fee: amount(values.all_except_selected_fee),
    threshold_free: amount(values.threshold_free),
    country_fees: values.country_fees.map((row) => ({ country: row.country, fee: row.fee })),
  };
}
