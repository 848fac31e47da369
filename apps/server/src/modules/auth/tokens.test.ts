import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  checkResetToken,
  decodeUid,
  encodeUid,
  makeResetToken,
  parseResetToken,
  RESET_TOKEN_TTL_SECONDS,
} from './reset-token';
import { hashToken, signToken, verifyToken } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const OTHER = 'another-secret-that-is-long-enough-9876543210';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  it('signs an access token that verifies as access with its claims', async () => {
    const signed = await signToken(42, 'access', SECRET);
    const claims = await verifyToken(signed.token, 'access', SECRET);
    expect(claims).toMatchObject({ userId: 42, type: 'access', jti: signed.jti });
    const lifetime = signed.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it("carries the user's token version, read as 0 from a token issued before versions", async () => {
    const signed = await signToken(42, 'access', SECRET, new Date(), 3);
    expect(await verifyToken(signed.token, 'access', SECRET)).toMatchObject({ version: 3 });
    const iat = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('42')
      .setIssuer('leafline')
      .setJti('legacy')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyToken(legacy, 'access', SECRET)).toMatchObject({ userId: 42, version: 0 });
  });

  it('gives refresh tokens seven days and unique ids', async () => {
    const a = await signToken(1, 'refresh', SECRET);
    const b = await signToken(1, 'refresh', SECRET);
    expect(a.jti).not.toBe(b.jti);
    expect(a.token).not.toBe(b.token);
    const days = (a.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('keeps the two kinds apart', async () => {
    const refresh = await signToken(7, 'refresh', SECRET);
    const access = await signToken(7, 'access', SECRET);
    expect(await verifyToken(refresh.token, 'access', SECRET)).toBeNull();
    expect(await verifyToken(access.token, 'refresh', SECRET)).toBeNull();
  });

  it('refuses another secret, an expired token, alg none and garbage', async () => {
    const signed = await signToken(7, 'access', SECRET);
    expect(await verifyToken(signed.token, 'access', OTHER)).toBeNull();

    const old = await signToken(7, 'access', SECRET, new Date(Date.now() - 16 * 60 * 1000));
    expect(await verifyToken(old.token, 'access', SECRET)).toBeNull();

    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: '7', type: 'access', jti: 'x', iat: now, exp: now + 600 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, iss: 'leafline' })}.`;
    expect(await verifyToken(none, 'access', SECRET)).toBeNull();

    // Tampered payload under the original signature.
    const [header, , sig] = signed.token.split('.');
    const tampered = `${header}.${b64({ ...payload, sub: '1', iss: 'leafline' })}.${sig}`;
    expect(await verifyToken(tampered, 'access', SECRET)).toBeNull();

    for (const garbage of ['', 'abc', 'a.b.c', '...', 'x'.repeat(5000)]) {
      expect(await verifyToken(garbage, 'access', SECRET)).toBeNull();
    }
  });

  it('still refuses an access token once it expires, after it was accepted', async () => {
    const issued = new Date(Date.now() - 14 * 60 * 1000);
    const signed = await signToken(9, 'access', SECRET, issued);
    expect(await verifyToken(signed.token, 'access', SECRET)).toMatchObject({ userId: 9 });
    // Accepted again (remembered), but never with another secret.
    expect(await verifyToken(signed.token, 'access', SECRET)).toMatchObject({ userId: 9 });
    expect(await verifyToken(signed.token, 'access', OTHER)).toBeNull();
    vi.useFakeTimers({ now: signed.expiresAt.getTime() + 1000, toFake: ['Date'] });
    try {
      expect(await verifyToken(signed.token, 'access', SECRET)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a correctly signed token whose subject is not a user id', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const sub of ['abc', '0', '-1', '99999999999', '1.5']) {
      const token = await new SignJWT({ type: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('leafline')
        .setJti('j')
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode(SECRET));
      expect(await verifyToken(token, 'access', SECRET)).toBeNull();
    }
  });

  it('hashes refresh tokens with sha256 (hex)', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('password reset tokens', () => {
  const hash = 'scrypt$16384$8$1$salt$hash';

  it('round-trips the uid and refuses anything that is not base64url of an id', () => {
    expect(encodeUid(12)).toBe('MTI');
    expect(decodeUid('MTI')).toBe(12);
    for (const bad of ['', 'MTI=', '!!!', 'YWJj' /* "abc" */, 'MA' /* "0" */, 'LTE' /* "-1" */]) {
      expect(decodeUid(bad)).toBeNull();
    }
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
    expect(decodeUid(Buffer.from('2147483648').toString('base64url'))).toBeNull();
    expect(decodeUid('x'.repeat(100))).toBeNull();
  });

  it('accepts a fresh token for the same user and password hash only', () => {
    const token = makeResetToken(5, hash, SECRET);
    expect(parseResetToken(token)).not.toBeNull();
    expect(checkResetToken(token, 5, hash, SECRET)).toBe(true);
    expect(checkResetToken(token, 6, hash, SECRET)).toBe(false);
    expect(checkResetToken(token, 5, `${hash}x`, SECRET)).toBe(false);
    expect(checkResetToken(token, 5, hash, OTHER)).toBe(false);
  });

  it('expires after one hour and refuses timestamps from the future', () => {
    const now = 1_800_000_000;
    const token = makeResetToken(5, hash, SECRET, now);
    expect(checkResetToken(token, 5, hash, SECRET, now + RESET_TOKEN_TTL_SECONDS)).toBe(true);
    expect(checkResetToken(token, 5, hash, SECRET, now + RESET_TOKEN_TTL_SECONDS + 1)).toBe(false);
    expect(checkResetToken(token, 5, hash, SECRET, now - 3600)).toBe(false);
  });

  it('refuses garbage and tampered timestamps', () => {
    const now = 1_800_000_000;
    const token = makeResetToken(5, hash, SECRET, now);
    const [, mac] = token.split('-');
    const moved = `${(now + 10).toString(36)}-${mac}`;
    expect(checkResetToken(moved, 5, hash, SECRET, now + 10)).toBe(false);
    for (const garbage of ['', '-', 'abc', `${token}x`, token.toUpperCase(), 'zzzzzzzzzz-x']) {
      expect(checkResetToken(garbage, 5, hash, SECRET, now)).toBe(false);
    }
  });
});
