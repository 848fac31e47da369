import { ACCOUNT_MESSAGES } from '@leafline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../lib/errors';
import { verifyToken } from './tokens';

/**
 * Bearer access-token authentication for any module (SPEC §6). Use as a route hook:
 *
 *   app.get('/x/', { onRequest: authenticate }, async (request) => {
 *     const { id } = requireUser(request);
 *   });
 *
 * It works in onRequest (preferred: a bad session answers 401 before the body is even read,
 * so the web app refreshes instead of showing a validation error), preValidation or preHandler.
 */
export interface AuthUser {
  id: number;
  /** When the access token that let the request in expires (long requests end then). */
  expiresAt?: Date;
  /** The token version the access token carries (a long request asks again with it). */
  version?: number;
}

// Kept beside the request rather than decorated onto it, so it works in every plugin scope.
const authenticated = new WeakMap<FastifyRequest, AuthUser>();

const tokenNotValid = () => new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);

export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.trim()) throw unauthorized(ACCOUNT_MESSAGES.credentialsNotProvided);
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer') {
    throw unauthorized(ACCOUNT_MESSAGES.credentialsNotProvided);
  }
  if (!token || rest.length > 0) throw tokenNotValid();
  const { config, db, activeUsers } = request.server.deps;
  const claims = await verifyToken(token, 'access', config.tokenSecret);
  if (!claims) throw tokenNotValid();
  // A deleted or deactivated account's tokens die with it, and a logout's or password reset's
  // with the token version they raised, not 15 minutes later.
  if (!(await activeUsers.isActive(db, claims.userId, claims.version))) throw tokenNotValid();
  authenticated.set(request, {
    id: claims.userId,
    expiresAt: claims.expiresAt,
    version: claims.version,
  });
}

/**
 * Whether the session that let `user` in still holds: the account active and at the token
 * version of its access token (a logout or password reset since then ends it). For requests
 * that outlive their start, such as the live-order stream.
 */
export function sessionHolds(request: FastifyRequest, user: AuthUser): Promise<boolean> {
  const { db, activeUsers } = request.server.deps;
  return activeUsers.isActive(db, user.id, user.version ?? 0);
}

/** The user `authenticate` let through; a 401 if the route forgot to authenticate. */
export function requireUser(request: FastifyRequest): AuthUser {
  const user = authenticated.get(request);
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.credentialsNotProvided);
  return user;
}

/** The OpenAPI note of an authenticated route. */
export const bearerSecurity = [{ bearer: [] as string[] }];
