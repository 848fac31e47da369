ALTER TABLE "businesses" ADD COLUMN "shopify_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shopify_variant_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopify_push_lease_until" timestamp with time zone;