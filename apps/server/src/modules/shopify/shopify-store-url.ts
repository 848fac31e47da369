/**
 * A Shopify store's address as the owner may paste it — `name`, `name.myshopify.com`,
 * `https://name.myshopify.com/admin`, `https://admin.shopify.com/store/name`, any case, with
 * or without a trailing slash — as the one form stored and called: `name.myshopify.com`.
 * Anything else is null.
 */

/** Shopify's store handles: letters, digits and inner hyphens. */
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeShopifyStoreUrl(input: string): string | null {
  let rest = input.trim().toLowerCase();
  rest = rest.replace(/^https?:\/\//, '');
  rest = rest.replace(/\/+$/, '');
  const adminStore = /^admin\.shopify\.com\/store\/([^/?#]+)(?:[/?#].*)?$/.exec(rest);
  let host: string;
  if (adminStore) {
    host = adminStore[1]!;
  } else {
    const match = /^([^/?#]+)(?:\/admin(?:[/?#].*)?)?$/.exec(rest);
    if (!match) return null;
    host = match[1]!;
  }
  const handle = host.endsWith('.myshopify.com') ? host.slice(0, -'.myshopify.com'.length) : host;
  return HANDLE.test(handle) ? `${handle}.myshopify.com` : null;
}
