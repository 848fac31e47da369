import {
  ACCOUNT_MESSAGES,
  ADDRESS_MESSAGES,
  MAX_SAVED_ADDRESSES,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
  type ShippingAddress,
  type ShippingAddressFields,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../db/pg-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import {
  countAddresses,
  deleteAddress,
  findAddress,
  findOwnAddress,
  insertAddress,
  listAddresses,
  lockAddressBook,
  makeDefault,
  newestAddress,
  type ShippingAddressRow,
  type ShippingAddressValues,
  updateAddress,
} from './address.repo';

/**
 * The saved addresses (SPEC §2 checkout, §3, §5; issue "Account basics"): up to
 * MAX_SAVED_ADDRESSES per user, US only, one of them the default — the first one saved, until
 * another is made the default; deleting the default makes the newest one left the default.
 * `api/set-shipping-address/` reads and writes the default, as it read and wrote the one
 * address before (decision 0048).
 */

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

function toSaved(row: ShippingAddressRow): SavedAddress {
  return { id: row.id, is_default: row.isDefault, ...toResponse(row) };
}

/** The validated body as columns; only the fields sent (a PATCH leaves the others). */
function valuesOf(body: Partial<ShippingAddressFields>): Partial<ShippingAddressValues> {
  const values: Partial<ShippingAddressValues> = {
    firstName: body.first_name,
    lastName: body.last_name,
    addressLine1: body.address_line1,
    addressLine2: body.address_line2,
    city: body.city,
    state: body.state,
    postalCode: body.postal_code,
    country: body.country,
    phoneNumber: body.phone_number,
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<ShippingAddressValues>;
}

const addressNotFound = () => notFound(SAVED_ADDRESS_MESSAGES.notFound);
const tooMany = () => conflict(SAVED_ADDRESS_MESSAGES.tooMany);

/** The account was deleted between the guard and the write: a dead session. */
function deadSession(error: unknown): never {
  if (pgError(error)?.code === FOREIGN_KEY_VIOLATION) {
    throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
  }
  throw error;
}

/** A path's address id; anything that cannot be one is an address the caller does not have. */
function addressIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw addressNotFound();
  return id;
}

// ---- api/set-shipping-address/: the default address ----

export async function getAddress(deps: AddressDeps, userId: number): Promise<ShippingAddress> {
  const row = await findAddress(deps.db, userId);
  if (!row) {
    throw new AppError(404, ADDRESS_MESSAGES.noAddress, { detail: ADDRESS_MESSAGES.noAddress });
  }
  return toResponse(row);
}

/** Replaces the default address's fields, or saves the first address as the default. */
export async function saveAddress(
  deps: AddressDeps,
  userId: number,
  body: ShippingAddressFields,
): Promise<ShippingAddress> {
  const values = valuesOf(body) as ShippingAddressValues;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const current = await findAddress(tx, userId);
      if (current) return (await updateAddress(tx, userId, current.id, values))!;
      if ((await countAddresses(tx, userId)) >= MAX_SAVED_ADDRESSES) throw tooMany();
      return insertAddress(tx, userId, true, values);
    });
    return toResponse(row);
  } catch (error) {
    deadSession(error);
  }
}

// ---- api/addresses/ ----

export async function getAddresses(deps: AddressDeps, userId: number): Promise<SavedAddress[]> {
  return (await listAddresses(deps.db, userId)).map(toSaved);
}

/** A new address; the default when it is the first, or when asked. */
export async function createAddress(
  deps: AddressDeps,
  userId: number,
  body: ShippingAddressFields & { is_default?: boolean | undefined },
): Promise<SavedAddress> {
  const values = valuesOf(body) as ShippingAddressValues;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const saved = await countAddresses(tx, userId);
      if (saved >= MAX_SAVED_ADDRESSES) throw tooMany();
      const first = saved === 0 || !(await findAddress(tx, userId));
      if (first) return insertAddress(tx, userId, true, values);
      const row = await insertAddress(tx, userId, false, values);
      return body.is_default ? (await makeDefault(tx, userId, row.id))! : row;
    });
    return toSaved(row);
  } catch (error) {
    deadSession(error);
  }
}

export async function editAddress(
  deps: AddressDeps,
  userId: number,
  rawId: string,
  body: Partial<ShippingAddressFields>,
): Promise<SavedAddress> {
  const id = addressIdOf(rawId);
  const values = valuesOf(body);
  const row =
    Object.keys(values).length === 0
      ? await findOwnAddress(deps.db, userId, id)
      : await updateAddress(deps.db, userId, id, values);
  if (!row) throw addressNotFound();
  return toSaved(row);
}

/** Deletes an address; when it was the default, the newest one left becomes the default. */
export async function removeAddress(
  deps: AddressDeps,
  userId: number,
  rawId: string,
): Promise<void> {
  const id = addressIdOf(rawId);
  await deps.db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const removed = await deleteAddress(tx, userId, id);
    if (!removed) throw addressNotFound();
    if (!removed.isDefault) return;
    const next = await newestAddress(tx, userId);
    if (next) await makeDefault(tx, userId, next.id);
  });
}

export async function setDefaultAddress(
  deps: AddressDeps,
  userId: number,
  rawId: string,
): Promise<SavedAddress> {
  const id = addressIdOf(rawId);
  const row = await deps.db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    // Checked first: another user's id must change nothing (not even clear the default).
    if (!(await findOwnAddress(tx, userId, id))) throw addressNotFound();
    return makeDefault(tx, userId, id);
  });
  if (!row) throw addressNotFound();
  return toSaved(row);
}
