DROP INDEX "payouts_due_idx";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "next_attempt_at";