import { z } from 'zod';
import { shippingAddressBody, shippingAddressResponse } from './cart';

/**
 * The shopper's saved addresses (issue "Account basics", point 2): several, one of them the
 * default, which is the address `api/set-shipping-address/` reads and writes and the checkout
 * ships to. The fields and their texts are the shipping address's (SPEC §3, §5).
 */

/** The most addresses one account keeps. */
export const MAX_SAVED_ADDRESSES = 10;

export const SAVED_ADDRESS_MESSAGES = {
  saved: 'Address saved.',
  deleted: 'Address deleted.',
  defaultSet: 'Default address set.',
  notFound: 'Address not found.',
  tooMany: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`,
} as const;

/** POST api/addresses/: the shipping address's fields; the first address is the default. */
export const savedAddressBody = shippingAddressBody.extend({
  /** Make it the default at once (the first address is the default whatever this says). */
  is_default: z.boolean({ error: 'is_default must be true or false.' }).optional(),
});
export type SavedAddressBody = z.input<typeof savedAddressBody>;

/**
 * PATCH api/addresses/{id}/: any of the fields; each one sent is checked as on creation
 * (blank is refused, absent is left as it was).
 */
export const savedAddressPatchBody = shippingAddressBody.partial();
export type SavedAddressPatchBody = z.input<typeof savedAddressPatchBody>;

/** One saved address, with its id and whether it is the default. */
export const savedAddress = shippingAddressResponse.extend({
  id: z.number().int(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

/** GET api/addresses/: the default first, then the others, newest first. */
export const savedAddressesResponse = z.object({ addresses: z.array(savedAddress) });
export type SavedAddressesResponse = z.infer<typeof savedAddressesResponse>;

/** POST, PATCH api/addresses/…, POST api/addresses/{id}/default/ (200/201). */
export const savedAddressSavedResponse = savedAddress.extend({ message: z.string() });
export type SavedAddressSavedResponse = z.infer<typeof savedAddressSavedResponse>;

/** A path's `{addressId}`: read with parseId; anything that is no id of the caller's is a 404. */
export const addressIdParams = z.object({ addressId: z.string() });
