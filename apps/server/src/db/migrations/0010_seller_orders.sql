-- The seller's orders: their own notes (apart from the discount details in notes), the once-only
-- shipping e-mail, and the dashboard list's order (created_at desc, id desc) in its index.
DROP INDEX "orders_business_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_email_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id","created_at","id");