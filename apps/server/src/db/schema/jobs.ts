import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The effects a job's attempt committed with `JobContext.once` (decision 0039): the job's id,
 * written in the transaction of the effect (the mail jobs an order event fans out to). A later
 * attempt of the same job — its first attempt's completion lost with a worker that died after
 * the commit — finds it and commits nothing again. Deleted when the job completes.
 */
export const jobEffects = pgTable('job_effects', {
  jobId: uuid('job_id').primaryKey(),
  committedAt: timestamp('committed_at', { withTimezone: true }).notNull().defaultNow(),
});
