import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Texts of the operator calls' guard. */
export const OPS_MESSAGES = {
  notFound: 'Not found.',
  unauthorized: 'This call needs the operator token (Authorization: Bearer <OPS_TOKEN>).',
} as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `header` is `Bearer <token>`; compared in constant time. */
export function opsTokenMatches(token: string, header: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * The preHandler of every operator call (`/metrics`, `/ops/…`): without OPS_TOKEN configured
 * the call does not exist (404); otherwise a missing or wrong bearer token is a 401.
 */
export function requireOpsToken(config: Pick<Config, 'opsToken'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.opsToken) {
      return reply.status(404).send({ error: OPS_MESSAGES.notFound });
    }
    if (!opsTokenMatches(config.opsToken, request.headers.authorization)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="operations"')
        .send({ error: OPS_MESSAGES.unauthorized });
    }
  };
}
