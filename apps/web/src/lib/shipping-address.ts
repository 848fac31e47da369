import type { ShippingAddress } from '@leafline/contract/cart';
import { SUPPORTED_COUNTRIES } from '@leafline/contract/constants';

/**
 * The cache key of the default address (GET api/set-shipping-address/): the checkout reads it,
 * the account's saved addresses change it.
 */
export const shippingAddressQueryKey = ['shipping-address'] as const;

/** The address form's fields (SPEC §3 user shipping address). */
export type AddressField = keyof ShippingAddress;

/** Required and trimmed (SPEC §5); address_line2 is the only optional one. */
export const REQUIRED_ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'address_line1',
  'city',
  'state',
  'postal_code',
  'country',
  'phone_number',
] as const satisfies readonly AddressField[];

export const EMPTY_ADDRESS: ShippingAddress = {
  first_name: '',
  last_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: SUPPORTED_COUNTRIES[0],
  phone_number: '',
};

/** The form's values, trimmed. */
export function trimAddress(values: ShippingAddress): ShippingAddress {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value.trim()]),
  ) as unknown as ShippingAddress;
}

/** The required fields left blank (after trimming); none means the form may be sent. */
export function missingAddressFields(values: ShippingAddress): AddressField[] {
  return REQUIRED_ADDRESS_FIELDS.filter((field) => values[field].trim() === '');
}

/** The lines of an address as a label shows it. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.address_line1,
    address.address_line2,
    `${address.city}, ${address.state} ${address.postal_code}`.trim(),
    address.country === 'US' ? 'United States' : address.country,
    address.phone_number,
  ].filter((line) => line.trim() !== '');
}
