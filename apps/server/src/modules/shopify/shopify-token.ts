import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The Shopify Admin API token at rest (issue 13, decision 0017): AES-256-GCM under a key
 * derived with HKDF-SHA256 from the app's token secret, stored as
 * `v1:<iv b64url>:<tag b64url>:<ciphertext b64url>`. A fresh 12-byte IV per encryption; the
 * tag makes a changed or foreign value fail to decrypt instead of yielding garbage.
 */

const VERSION = 'v1';
/** Fixed: another purpose of the same secret gets another key. */
const HKDF_INFO = 'leafline shopify access token v1';
const HKDF_SALT = 'leafline';

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
}

export function encryptShopifyToken(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

export class ShopifyTokenError extends Error {}

/** The plain token back; throws ShopifyTokenError for anything not sealed with this secret. */
export function decryptShopifyToken(secret: string, stored: string): string {
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new ShopifyTokenError('The stored Shopify token is not in the v1 format.');
  }
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch {
    throw new ShopifyTokenError('The stored Shopify token could not be decrypted.');
  }
}
