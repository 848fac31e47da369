DROP INDEX "orders_buyer_search_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_search" text GENERATED ALWAYS AS (lower(user_full_name || ' ' || user_email)) STORED;--> statement-breakpoint
CREATE INDEX "orders_buyer_search_idx" ON "orders" USING gin ("buyer_search" gin_trgm_ops);