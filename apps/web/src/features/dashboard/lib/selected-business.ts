import { parseId } from '@leafline/contract/ids';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The business chosen last time (DESIGN 2.18), or null. */
export function readRememberedBusiness(): number | null {
  return parseId(readStorage(STORAGE_KEYS.dashboardBusiness));
}

export function rememberBusiness(id: number): void {
  writeStorage(STORAGE_KEYS.dashboardBusiness, String(id));
}

/**
 * Which of the owner's businesses to show: the one in the address when it is theirs, else the
 * remembered one when it is still theirs, else the first.
 */
export function chooseBusiness(
  ownedIds: readonly number[],
  fromUrl: string | null,
  remembered: number | null,
): number | null {
  const urlId = parseId(fromUrl);
  if (urlId !== null && ownedIds.includes(urlId)) return urlId;
  if (remembered !== null && ownedIds.includes(remembered)) return remembered;
  return ownedIds[0] ?? null;
}
