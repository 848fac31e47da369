import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_STORED_ID } from '@leafline/contract/ids';

/**
 * Password-reset links (DESIGN 2.4): `uid` = base64url(user id), `token` =
 * `<timestamp base 36>-<HMAC-SHA256(secret, id, password hash, timestamp)>`. Nothing is stored:
 * the token dies when the password hash changes (every hash has a fresh salt, so a used link
 * is dead even if the same password is chosen again) and after RESET_TOKEN_TTL_SECONDS.
 */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** Clock skew tolerated for a timestamp from the future (several app instances). */
const FUTURE_SKEW_SECONDS = 60;

export function encodeUid(userId: number): string {
  return Buffer.from(String(userId), 'utf8').toString('base64url');
}

/** The user id inside a uid, or null when it is not base64url of a positive integer. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  // Only the canonical spelling counts (no trailing bits, no padding variants).
  if (encodeUid(Number(text)) !== uid) return null;
  const id = Number(text);
  return id <= MAX_STORED_ID ? id : null;
}

function signature(userId: number, passwordHash: string, timestamp: number, secret: string) {
  return createHmac('sha256', secret)
    .update(`password-reset\u0000${userId}\u0000${passwordHash}\u0000${timestamp}`)
    .digest('base64url');
}

export function makeResetToken(
  userId: number,
  passwordHash: string,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): string {
  return `${nowSeconds.toString(36)}-${signature(userId, passwordHash, nowSeconds, secret)}`;
}

/** The parts of a token, or null when it cannot be one of ours. */
export function parseResetToken(token: string): { timestamp: number; mac: string } | null {
  const match = /^([0-9a-z]{1,9})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { timestamp: Number.parseInt(match[1]!, 36), mac: match[2]! };
}

export function checkResetToken(
  token: string,
  userId: number,
  passwordHash: string,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  const parsed = parseResetToken(token);
  if (!parsed) return false;
  const expected = Buffer.from(signature(userId, passwordHash, parsed.timestamp, secret));
  const given = Buffer.from(parsed.mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const age = nowSeconds - parsed.timestamp;
  return age <= RESET_TOKEN_TTL_SECONDS && age >= -FUTURE_SKEW_SECONDS;
}
