import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema/index';

/** Drizzle reads of a brand's delivery policy (decision 0052); the businesses module writes it. */

export interface BrandPolicy {
  businessId: number;
  processingDays: number;
  returnsAccepted: boolean;
  returnsDays: number | null;
}

const policyFields = {
  businessId: businesses.id,
  processingDays: businesses.processingDays,
  returnsAccepted: businesses.returnsAccepted,
  returnsDays: businesses.returnsDays,
};

/** The policy of an open business; undefined when there is none (unknown or closed). */
export async function findOpenBrandPolicy(
  db: Db,
  businessId: number,
): Promise<BrandPolicy | undefined> {
  const [row] = await db
    .select(policyFields)
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.isActive, true)));
  return row;
}
