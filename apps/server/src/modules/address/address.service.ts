import {
  ACCOUNT_MESSAGES,
  ADDRESS_MESSAGES,
  type ShippingAddress,
  type ShippingAddressFields,
} from '@leafline/contract';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../db/pg-errors';
import { AppError } from '../../lib/errors';
import { findAddress, type ShippingAddressRow, upsertAddress } from './address.repo';

/** The saved shipping address (SPEC §2 checkout, §3, §5): one per user, US only. */

export interface AddressDeps {
  db: Db;
}

function toResponse(row: ShippingAddressRow): ShippingAddress {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    phone_number: row.phoneNumber,
  };
}

export async function getAddress(deps: AddressDeps, userId: number): Promise<ShippingAddress> {
  const row = await findAddress(deps.db, userId);
  if (!row) {
    throw new AppError(404, ADDRESS_MESSAGES.noAddress, { detail: ADDRESS_MESSAGES.noAddress });
  }
  return toResponse(row);
}

export async function saveAddress(
  deps: AddressDeps,
  userId: number,
  body: ShippingAddressFields,
): Promise<ShippingAddress> {
  try {
    const row = await upsertAddress(deps.db, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      addressLine1: body.address_line1,
      addressLine2: body.address_line2,
      city: body.city,
      state: body.state,
      postalCode: body.postal_code,
      country: body.country,
      phoneNumber: body.phone_number,
    });
    return toResponse(row);
  } catch (error) {
    // The account was deleted between the guard and the write: a dead session.
    if (pgError(error)?.code === FOREIGN_KEY_VIOLATION) {
      throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
    }
    throw error;
  }
}
