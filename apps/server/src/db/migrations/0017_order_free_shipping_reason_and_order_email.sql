ALTER TABLE "businesses" ADD COLUMN "order_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_free_reason" text;