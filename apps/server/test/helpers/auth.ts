import type { TokenPair } from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema/index';

/** Shared steps of the account tests: register a shopper and log them in through the API. */

let counter = 0;

export interface TestShopper {
  id: number;
  username: string;
  email: string;
  password: string;
}

export async function registerShopper(
  app: FastifyInstance,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    /** The caller's address, for tests that count calls per address (rate limits). */
    remoteAddress: string;
  }> = {},
): Promise<TestShopper> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const username = overrides.username ?? `shopper_${tag}`;
  const email = overrides.email ?? `shopper_${tag}@example.com`;
  const password = overrides.password ?? `pw-${tag}`;
  const res = await app.inject({
    method: 'POST',
    url: '/register/',
    ...(overrides.remoteAddress ? { remoteAddress: overrides.remoteAddress } : {}),
    payload: {
      fname: 'Fern',
      lname: 'Moss',
      username,
      email,
      password1: password,
      password2: password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  // The answer carries no id (it is the same for an e-mail that already has an account).
  const [row] = await app.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!row) throw new Error(`register answered 201 but made no account for ${email}`);
  return { id: row.id, username, email, password };
}

export async function loginShopper(
  app: FastifyInstance,
  shopper: Pick<TestShopper, 'username' | 'password'>,
): Promise<TokenPair> {
  const res = await app.inject({
    method: 'POST',
    url: '/token/',
    payload: { username: shopper.username, password: shopper.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

export interface SignedInShopper {
  shopper: TestShopper;
  tokens: TokenPair;
  /** The Authorization header of their access token. */
  headers: { authorization: string };
}

/** A new shopper, registered and logged in: who they are and the header to call as them. */
export async function signedInShopper(
  app: FastifyInstance,
  overrides: Parameters<typeof registerShopper>[1] = {},
): Promise<SignedInShopper> {
  const shopper = await registerShopper(app, overrides);
  const tokens = await loginShopper(app, shopper);
  return { shopper, tokens, headers: bearer(tokens.access) };
}
