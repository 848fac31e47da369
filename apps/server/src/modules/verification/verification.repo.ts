import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, users, verificationRequests } from '../../db/schema/index';
import { markBusinessVerified } from '../businesses';

/** Drizzle queries of the Verified badge's requests (issue 29, point 10). */

export type VerificationRow = typeof verificationRequests.$inferSelect;

/** The business's badge and its latest request (undefined: no such business). */
export async function findVerification(
  db: Db,
  businessId: number,
): Promise<{ verified: boolean; request: VerificationRow | undefined } | undefined> {
  const [business] = await db
    .select({ verified: businesses.verified })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) return undefined;
  const [request] = await db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.businessId, businessId))
    .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
    .limit(1);
  return { verified: business.verified, request };
}

/** A new pending request; undefined when the business has one pending already. */
export async function insertRequest(
  tx: Db,
  values: {
    businessId: number;
    materials: string;
    packaging: string;
    certifications: string;
    document: string | null;
  },
): Promise<VerificationRow | undefined> {
  const [row] = await tx
    .insert(verificationRequests)
    .values(values)
    .onConflictDoNothing({
      target: verificationRequests.businessId,
      where: sql`status = 'pending'`,
    })
    .returning();
  return row;
}

/** The pending requests, oldest first, with their business's name (the operator's list). */
export async function listPending(db: Db) {
  return db
    .select({ request: verificationRequests, businessName: businesses.name })
    .from(verificationRequests)
    .innerJoin(businesses, eq(businesses.id, verificationRequests.businessId))
    .where(eq(verificationRequests.status, 'pending'))
    .orderBy(verificationRequests.createdAt, verificationRequests.id);
}

/**
 * Decides a pending request (once: a decided one is left as it is), and on approval marks the
 * business verified. Answers the request, its business's name and where its e-mail goes (the
 * new-order address, else the owner's account e-mail), or undefined when it was not pending.
 */
export async function decideRequest(
  tx: Db,
  requestId: number,
  decision: { status: 'approved' } | { status: 'declined'; reason: string },
) {
  const [row] = await tx
    .update(verificationRequests)
    .set({
      status: decision.status,
      reason: decision.status === 'declined' ? decision.reason : null,
      decidedAt: new Date(),
    })
    .where(and(eq(verificationRequests.id, requestId), eq(verificationRequests.status, 'pending')))
    .returning();
  if (!row) return undefined;
  if (decision.status === 'approved') await markBusinessVerified(tx, row.businessId);
  const [to] = await tx
    .select({
      name: businesses.name,
      email: sql<string | null>`coalesce(${businesses.orderEmail}, ${users.email})`,
    })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(businesses.id, row.businessId));
  return { row, businessName: to?.name ?? '', email: to?.email ?? null };
}

/** Whether a request of this id exists (to tell a decided one from an unknown one). */
export async function requestExists(db: Db, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: verificationRequests.id })
    .from(verificationRequests)
    .where(eq(verificationRequests.id, requestId));
  return row !== undefined;
}
