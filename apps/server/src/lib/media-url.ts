/** Stored media keys are served under /media/; an outside address (Shopify) is kept. */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
  return `/media/${key}`;
}
