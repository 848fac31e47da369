import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The business chosen last time (DESIGN 2.18), or null. */
export function readRememberedBusiness(): number | null {
  const raw = readStorage(STORAGE_KEYS.dashboardBusiness);
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
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
  const urlId = fromUrl && /^\d{1,10}$/.test(fromUrl) ? Number(fromUrl) : null;
  if (urlId !== null && ownedIds.includes(urlId)) return urlId;
  if (remembered !== null && ownedIds.includes(remembered)) return remembered;
  return ownedIds[0] ?? null;
}
