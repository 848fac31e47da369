import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { MAX_STORED_ID } from '@leafline/contract/ids';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens (DESIGN 2.4): a short-lived access JWT and a long-lived refresh JWT, both HS256
 * with the app's token secret. `type` keeps one from being used as the other.
 */
export type TokenType = 'access' | 'refresh';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const ISSUER = 'leafline';
const ALGORITHM = 'HS256';

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenClaims {
  userId: number;
  type: TokenType;
  jti: string;
  expiresAt: Date;
  /** The user's token version when it was issued (0 for tokens issued before versions). */
  version: number;
}

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
/** The HMAC key of `secret`, imported into WebCrypto once (not on every sign and verify). */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * Access tokens already verified, with their claims: a signature check answers the same for
 * the same token and secret, so an access token is checked once, not on each of the calls a
 * page makes with it. Its expiry is still checked on every use. Bounded: the oldest go first.
 */
const VERIFIED_ACCESS_MAX = 10_000;
const verifiedAccess = new Map<string, { secret: string; claims: TokenClaims }>();

function rememberAccess(token: string, secret: string, claims: TokenClaims): void {
  if (verifiedAccess.size >= VERIFIED_ACCESS_MAX) {
    const oldest = verifiedAccess.keys().next().value;
    if (oldest !== undefined) verifiedAccess.delete(oldest);
  }
  verifiedAccess.set(token, { secret, claims });
}

export async function signToken(
  userId: number,
  type: TokenType,
  secret: string,
  now: Date = new Date(),
  version = 0,
): Promise<SignedToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + (type === 'access' ? ACCESS_TOKEN_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS);
  const jti = randomUUID();
  const token = await new SignJWT({ type, ver: version })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await keyOf(secret));
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/**
 * The claims of a token that is well-formed, signed with our secret, not expired and of the
 * expected type; otherwise null (the caller decides the message — never an exception).
 */
export async function verifyToken(
  token: string,
  expected: TokenType,
  secret: string,
): Promise<TokenClaims | null> {
  if (token.length > 4096) return null;
  if (expected === 'access') {
    const known = verifiedAccess.get(token);
    if (known && known.secret === secret) {
      if (known.claims.expiresAt.getTime() > Date.now()) return known.claims;
      verifiedAccess.delete(token);
      return null;
    }
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    if (payload.type !== expected) return null;
    const sub = payload.sub ?? '';
    if (!/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > MAX_STORED_ID) return null;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    const version = payload.ver ?? 0;
    if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
    const claims: TokenClaims = {
      userId: Number(sub),
      type: expected,
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
      version: version as number,
    };
    if (expected === 'access') rememberAccess(token, secret, claims);
    return claims;
  } catch {
    return null;
  }
}

/** Refresh tokens are stored only as this digest, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
