/** An id from the address (path or query) that can name a stored row: 1 to 2^31 − 1. */
export function parseRouteId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
