ALTER TABLE "refunds" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seller_notes" text;