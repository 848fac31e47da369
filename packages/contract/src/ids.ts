/**
 * Stored ids (DESIGN 2.2: integer ids). Zod-free, so the web app's route pages can use it
 * without shipping zod.
 */

/** Largest id a PostgreSQL integer column holds (2^31 − 1). */
export const MAX_STORED_ID = 2_147_483_647;

/** True for a number that can be a stored id (1 up to the largest integer column value). */
export function isStoredId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_STORED_ID;
}

/** An id written in decimal (a path or query part); anything that cannot be a stored id is null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return isStoredId(value) ? value : null;
}
