import type { FastifyInstance } from 'fastify';

/** Account calls of SPEC §7 — being built in this issue. */
export async function authRoutes(_app: FastifyInstance): Promise<void> {}
